/**
 * `npm run definitions -- <command>`: definition versions from a shell, through the same service as the staff API
 * (src/server/services/definition-versions). Every action is audited as `cli:<os user>` (or `--as <name>`).
 *
 * With PostgreSQL (DATABASE_URL) the command works on the database directly, beside running servers. With the
 * embedded PGlite database it opens DATA_DIR/pglite when no server holds it; when a server does (PGlite has no lock
 * of its own, see src/server/db/pglite-lock.ts), it goes through that server's API with `--server URL` and a token
 * of a staff user in DEFINITIONS_TOKEN, or refuses saying so.
 */
import type { ImpactReport } from '../src/server/services/definition-versions/impact';
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Checks, Draft, TreeDiff, Version, VersionList } from '../src/contracts/definition-versions';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/database';
import { PgliteLockedError } from '../src/server/db/pglite-lock';
import {
  DefinitionVersions,
  formatDiff,
  goldenDirFor,
  readTreeFromDisk,
  treeHashOf,
  type TreeFiles,
} from '../src/server/services/definition-versions/index';
import { definitionsPrefix, goldenPrefix, sha256, writeTree } from '../src/server/services/definition-versions/tree';

export const usage = `Usage: npm run definitions -- <command> [options]

Commands:
  list                          versions, newest first (* = published)
  diff <A> <B>                  what changed from version A to version B: rules, labels, options, prices, golden orders
  export <VERSION> <DIR>        write the version as files: DIR/definitions/... and DIR/tests/golden/... (JSON files
                                there that the version lacks are removed; demo-data is left alone)
  import <DIR> [--note <text>]  open a draft holding DIR/definitions and DIR/tests/golden (a folder DIR lacks is kept as
                                published) and print its checks
  publish <DRAFT> [--note ..]   publish a draft (only when its static checks and every golden order pass)
  rollback <VERSION> [--note ..]  publish an earlier version's content as a new version
  impact <DRAFT> [--days <N>]   replay the stored orders of the last N days (default 30) under the published version
                                and the draft: per form, orders whose price would change, that would become
                                incomplete, or whose posted body would differ (through --server: the server's job)

Options: --as <name> (who is recorded; default cli:<os user>), --json (print JSON),
         --server <url> (with DEFINITIONS_TOKEN: go through a running server's API)`;

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

const consoleIo: CliIo = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

type PublishResult =
  | { ok: true; version: Version; checks: Checks }
  | { ok: false; status: number; message: string; failingOrders?: string[] };
type DraftResult = { ok: true; draft: Draft; checks: Checks } | { ok: false; status: number; message: string };

/** What the commands need, from the database directly or from a server's API. */
export interface DefinitionsBackend {
  list(): Promise<VersionList>;
  diff(from: number, to: number): Promise<TreeDiff | undefined>;
  tree(version: number): Promise<TreeFiles | undefined>;
  importTree(tree: TreeFiles, note: string): Promise<DraftResult>;
  publish(draft: number, note: string): Promise<PublishResult>;
  rollback(version: number, note: string): Promise<PublishResult>;
  /** Impact analysis of a draft (undefined: no such draft): on the database, or as the server's job. */
  impact(
    draft: number,
    days: number,
    progress: (done: number, total: number) => void,
  ): Promise<ImpactReport | undefined>;
}

