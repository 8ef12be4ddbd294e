import { describe, expect, it } from 'vitest';
import { loadAllHistoryPages } from './order-history';

describe('loadAllHistoryPages', () => {
  it('fetches pages from 1 until an empty one, pausing 50 ms after each full page', async () => {
    const asked: number[] = [];
    const pauses: number[] = [];
    const seen: Array<[number, number]> = [];
    const rows = await loadAllHistoryPages({
      fetchPage: async (page) => {
        asked.push(page);
        return page <= 3 ? [{ fileName: `p${page}a` }, { fileName: `p${page}b` }] : [];
      },
      toRow: (raw) => String(raw.fileName),
      onPage: (pageRows, page) => seen.push([page, pageRows.length]),
      sleep: async (ms) => void pauses.push(ms),
    });
    expect(asked).toEqual([1, 2, 3, 4]);
    expect(pauses).toEqual([50, 50, 50]);
    expect(seen).toEqual([
      [1, 2],
      [2, 2],
      [3, 2],
    ]);
    expect(rows).toEqual(['p1a', 'p1b', 'p2a', 'p2b', 'p3a', 'p3b']);
  });

  it('passes a failed page on to the caller', async () => {
    await expect(
      loadAllHistoryPages({
        fetchPage: async () => Promise.reject(new Error('500')),
        toRow: (raw) => raw,
        onPage: () => undefined,
        sleep: async () => undefined,
      }),
    ).rejects.toThrow('500');
  });
});
