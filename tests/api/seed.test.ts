import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDemoData, seedDemoData } from '../../src/server/db/seed-demo-data';
import { apiDialects } from '../support/api-dialects';
import { startTestServer, type TestServer } from '../support/test-server';

const tables = ['dealers', 'users', 'locations', 'contacts', 'portal_notices', 'parts'];

describe.each(apiDialects())('demo seed ($dialect)', ({ dialect, skipReason }) => {
  if (skipReason) {
    it.skip(`PostgreSQL run skipped: ${skipReason}`, () => {});
    return;
  }
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { dialect });
  });
  afterAll(async () => server?.close());

  const countRows = async () => {
    const counts: Record<string, number> = {};
    for (const table of tables) {
      const result = await server.app.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
      counts[table] = (result.rows[0] as { n: number }).n;
    }
    return counts;
  };

  it('adds nothing and changes nothing when run again', async () => {
    const before = await countRows();
    const added = await seedDemoData(server.app.db, await readDemoData(path.resolve('definitions/demo-data')));
    expect(added).toEqual({ dealers: 0, users: 0, locations: 0, contacts: 0, parts: 0, catalogueParts: 0 });
    expect(await countRows()).toEqual(before);
    expect(await server.tokenFor('lakeside')).toEqual(expect.any(String));
  });

  it('holds the engineering and mail parts of spec 1 §7 with prices', async () => {
    const result = await server.app.db.execute(sql`select description, price::float8 as price from parts`);
    const prices = Object.fromEntries(
      (result.rows as { description: string; price: number }[]).map((r) => [r.description, r.price]),
    );
    for (const name of [
      'ENGINEERING DRAWINGS - SIGNED AND SEALED',
      'ENGINEERING - CALCULATION LETTER',
      'SITE SPECIFIC CALC',
      'SITE SPECIFIC REVISION',
      'ATTESTATION LETTER',
      'CUSTOM DESIGN SERVICE',
      'RENDERING FULL COLOR',
      'GROUND',
      '2ND DAY',
      'NEXT DAY',
    ]) {
      expect(prices[name], name).toBeGreaterThan(0);
    }
  });

  it('seeds the five demo accounts with hashed passwords, one dealer on hold and the employees flagged', async () => {
    const result = await server.app.db.execute(
      sql`select u.username, u.password_hash, u.is_employee, u.roles, d.on_hold from users u join dealers d on d.id = u.dealer_id order by u.id`,
    );
    const rows = result.rows as {
      username: string;
      password_hash: string;
      is_employee: boolean;
      roles: string[];
      on_hold: boolean;
    }[];
    expect(rows.map((r) => r.username)).toEqual([
      'lakeside',
      'summit',
      'harbor',
      'temo.employee',
      'temo.staff',
      'temo.product',
    ]);
    expect(rows.every((r) => r.password_hash.startsWith('scrypt$') && !r.password_hash.includes('demo1234'))).toBe(
      true,
    );
    expect(rows.find((r) => r.username === 'harbor')?.on_hold).toBe(true);
    expect(rows.filter((r) => r.is_employee).map((r) => r.username)).toEqual([
      'temo.employee',
      'temo.staff',
      'temo.product',
    ]);
    expect(rows.find((r) => r.username === 'temo.staff')?.roles).toEqual(
      expect.arrayContaining(['staff', 'definitions', 'publisher']),
    );
    expect(rows.find((r) => r.username === 'temo.product')?.roles).toEqual(['employee', 'definitions']);
  });
});