/** The service on a database (PostgreSQL, or PGlite no server holds). */
export function databaseBackend(db: Database, definitionsDir: string, actor: string): DefinitionsBackend {
  const versions = new DefinitionVersions({ definitionsDir, goldenDir: goldenDirFor(definitionsDir) }).attach(db);
  const publishResult = (outcome: Awaited<ReturnType<DefinitionVersions['publishDraft']>>): PublishResult => {
    if (outcome.kind === 'ok') return { ok: true, version: outcome.version, checks: outcome.checks };
    const status = { 'not-found': 404, closed: 409, conflict: 409, refused: 422 }[outcome.kind];
    return {
      ok: false,
      status,
      message: outcome.message,
      ...(outcome.kind === 'refused' ? { failingOrders: outcome.failingOrders } : {}),
    };
  };
  return {
    impact: (draft, days, progress) => versions.impactOfDraft(draft, days, progress),
    list: () => versions.listVersions(),
    diff: (from, to) => versions.diffVersions(from, to),
    tree: (version) => versions.versionTree(version),
    async importTree(tree, note) {
      const pointer = await versions.publishedPointer();
      if (!pointer)
        return {
          ok: false,
          status: 409,
          message: 'The database has no published definitions yet: start the server once',
        };
      const published = await versions.tree(pointer.treeHash);
      const changes = versions.changesFrom(published.manifest, tree.manifest);
      const outcome = await versions.openDraft(actor, note, changes, tree.contents);
      return outcome.kind === 'ok'
        ? { ok: true, draft: outcome.draft, checks: outcome.checks }
        : { ok: false, status: 400, message: outcome.message };
    },
    publish: async (draft, note) => publishResult(await versions.publishDraft(actor, draft, note)),
    rollback: async (version, note) => publishResult(await versions.rollback(actor, version, note)),
  };
}

