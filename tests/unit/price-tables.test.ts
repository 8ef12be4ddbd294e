import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPriceTable } from '../../src/engine/index';
import { loadAllDefinitions } from '../../src/server/definitions/index';

describe('check:definitions and the price tables of definitions/prices', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'dealer-portal-price-check-'));
    for (const folder of ['pergola', 'shared', 'prices'])
      await cp(path.resolve('definitions', folder), path.join(dir, folder), { recursive: true });
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('every table in the repository is a sound price table marked as demo data', () => {
    const { definitions, problems } = loadAllDefinitions('definitions');
    expect(problems.filter((p) => p.file.includes('prices'))).toEqual([]);
    const tables = Object.entries(definitions.get('pergola')!.bundle.data ?? {}).filter(([, value]) =>
      isPriceTable(value),
    );
    expect(tables.map(([name]) => name).sort()).toEqual([
      'pergola-fixed-attached',
      'pergola-fixed-free-standing',
      'pergola-motor-city',
      'pergola-operable-attached',
      'pergola-operable-free-standing',
    ]);
    for (const [, table] of tables)
      expect(table).toMatchObject({ isDemoData: true, description: expect.stringContaining('DEMO DATA') });
  });

  it('rejects a malformed table with its file, the JSON path and the reason (the form is not served)', async () => {
    const file = path.join(dir, 'prices', 'pergola', 'pergola-motor-city.json');
    const table = JSON.parse(await readFile(file, 'utf8')) as { prices: Record<string, unknown>; width: unknown };
    table.prices['12x16'] = '5,995';
    table.prices['13x16'] = 5995;
    await writeFile(file, JSON.stringify(table));
    const { definitions, problems } = loadAllDefinitions(dir);
    const relative = path.relative(process.cwd(), file);
    const where = relative.startsWith('..') ? file : relative;
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          file: where,
          path: '/prices/12x16',
          severity: 'error',
          reason: 'price table "pergola-motor-city": price must be a number of dollars, at least 0 (got "5,995")',
        }),
        expect.objectContaining({
          file: where,
          path: '/prices/13x16',
          reason:
            'price table "pergola-motor-city": length 13 is never looked up: lengths are rounded up to an even number',
        }),
      ]),
    );
    expect(definitions.has('pergola')).toBe(false);
  });
});
