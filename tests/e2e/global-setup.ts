import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const builtPage = path.join(root, 'dist/web/index.html');
// What the web build is made from: the app, the engine and definitions tree it imports, static files and the build config.
const buildInputs = [
  'src/web',
  'src/engine',
  'src/definition-tree',
  'public',
  'vite.config.ts',
  'package-lock.json',
].map((p) => path.join(root, p));

/** Makes sure Chromium is installed and dist/web is built from the current sources; nothing else. */
export default async function setup(): Promise<void> {
  if (!existsSync('/usr/bin/chromium')) {
    execFileSync('bash', [path.join(root, 'scripts/ensure-system-deps.sh')], { stdio: 'inherit' });
  }
  if (isBuildCurrent()) return;
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const env = { ...process.env, NODE_ENV: 'production' };
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env });
}

function isBuildCurrent(): boolean {
  if (!existsSync(builtPage)) return false;
  const builtAt = statSync(builtPage).mtimeMs;
  return buildInputs.every((input) => newestChange(input) < builtAt);
}

function newestChange(target: string): number {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  // A deleted file changes its folder's mtime, so folders count too.
  return readdirSync(target).reduce(
    (newest, entry) => Math.max(newest, newestChange(path.join(target, entry))),
    stats.mtimeMs,
  );
}
