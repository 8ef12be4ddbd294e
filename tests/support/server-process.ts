import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const serverEntry = path.resolve('src/server/server.ts');

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Everything the process wrote so far (stdout then stderr). */
  stdout(): string;
  stderr(): string;
  /** Null while it runs. */
  exit(): ServerExit | null;
  /** SIGTERM, then SIGKILL after 5 s; resolves when it has exited. */
  stop(): Promise<void>;
}

/**
 * Spawns `src/server/server.ts` in its own node process (tsx), or a built `entry` (dist/server/server.js) with node
 * alone, with only the given env on top of PATH and HOME.
 */
function spawnServer(
  env: Record<string, string>,
  entry?: string,
): {
  child: ChildProcess;
  out: string[];
  err: string[];
  exited: Promise<ServerExit>;
} {
  const args = entry ? ['--enable-source-maps', entry] : ['--import', 'tsx', serverEntry];
  const child = spawn(process.execPath, args, {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      HOST: '127.0.0.1',
      WEB_DIST: '/nonexistent-web-dist',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out: string[] = [];
  const err: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => out.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => err.push(chunk.toString()));
  const exited = new Promise<ServerExit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, out, err, exited };
}

/** Starts the real server as a child process on 127.0.0.1:`env.PORT` and waits until /api/healthz answers. */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
  entry?: string,
): Promise<ServerProcess> {
  const { child, out, err, exited } = spawnServer(env, entry);
  let exit: ServerExit | null = null;
  void exited.then((value) => (exit = value));
  const baseUrl = `http://127.0.0.1:${env.PORT}`;
  const process_: ServerProcess = {
    child,
    baseUrl,
    stdout: () => out.join(''),
    stderr: () => err.join(''),
    exit: () => exit,
    async stop() {
      if (exit) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exit)
      throw new Error(
        `The server exited before answering (${JSON.stringify(exit)}): ${process_.stderr() || process_.stdout()}`,
      );
    try {
      await fetch(`${baseUrl}/api/healthz`);
      return process_;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  await process_.stop();
  throw new Error(`The server did not answer within ${timeoutMs} ms: ${process_.stderr()}`);
}

/** Runs the server with a setting that must stop it, and returns how it ended and what it wrote. */
export async function runServerUntilExit(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ServerExit & { stdout: string; stderr: string }> {
  const { child, out, err, exited } = spawnServer(env);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const exit = await exited;
  clearTimeout(timer);
  return { ...exit, stdout: out.join(''), stderr: err.join('') };
}
