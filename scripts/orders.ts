/**
 * `npm run orders -- <command>`: staff moves orders through their lifecycle from a shell, through the same service
 * as the staff API (POST /api/staff/orders/{fileName}/transition). Every move is recorded as `cli:<os user>`
 * (or `--as <name>`).
 *
 * With PostgreSQL (DATABASE_URL) it works on the database directly, beside running servers. With the embedded PGlite
 * database, when a server holds it (its record DATA_DIR/server.json names a live process), it goes through that
 * server's staff API with a token signed by the server's local key (user --user, default temo.staff; still recorded
 * as cli:<os user> or --as), or refuses saying why: two processes on one PGlite folder lose each other's writes.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/database';
import { orderStatuses, type OrderStatus } from '../src/server/db/schema';
import { isOrderStatus, type DefinitionForOrder } from '../src/server/services/order-lifecycle/lifecycle-rules';
import { storedPublishedDefinitionFor } from '../src/server/services/order-lifecycle/order-definition';
import { readLiveServerRecord } from '../src/server/services/server-record';
import type {
  StaffOrderView,
  TransitionOutcome,
  TransitionRequest,
} from '../src/server/services/order-lifecycle/transition-order';
import {
  databaseBackend,
  mintStaffToken,
  serverBackend,
  ServerRouteRefused,
  type OrdersBackend,
} from './lib/orders-backend';

export const usage = `Usage: npm run orders -- <command> [options]

Commands:
  list [--status <status>] [--dealer <id>] [--limit <n>]   orders, newest first (default 50)
  show <fileName>                                          one order with every move so far
  move <fileName> <to> [facts]                             one step: initial -> unprocessed -> processed -> confirmed -> shipped
      to processed:  --detailer <name> (required) [--emailed-on yyyy-mm-dd]
      to confirmed:  --sched-date yyyy-mm-dd (production date, required) [--confirmation yyyy-mm-dd (default today)]
      to shipped:    [--date-shipped yyyy-mm-dd (default today)] [--street <text> --city-state-zip <text>]
                     (the ship-to address defaults to the one in the order)
      any move:      [--note <text> (why, for the timeline)] [--from <status> (refused if the order has moved since)]
  email <fileName> [--on yyyy-mm-dd]                       record that a processed order's bill of materials was e-mailed

Options: --as <name> (who is recorded; default cli:<os user>), --json (print JSON),
         --user <staff user> (beside a server holding the embedded database: whose rights the command uses
         through its API; default temo.staff)
Statuses: ${orderStatuses.join(', ')}`;

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

const consoleIo: CliIo = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

/** One line: the drawing job's state, and on failure why (its last error) so staff can act. */
export function describeDrawings(job: NonNullable<StaffOrderView['drawings']>): string {
  const tries = `attempt ${job.attempts} of ${job.maxAttempts}`;
  if (job.status === 'failed')
    return `FAILED for good after ${tries} (${job.updatedAt}): ${job.lastError ?? 'no message'}`;
  if (job.status === 'done') return 'made';
  return `${job.status} (${tries}${job.lastError ? `, last error: ${job.lastError}` : ''})`;
}

function formatOrder(order: StaffOrderView): string {
  const facts: [string, string | null][] = [
    ['file name', order.fileName],
    ['dealer', String(order.dealerId)],
    ['form', order.formId],
    ['status', order.status],
    ['sent', order.createdAt],
    ['job name', order.jobName],
    ['folder', order.folderName],
    ['detailer', order.detailer],
    ['emailed on', order.emailedOn],
    ['confirmation', order.confirmation],
    ['production', order.schedDate],
    ['shipped', order.dateShipped],
    ['ship to', order.shipTo ? `${order.shipTo.streetAddress}, ${order.shipTo.cityStateZip}` : null],
  ];
  const lines = facts.filter(([, v]) => v).map(([k, v]) => `  ${k.padEnd(13)}${v}`);
  if (order.drawings) lines.push(`  ${'drawings'.padEnd(13)}${describeDrawings(order.drawings)}`);
  lines.push('  moves:');
  if (order.events.length === 0) lines.push('    (none)');
  for (const e of order.events) {
    const { note, ...facts } = e.details;
    lines.push(`    ${e.at}  ${e.from} -> ${e.to}  by ${e.actor}  ${JSON.stringify(facts)}`);
    if (typeof note === 'string') lines.push(`      note: ${note}`);
  }
  return lines.join('\n');
}

function report(io: CliIo, outcome: TransitionOutcome, asJson: boolean): number {
  switch (outcome.kind) {
    case 'moved':
      io.out(
        asJson
          ? JSON.stringify(outcome.order, null, 2)
          : `${outcome.order.fileName} is now ${outcome.order.status}\n${formatOrder(outcome.order)}`,
      );
      return 0;
    case 'not-found':
      io.err(outcome.message);
      return 1;
    case 'refused':
      io.err(`Refused: ${outcome.message}`);
      return 1;
    case 'invalid':
      io.err(`${outcome.message}:\n${outcome.reasons.map((r) => `  - ${r}`).join('\n')}`);
      return 2;
  }
}