/** A running server's API, with a staff token (the server records the token's user, not --as). */
export function apiBackend(baseUrl: string, token: string): DefinitionsBackend {
  const call = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(new URL(url, baseUrl), {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  };
  const fail = (answer: { status: number; body: Record<string, unknown> }) => ({
    ok: false as const,
    status: answer.status,
    message: String(answer.body.message ?? `HTTP ${answer.status}`),
    ...(Array.isArray(answer.body.failingOrders) ? { failingOrders: answer.body.failingOrders as string[] } : {}),
  });
  const must = <T>(answer: { status: number; body: unknown }) => {
    if (answer.status !== 200)
      throw new Error(`The server answered ${answer.status}: ${(answer.body as { message?: string }).message ?? ''}`);
    return answer.body as T;
  };
  const tree = async (version: number): Promise<TreeFiles | undefined> => {
    const answer = await call('GET', `/api/definition-versions/${version}`);
    if (answer.status === 404) return undefined;
    const { manifest } = must<{ manifest: Record<string, string> }>(answer);
    const contents = new Map<string, string>();
    for (const [treePath, hash] of Object.entries(manifest)) {
      if (contents.has(hash)) continue;
      contents.set(
        hash,
        must<{ content: string }>(
          await call('GET', `/api/definition-versions/${version}/file?path=${encodeURIComponent(treePath)}`),
        ).content,
      );
    }
    return { manifest, contents };
  };
  return {
    /** Starts the impact job on the server and polls its progress until it is done. */
    async impact(draft, days, progress) {
      const started = await call('POST', `/api/definition-drafts/${draft}/impact`, { days });
      if (started.status === 404) return undefined;
      if (started.status !== 202)
        throw new Error(`The server answered ${started.status}: ${String(started.body.message ?? '')}`);
      const runId = (started.body.run as { id: number }).id;
      for (;;) {
        const { run } = must<{
          run: { status: string; done: number; total: number; report: unknown; error: string | null };
        }>(await call('GET', `/api/definition-impact/${runId}`));
        progress(run.done, run.total);
        if (run.status === 'done') return run.report as ImpactReport;
        if (run.status === 'failed') throw new Error(`The impact analysis failed: ${run.error ?? ''}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    },
    list: async () => must<VersionList>(await call('GET', '/api/definition-versions')),
    async diff(from, to) {
      const answer = await call('GET', `/api/definition-versions/diff?from=${from}&to=${to}`);
      return answer.status === 404 ? undefined : must<TreeDiff>(answer);
    },
    tree,
    async importTree(wanted, note) {
      const list = must<VersionList>(await call('GET', '/api/definition-versions'));
      const published =
        list.published !== null ? await call('GET', `/api/definition-versions/${list.published}`) : undefined;
      const manifest = published ? must<{ manifest: Record<string, string> }>(published).manifest : {};
      const opened = await call('POST', '/api/definition-drafts', { note });
      if (opened.status !== 201) return fail(opened);
      let last = opened.body as { draft: Draft; checks: Checks };
      const id = last.draft.id;
      for (const treePath of [...new Set([...Object.keys(manifest), ...Object.keys(wanted.manifest)])].sort()) {
        const [from, to] = [manifest[treePath], wanted.manifest[treePath]];
        if (from === to) continue;
        const answer = to
          ? await call('PUT', `/api/definition-drafts/${id}/file`, {
              path: treePath,
              content: wanted.contents.get(to),
              baseHash: from ?? null,
            })
          : await call(
              'DELETE',
              `/api/definition-drafts/${id}/file?path=${encodeURIComponent(treePath)}&baseHash=${from}`,
            );
        if (answer.status !== 200) return fail(answer);
        last = answer.body as typeof last;
      }
      return { ok: true, draft: last.draft, checks: last.checks };
    },
    async publish(draft, note) {
      const answer = await call('POST', `/api/definition-drafts/${draft}/publish`, { note });
      return answer.status === 200
        ? { ok: true, ...(answer.body as { version: Version; checks: Checks }) }
        : fail(answer);
    },
    async rollback(version, note) {
      const answer = await call('POST', `/api/definition-versions/${version}/rollback`, { note });
      return answer.status === 200
        ? { ok: true, ...(answer.body as { version: Version; checks: Checks }) }
        : fail(answer);
    },
  };
}

function formatChecks(checks: Checks): string[] {
  const lines = [
    `static checks: ${checks.staticChecks.errors} error(s), ${checks.staticChecks.warnings} warning(s)`,
    ...checks.staticChecks.problems.slice(0, 20).map((p) => `  ${p.file} ${p.path}: ${p.reason} [${p.check}]`),
    `golden orders: ${checks.goldenOrders.passed} passed, ${checks.goldenOrders.failed} failed (${checks.tookMs} ms)`,
  ];
  for (const failure of checks.goldenOrders.failures.slice(0, 20)) {
    lines.push(
      `  FAIL ${failure.file}${failure.title ? ` ${failure.title}` : ''}`,
      ...failure.details.map((d) => `    ${d}`),
    );
  }
  lines.push(checks.ok ? 'ready to publish' : 'not publishable until these pass');
  return lines;
}

/** Reads DIR/definitions and DIR/tests/golden; a part DIR lacks is taken from `fallback` (the published tree). */
export function readImportTree(dir: string, fallback: TreeFiles): TreeFiles {
  const definitionsDir = path.join(dir, 'definitions');
  const goldenDir = path.join(dir, 'tests', 'golden');
  const read = readTreeFromDisk({ definitionsDir, goldenDir });
  const manifest = { ...read.manifest };
  const contents = new Map(read.contents);
  for (const [prefix, folder] of [
    [definitionsPrefix, definitionsDir],
    [goldenPrefix, goldenDir],
  ] as const) {
    if (existsSync(folder)) continue;
    for (const [treePath, hash] of Object.entries(fallback.manifest)) {
      if (!treePath.startsWith(prefix)) continue;
      manifest[treePath] = hash;
      contents.set(hash, fallback.contents.get(hash)!);
    }
  }
  return { manifest, contents };
}

/** JSON files under DIR/definitions (not demo-data) and DIR/tests/golden that the tree lacks, removed. */
async function removeStale(dir: string, tree: TreeFiles): Promise<number> {
  let removed = 0;
  const visit = async (folder: string, prefix: string, depth: number) => {
    if (!existsSync(folder)) return;
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!(prefix === definitionsPrefix && depth === 0 && entry.name === 'demo-data'))
          await visit(full, `${prefix}${entry.name}/`, depth + 1);
      } else if (entry.name.endsWith('.json') && !(`${prefix}${entry.name}` in tree.manifest)) {
        await rm(full);
        removed += 1;
      }
    }
  };
  await visit(path.join(dir, 'definitions'), definitionsPrefix, 0);
  await visit(path.join(dir, 'tests', 'golden'), goldenPrefix, 0);
  return removed;
}

const toId = (value: string | undefined) =>
  value !== undefined && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : undefined;

/** The impact report as text: per form the counts, then each changed order and its difference. */
export function formatImpact(report: ImpactReport): string[] {
  const lines = [`${report.orders} order(s) since ${report.since.slice(0, 10)} replayed in ${report.tookMs} ms`];
  for (const form of report.forms) {
    lines.push(
      `${form.form}: ${form.orders} order(s); price changes ${form.changedPrice}, become incomplete ${form.becameIncomplete}, body changes ${form.changedBody}${form.unknownForm ? `, form missing ${form.unknownForm}` : ''}`,
    );
    for (const order of form.changed.slice(0, 50)) {
      const parts = [
        order.price ? `price ${String(order.price.from)} → ${String(order.price.to)}` : '',
        order.incomplete
          ? `incomplete: ${order.incomplete.missing.concat(Object.values(order.incomplete.errors)).join(', ')}`
          : '',
        order.body ? `body: ${order.body.join(', ')}` : '',
      ].filter(Boolean);
      lines.push(`  ${order.fileName}: ${parts.join('; ')}`);
    }
    if (form.changed.length > 50) lines.push(`  ... ${form.changed.length - 50} more (--json lists all)`);
  }
  return lines;
}

/** Runs one command; returns the exit code (0 done, 1 refused or not found, 2 usage). */
export async function runDefinitionsCommand(
  backend: DefinitionsBackend,
  argv: string[],
  io: CliIo = consoleIo,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        note: { type: 'string' },
        as: { type: 'string' },
        server: { type: 'string' },
        json: { type: 'boolean', default: false },
        days: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, first, second] = positionals;
  const note = values.note ?? '';
  const print = (value: unknown, lines: () => string[]) =>
    io.out(values.json ? JSON.stringify(value, null, 2) : lines().join('\n'));
  const published = (result: PublishResult) => {
    if (!result.ok) {
      io.err(result.message);
      for (const order of result.failingOrders ?? []) io.err(`  FAIL ${order}`);
      return 1;
    }
    print(result, () => [
      `published version ${result.version.id} (${result.version.treeHash.slice(0, 12)}) by ${result.version.author}`,
    ]);
    return 0;
  };
  switch (command) {
    case 'list': {
      const list = await backend.list();
      print(list, () => [
        '   ID  SOURCE      AUTHOR            CREATED                   FILES  NOTE',
        ...list.versions.map(
          (v) =>
            `${v.isPublished ? '*' : ' '}${String(v.id).padStart(4)}  ${v.source.padEnd(10)}  ${v.author.slice(0, 16).padEnd(16)}  ${v.createdAt.padEnd(24)}  ${String(v.fileCount ?? '').padStart(5)}  ${v.note}`,
        ),
      ]);
      return 0;
    }
    case 'diff': {
      const [from, to] = [toId(first), toId(second)];
      if (from === undefined || to === undefined) return (io.err(`diff needs two version ids\n\n${usage}`), 2);
      const diff = await backend.diff(from, to);
      if (!diff) return (io.err(`No version ${from} or ${to}`), 1);
      print(diff, () => [`diff ${from} -> ${to}`, ...formatDiff(diff)]);
      return 0;
    }
    case 'export': {
      const version = toId(first);
      if (version === undefined || !second) return (io.err(`export needs a version id and a folder\n\n${usage}`), 2);
      const tree = await backend.tree(version);
      if (!tree) return (io.err(`No version ${version}`), 1);
      const dir = path.resolve(second);
      const removed = await removeStale(dir, tree);
      const written = await writeTree(dir, tree);
      print({ version, dir, written, removed, treeHash: treeHashOf(tree.manifest) }, () => [
        `version ${version}: ${written} file(s) written under ${dir}${removed ? `, ${removed} stale file(s) removed` : ''}`,
      ]);
      return 0;
    }
    case 'import': {
      if (!first) return (io.err(`import needs a folder\n\n${usage}`), 2);
      const dir = path.resolve(first);
      if (!existsSync(path.join(dir, 'definitions')) && !existsSync(path.join(dir, 'tests', 'golden')))
        return (io.err(`${dir} has neither definitions/ nor tests/golden/`), 2);
      const list = await backend.list();
      const fallback = list.published !== null ? await backend.tree(list.published) : undefined;
      const tree = readImportTree(dir, fallback ?? { manifest: {}, contents: new Map() });
      for (const [hash, content] of tree.contents)
        if (sha256(content) !== hash) throw new Error('content hash mismatch');
      const result = await backend.importTree(tree, note || `import of ${dir}`);
      if (!result.ok) return (io.err(result.message), 1);
      print(result, () => [
        `draft ${result.draft.id} on version ${result.draft.baseVersionId}: ${result.draft.changes.length} file(s) changed`,
        ...result.draft.changes.map((c) => `  ${c.hash === null ? '-' : c.baseHash === null ? '+' : '~'} ${c.path}`),
        ...formatChecks(result.checks),
      ]);
      return 0;
    }
    case 'publish': {
      const draft = toId(first);
      if (draft === undefined) return (io.err(`publish needs a draft id\n\n${usage}`), 2);
      return published(await backend.publish(draft, note));
    }
    case 'rollback': {
      const version = toId(first);
      if (version === undefined) return (io.err(`rollback needs a version id\n\n${usage}`), 2);
      return published(await backend.rollback(version, note));
    }
    case 'impact': {
      const draft = toId(first);
      const days = values.days === undefined ? 30 : toId(values.days);
      if (draft === undefined || days === undefined)
        return (io.err(`impact needs a draft id (and --days a whole number)\n\n${usage}`), 2);
      let last = 0;
      const report = await backend.impact(draft, days, (done, total) => {
        if (!values.json && (done - last >= 5000 || done === total)) {
          last = done;
          io.err(`  ${done}/${total} orders replayed`);
        }
      });
      if (!report) return (io.err(`No definitions draft ${draft}`), 1);
      print(report, () => formatImpact(report));
      return 0;
    }
    default:
      io.err(`Unknown command ${command ?? ''}\n\n${usage}`);
      return 2;
  }
}

export async function main(
  argv: string[] = process.argv.slice(2).filter((arg) => arg !== '--'),
  io: CliIo = consoleIo,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
    (argv.length ? io.out : io.err)(usage);
    return argv.length ? 0 : 2;
  }
  const config = loadConfig(env);
  const serverIndex = argv.indexOf('--server');
  const serverUrl = serverIndex >= 0 ? argv[serverIndex + 1] : undefined;
  const asIndex = argv.indexOf('--as');
  const actor = (asIndex >= 0 ? argv[asIndex + 1]?.trim() : '') || `cli:${os.userInfo().username}`;
  if (serverUrl) {
    const token = env.DEFINITIONS_TOKEN;
    if (!token)
      return (
        io.err(
          '--server needs DEFINITIONS_TOKEN: a bearer token of a staff user with the role definitions (publisher to publish)',
        ),
        2
      );
    return runDefinitionsCommand(apiBackend(serverUrl, token), argv, io);
  }
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
  } catch (error) {
    if (error instanceof PgliteLockedError) {
      io.err(
        `A server (process ${error.pid}) holds the embedded database ${error.dir}; PGlite has no lock of its own, so a second process would corrupt it. ` +
          `Go through that server's API instead: npm run definitions -- ${argv.join(' ')} --server http://localhost:${config.port} with DEFINITIONS_TOKEN set to a staff user's bearer token; or stop the server.`,
      );
      return 1;
    }
    throw error;
  }
  try {
    await database.migrate();
    return await runDefinitionsCommand(databaseBackend(database.db, config.definitionsDir, actor), argv, io);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: Error) => {
      process.stderr.write(`${error.message}\n`);
      process.exitCode = 1;
    },
  );
}
