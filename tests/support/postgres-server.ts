import { execFile, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export interface PostgresServer {
  /** URL of the `postgres` database as superuser; `urlFor(db)` for another database. */
  adminUrl: string;
  urlFor(database: string): string;
  /** Stops the server but keeps its files (`fast`: clients told; `immediate`: no shutdown checkpoint, crash recovery on start). */
  halt(mode: 'fast' | 'immediate'): Promise<void>;
  /** Starts a halted server again on the same port and files. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/** Folder holding initdb, pg_ctl and postgres, or undefined when PostgreSQL is not installed. */
export function findPostgresBinaries(): string | undefined {
  const fromEnv = process.env.PG_BIN_DIR;
  if (fromEnv && existsSync(path.join(fromEnv, 'pg_ctl'))) return fromEnv;
  const debianRoot = '/usr/lib/postgresql';
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot).sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const bin = path.join(debianRoot, version, 'bin');
      if (existsSync(path.join(bin, 'pg_ctl')) && existsSync(path.join(bin, 'initdb'))) return bin;
    }
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, 'pg_ctl')) && existsSync(path.join(dir, 'initdb'))) return dir;
  }
  return undefined;
}

/** A loopback port nothing listens on right now. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const isRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL binary, as the `postgres` user when we are root (postgres refuses to run as root). */
async function runAsPostgres(binary: string, args: string[]): Promise<string> {
  const [command, fullArgs] = isRoot ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
  try {
    const { stdout } = await run(command, fullArgs, { timeout: 60_000 });
    return stdout;
  } catch (error) {
    const e = error as { stderr?: string; message: string };
    throw new Error(`${path.basename(binary)} failed: ${e.stderr || e.message}`, { cause: error });
  }
}

/**
 * Starts a throw-away PostgreSQL server: initdb into a temp folder of its own, pg_ctl on a free loopback port,
 * trust auth for local connections only. `stop()` shuts it down and deletes the folder.
 */
export async function startPostgresServer(binDir: string): Promise<PostgresServer> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'dealer-portal-pg-'));
  const dataDir = path.join(root, 'data');
  if (isRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(root, Number(stdout.trim()), Number(gid.trim()));
  }
  const port = await findFreePort();
  await runAsPostgres(path.join(binDir, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
    '--locale=C',
  ]);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${root} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const start = () =>
    runAsPostgres(path.join(binDir, 'pg_ctl'), [
      '-D',
      dataDir,
      '-o',
      options,
      '-l',
      path.join(root, 'server.log'),
      '-w',
      '-t',
      '60',
      'start',
    ]);
  await start();
  const urlFor = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let isStopped = false;
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    async halt(mode) {
      await runAsPostgres(path.join(binDir, 'pg_ctl'), ['-D', dataDir, '-m', mode, '-w', 'stop']);
    },
    async resume() {
      await start();
    },
    async stop() {
      if (isStopped) return;
      isStopped = true;
      await runAsPostgres(path.join(binDir, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']).catch(() => {
        // pg_ctl failed: kill the postmaster by the pid it wrote, so no server outlives the tests.
        spawn('sh', ['-c', `kill -9 $(head -1 ${path.join(dataDir, 'postmaster.pid')})`], { stdio: 'ignore' });
      });
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** Runs one SQL statement on the given server URL with a short-lived client. */
export async function runSql(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
