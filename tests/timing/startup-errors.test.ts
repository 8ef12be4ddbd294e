import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database';
import { describeStartupError } from '../../src/server/startup-errors';
import { findFreePort, runSql } from '../support/postgres-server';
import { runServerUntilExit } from '../support/server-process';
import { postgresEnvVars } from '../support/test-server';

// Issue 10 point 7: every likely start-up failure ends the process with one line naming the cause and what to do.
describe('start-up failures say what to do in one line', () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'dealer-portal-startup-'));
  });
  afterAll(async () => rm(scratch, { recursive: true, force: true }));

  async function dataDir(name: string): Promise<string> {
    const dir = path.join(scratch, name);
    await mkdir(dir, { recursive: true });
    return dir;
  }

  /** Runs the server and returns its single stderr line (asserting there is one, without a stack or [object Object]). */
  async function startFailing(env: Record<string, string>): Promise<{ line: string; stdout: string }> {
    const result = await runServerUntilExit({ PORT: String(await findFreePort()), ...env });
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines, result.stderr).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatch(/^The server could not start: /);
    expect(line).not.toContain('[object Object]');
    expect(line).not.toMatch(/\n\s+at |\(\/.*:\d+:\d+\)/);
    return { line, stdout: result.stdout };
  }

  it('a PostgreSQL server that is not there', async () => {
    const port = await findFreePort();
    const { line } = await startFailing({
      DATA_DIR: await dataDir('unreachable'),
      DATABASE_URL: `postgres://portal:secret@127.0.0.1:${port}/portal`,
    });
    expect(line).toContain(
      `PostgreSQL server 127.0.0.1:${port}/portal (DATABASE_URL) cannot be reached (ECONNREFUSED)`,
    );
    expect(line).toContain('Start PostgreSQL or correct DATABASE_URL');
    expect(line).not.toContain('secret');
  }, 60_000);

  it('a DATABASE_URL that is not a PostgreSQL URL', async () => {
    const { line } = await startFailing({
      DATA_DIR: await dataDir('bad-url'),
      DATABASE_URL: 'mysql://portal@db.example/portal',
    });
    expect(line).toContain('DATABASE_URL must be a postgres:// or postgresql:// URL');
    expect(line).toContain('Correct these environment variables');
    const { line: notUrl } = await startFailing({ DATA_DIR: await dataDir('not-url'), DATABASE_URL: 'localhost:5432' });
    expect(notUrl).toMatch(/DATABASE_URL must be (an absolute URL|a postgres:\/\/ or postgresql:\/\/ URL)/);
  }, 60_000);

  // Listening comes after the database: a seeded copy of the test PostgreSQL template, so no first-start seed runs.
  it.skipIf(!process.env[postgresEnvVars.adminUrl])(
    'a port that is in use',
    async () => {
      const adminUrl = process.env[postgresEnvVars.adminUrl]!;
      const name = `portal_port_${process.pid}`;
      await runSql(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${process.env[postgresEnvVars.template]}`);
      const databaseUrl = new URL(adminUrl);
      databaseUrl.pathname = `/${name}`;
      const blocker = net.createServer();
      const port = await findFreePort();
      await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
      try {
        const { line } = await startFailing({
          DATA_DIR: await dataDir('port'),
          PORT: String(port),
          DATABASE_URL: databaseUrl.toString(),
        });
        expect(line).toContain(`port ${port} on 127.0.0.1 is already in use`);
        expect(line).toContain('set PORT to a free port');
      } finally {
        blocker.close();
        await runSql(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    },
    120_000,
  );

  it('a broken form definition', async () => {
    const definitions = await dataDir('definitions');
    await mkdir(path.join(definitions, 'pergola'), { recursive: true });
    await writeFile(path.join(definitions, 'pergola', 'rules.json'), '{ "rules": [ oops');
    const { line } = await startFailing({ DATA_DIR: await dataDir('definitions-data'), DEFINITIONS_DIR: definitions });
    expect(line).toMatch(/problem\(s\) in the form definitions, the first: pergola/);
    expect(line).toContain('npm run check:definitions');
  }, 60_000);

  it('a DATA_DIR that cannot be written', async () => {
    const file = path.join(scratch, 'a-file');
    await writeFile(file, 'not a folder');
    const { line } = await startFailing({ DATA_DIR: path.join(file, 'data') });
    expect(line).toContain(`DATA_DIR ${path.join(file, 'data')} is not writable (ENOTDIR`);
    expect(line).toContain('set DATA_DIR to a folder it can write');
  }, 60_000);

  // Issue 43 point 5: a failed migration or seed step is named, with the database's reason and what to do.
  it('a migration that fails: the migration named, nothing changed, what to do', async () => {
    const dir = await dataDir('migration');
    const holder = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
    try {
      await holder.db.execute(sql`create table dealers (name text)`); // the first migration creates it
    } finally {
      await holder.close();
    }
    const { line } = await startFailing({ DATA_DIR: dir });
    expect(line).toContain('the migration 0000_init failed: relation "dealers" already exists (SQLSTATE 42P07)');
    expect(line).toContain('Nothing was changed (the migrations run in one transaction)');
    expect(line).toContain(`delete that folder and start again`);
    expect(line).toContain(path.join(dir, 'pglite'));
    expect(line).not.toContain('Failed query');
    expect(line).not.toContain('LOG_LEVEL');
  }, 60_000);

  it('a demo seed step that fails: the step named, the reason, what to do', async () => {
    const definitions = path.join(scratch, 'definitions-bad-seed');
    await cp(path.resolve('definitions'), definitions, { recursive: true });
    const usersFile = path.join(definitions, 'demo-data', 'users.json');
    const demoUsers = JSON.parse(await readFile(usersFile, 'utf8')) as { users: { dealerId: number }[] };
    demoUsers.users[0].dealerId = 9999; // no such dealer: the first seed transaction breaks a foreign key
    await writeFile(usersFile, JSON.stringify(demoUsers));
    const dir = await dataDir('bad-seed');
    const { line } = await startFailing({ DATA_DIR: dir, DEFINITIONS_DIR: definitions });
    expect(line).toContain(
      'the demo seed\'s step "dealers, users, locations, contacts and parts" failed: insert or update on table "users" violates foreign key constraint',
    );
    expect(line).toContain('(SQLSTATE 23503)');
    expect(line).toContain(
      `If the same step fails again, delete the data folder ${path.join(dir, 'pglite')} (it holds only the unfinished demo seed) and start again.`,
    );
    expect(line).not.toContain('Failed query');
    expect(line).not.toContain('LOG_LEVEL');
  }, 60_000);

  it.skipIf(!process.env[postgresEnvVars.adminUrl])(
    'a PostgreSQL user that may not create tables: the user named and what to do',
    async () => {
      const adminUrl = process.env[postgresEnvVars.adminUrl]!;
      const name = `portal_rights_${process.pid}`;
      const role = `portal_reader_${process.pid}`;
      await runSql(adminUrl, `CREATE DATABASE ${name}`);
      await runSql(adminUrl, `CREATE ROLE ${role} LOGIN PASSWORD 'secret'`);
      const databaseUrl = new URL(adminUrl);
      databaseUrl.pathname = `/${name}`;
      databaseUrl.username = role;
      databaseUrl.password = 'secret';
      try {
        const { line } = await startFailing({
          DATA_DIR: await dataDir('rights'),
          DATABASE_URL: databaseUrl.toString(),
        });
        expect(line).toMatch(/^The server could not start: the migrations failed: the PostgreSQL server /);
        expect(line).toContain(`refused the user ${role}: permission denied`);
        expect(line).toContain('(SQLSTATE 42501)');
        expect(line).toContain("Connect as the database's owner in DATABASE_URL");
        expect(line).not.toContain('secret');
      } finally {
        await runSql(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await runSql(adminUrl, `DROP ROLE IF EXISTS ${role}`);
      }
    },
    60_000,
  );

  it("a plugin that outruns Fastify's plugin timeout is named, with no hint that adds nothing", async () => {
    const app = Fastify({ pluginTimeout: 50 });
    const slow = fp(async () => new Promise((resolve) => setTimeout(resolve, 500)), { name: 'slow-part' });
    const error: unknown = await (async () => {
      await app.register(slow);
      await app.ready();
    })().catch((failure: unknown) => failure);
    await app.close().catch(() => {});
    const line = describeStartupError(error);
    expect(line).toContain(`the server's part "slow-part" did not finish starting within Fastify's plugin timeout`);
    expect(line).not.toContain('LOG_LEVEL');
  });

  it('PGlite files held by another process, with the detail logged at debug level', async () => {
    const dir = await dataDir('locked');
    let holder: DatabaseHandle | undefined;
    try {
      holder = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
      const { line, stdout } = await startFailing({ DATA_DIR: dir, LOG_LEVEL: 'debug' });
      expect(line).toContain(
        `the database folder ${path.join(dir, 'pglite')} is in use by another server (process ${process.pid})`,
      );
      expect(line).toContain('Stop that process, or set DATA_DIR to another folder');
      const detail = stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { level: number; msg: string; err?: { stack?: string } })
        .find((l) => l.msg === 'start-up failed');
      expect(detail?.level).toBe(20);
      expect(detail?.err?.stack).toContain('PgliteLockedError');
    } finally {
      await holder?.close();
    }
  }, 60_000);
});
