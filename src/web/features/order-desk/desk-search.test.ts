import { describe, expect, it } from 'vitest';
import { defaultSort, ordersQueryString, readDeskSearch, toOrdersQuery, writeDeskSearch } from './desk-search';

describe('the desk in the address', () => {
  it('reads filters and sort from a shared link and writes them back the same', () => {
    const link =
      'dealerId=1002&status=unprocessed&formId=pergola&from=2026-11-01&to=2026-11-30&q=smith&sort=dealerName&dir=asc';
    const search = readDeskSearch(new URLSearchParams(link));
    expect(search).toEqual({
      filters: {
        dealerId: 1002,
        status: 'unprocessed',
        formId: 'pergola',
        from: '2026-11-01',
        to: '2026-11-30',
        q: 'smith',
      },
      sort: { sort: 'dealerName', dir: 'asc' },
    });
    expect(writeDeskSearch(search).toString()).toBe(link);
  });

  it('drops what does not read (a made-up state, a 31st of February, an unknown sort) and keeps the rest', () => {
    const search = readDeskSearch(new URLSearchParams('status=lost&from=2026-02-31&dealerId=-4&sort=price&q=%20x%20'));
    expect(search).toEqual({ filters: { q: 'x' }, sort: defaultSort });
  });

  it('leaves the default sort out of the link, and asks the server for one page', () => {
    expect(writeDeskSearch({ filters: { status: 'processed' }, sort: defaultSort }).toString()).toBe(
      'status=processed',
    );
    const query = toOrdersQuery({ filters: { dealerId: 7 }, sort: defaultSort }, 200, 100);
    expect(ordersQueryString(query)).toBe('dealerId=7&sort=createdAt&dir=desc&offset=200&limit=100');
  });
});