const options = {
  status: { type: 'string' },
  dealer: { type: 'string' },
  limit: { type: 'string' },
  detailer: { type: 'string' },
  'emailed-on': { type: 'string' },
  confirmation: { type: 'string' },
  'sched-date': { type: 'string' },
  'date-shipped': { type: 'string' },
  street: { type: 'string' },
  'city-state-zip': { type: 'string' },
  note: { type: 'string' },
  from: { type: 'string' },
  on: { type: 'string' },
  as: { type: 'string' },
  user: { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** Who the command's moves are recorded as: --as, else cli:<os user>. */
function actorName(argv: string[]): string {
  const index = argv.indexOf('--as');
  const named = index >= 0 ? argv[index + 1]?.trim() : undefined;
  return named || `cli:${os.userInfo().username}`;
}

/** Runs one command against `db`; returns the exit code (0 done, 1 refused or not found, 2 usage or invalid facts). */
export async function runOrdersCommand(
  db: Database,
  argv: string[],
  io: CliIo = consoleIo,
  definitionFor: DefinitionForOrder<{ formId: string }> = storedPublishedDefinitionFor(db),
): Promise<number> {
  return runOrdersCommandWith(databaseBackend(db, { actor: actorName(argv) }, definitionFor), argv, io);
}

/** Runs one command on a backend (the database, or a server's API). */
export async function runOrdersCommandWith(backend: OrdersBackend, argv: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options,
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, fileName, to] = positionals;
  if (values.help || !command) {
    (values.help ? io.out : io.err)(usage);
    return values.help ? 0 : 2;
  }
  switch (command) {
    case 'list': {
      if (values.status !== undefined && !isOrderStatus(values.status)) {
        io.err(`--status must be one of ${orderStatuses.join(', ')}`);
        return 2;
      }
      const dealerId = values.dealer !== undefined ? Number(values.dealer) : undefined;
      const limit = values.limit !== undefined ? Number(values.limit) : 50;
      if (
        (dealerId !== undefined && !Number.isInteger(dealerId)) ||
        !Number.isInteger(limit) ||
        limit < 1 ||
        limit > 1000
      ) {
        io.err('--dealer must be a dealer id and --limit a number from 1 to 1000');
        return 2;
      }
      const rows = await backend.list({ status: values.status as OrderStatus | undefined, dealerId, limit });
      if (values.json)
        io.out(
          JSON.stringify(
            rows.map((row) => {
              const { data: _data, ...rest } = row as typeof row & { data?: unknown };
              return rest;
            }),
            null,
            2,
          ),
        );
      else {
        io.out(
          [
            'STATUS      FILE NAME                          DEALER                 JOB',
            ...rows.map(
              (r) =>
                `${r.status.padEnd(12)}${r.fileName.padEnd(35)}${r.dealerName.slice(0, 22).padEnd(23)}${r.jobName ?? ''}`,
            ),
          ].join('\n'),
        );
      }
      return 0;
    }
    case 'show': {
      if (!fileName) return (io.err(`show needs a file name\n\n${usage}`), 2);
      const order = await backend.show(fileName);
      if (!order) return (io.err(`No order named ${fileName}`), 1);
      io.out(values.json ? JSON.stringify(order, null, 2) : formatOrder(order));
      return 0;
    }
    case 'move': {
      if (!fileName || !to) return (io.err(`move needs a file name and a status\n\n${usage}`), 2);
      const request: TransitionRequest = {
        to: to as OrderStatus,
        detailer: values.detailer,
        emailedOn: values['emailed-on'],
        confirmation: values.confirmation,
        schedDate: values['sched-date'],
        dateShipped: values['date-shipped'],
        note: values.note,
        from: values.from as OrderStatus | undefined,
      };
      if (values.street !== undefined || values['city-state-zip'] !== undefined) {
        request.shipTo = { streetAddress: values.street ?? '', cityStateZip: values['city-state-zip'] ?? '' };
      }
      return report(io, await backend.move(fileName, request), values.json ?? false);
    }
    case 'email': {
      if (!fileName) return (io.err(`email needs a file name\n\n${usage}`), 2);
      return report(io, await backend.emailed(fileName, values.on), values.json ?? false);
    }
    default:
      io.err(`Unknown command '${command}'\n\n${usage}`);
      return 2;
  }
}

/**
 * Opens the configured database (DATABASE_URL or PGlite under DATA_DIR), runs the command, closes it; when a live
 * server holds the embedded database, goes through its staff API instead (or refuses, saying why).
 */
export async function main(argv: string[] = process.argv.slice(2), io: CliIo = consoleIo): Promise<number> {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
    (argv.length ? io.out : io.err)(usage);
    return argv.length ? 0 : 2;
  }
  const config = loadConfig();
  const server = config.databaseUrl ? undefined : await readLiveServerRecord(config.dataDir);
  if (server) {
    const userIndex = argv.indexOf('--user');
    const username = (userIndex >= 0 ? argv[userIndex + 1]?.trim() : undefined) || 'temo.staff';
    try {
      const token = await mintStaffToken(config.dataDir, server, username, actorName(argv));
      io.err(`(through the server at ${server.url}, process ${server.pid}, which holds the embedded database)`);
      return await runOrdersCommandWith(serverBackend(server.url, token, username), argv, io);
    } catch (error) {
      if (!(error instanceof ServerRouteRefused)) throw error;
      io.err(error.message);
      return 1;
    }
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    await database.migrate();
    return await runOrdersCommand(
      database.db,
      argv,
      io,
      storedPublishedDefinitionFor(database.db, config.definitionsDir),
    );
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`orders failed: ${(error as Error).stack ?? String(error)}\n`);
      process.exit(1);
    },
  );
}
