/**
 * Where `npm run orders` does its work: on the database directly (PostgreSQL, or PGlite no server holds), or through
 * a running server's staff API (the server holds the embedded database), with a local token its own key signs.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { importJWK, SignJWT, type CryptoKey, type JWK } from 'jose';
import type { StaffOrder, StaffOrdersAnswer, TransitionBody } from '../../src/contracts/staff';
import type { Database } from '../../src/server/db/database';
import type { OrderStatus } from '../../src/server/db/schema';
import type { Actor } from '../../src/server/repositories/order-events-repository';
import { listOrdersForStaff } from '../../src/server/repositories/order-lifecycle-repository';
import type { ServerRecord } from '../../src/server/services/server-record';
import type { DefinitionForOrder } from '../../src/server/services/order-lifecycle/lifecycle-rules';
import {
  describeOrder,
  recordOrderEmailed,
  transitionOrder,
  type TransitionOutcome,
} from '../../src/server/services/order-lifecycle/transition-order';

export interface ListedOrder {
  status: OrderStatus;
  fileName: string;
  dealerName: string;
  jobName: string | null;
}

export interface OrdersBackend {
  list(filter: { status?: OrderStatus; dealerId?: number; limit: number }): Promise<ListedOrder[]>;
  show(fileName: string): Promise<StaffOrder | undefined>;
  move(fileName: string, request: TransitionBody): Promise<TransitionOutcome>;
  emailed(fileName: string, on: string | undefined): Promise<TransitionOutcome>;
}

/** The service on a database. */
export function databaseBackend(
  db: Database,
  actor: Actor,
  definitionFor: DefinitionForOrder<{ formId: string }>,
): OrdersBackend {
  return {
    list: (filter) => listOrdersForStaff(db, filter),
    show: (fileName) => describeOrder(db, fileName),
    move: (fileName, request) => transitionOrder(db, fileName, request, actor, definitionFor),
    emailed: (fileName, on) => recordOrderEmailed(db, fileName, on, actor),
  };
}

/** Why the command cannot go through the server: said to the user as is. */
export class ServerRouteRefused extends Error {}

/**
 * A bearer token for `username` signed with the server's local key (DATA_DIR/keys, as its sign-in does), naming
 * `actor` as who the moves are recorded as. Only a server in local sign-in mode accepts it.
 */
export async function mintStaffToken(
  dataDir: string,
  record: ServerRecord,
  username: string,
  actor: string,
): Promise<string> {
  if (record.authMode !== 'local')
    throw new ServerRouteRefused(
      `The server (process ${record.pid}, ${record.url}) holding the embedded database signs users in through OIDC, so this command cannot act through its API. Stop the server to work on the database directly, or run the portal on PostgreSQL (DATABASE_URL), where the command works beside it.`,
    );
  let jwk: JWK;
  try {
    jwk = JSON.parse(await readFile(path.join(dataDir, 'keys', 'local-signing-key.jwk.json'), 'utf8')) as JWK;
  } catch (error) {
    throw new ServerRouteRefused(
      `The server (process ${record.pid}) holds the embedded database, but its signing key in ${dataDir}/keys cannot be read (${(error as Error).message}): run the command as the user the server runs as, or stop the server.`,
    );
  }
  const key = (await importJWK(jwk, 'RS256')) as CryptoKey;
  return new SignJWT({ preferred_username: username, portal_actor: actor })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'JWT' })
    .setSubject(`local:${username}`)
    .setIssuer(record.issuer)
    .setAudience(record.audience)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key);
}

interface Answer {
  status: number;
  body: { message?: string; reasons?: string[] } & Record<string, unknown>;
}

/** The server's staff API with the token. */
export function serverBackend(baseUrl: string, token: string, username: string): OrdersBackend {
  const call = async (method: string, route: string, body?: unknown): Promise<Answer> => {
    let response: Response;
    try {
      response = await fetch(new URL(route, baseUrl), {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new ServerRouteRefused(
        `The server at ${baseUrl} holds the embedded database but did not answer (${(error as Error).message}); check with npm run orders -- show before trying again.`,
      );
    }
    const text = await response.text();
    let parsed: Answer['body'] = {};
    try {
      parsed = text ? (JSON.parse(text) as Answer['body']) : {};
    } catch {
      parsed = { message: text.slice(0, 300) };
    }
    if (response.status === 401)
      throw new ServerRouteRefused(
        `The server refused the command's token (${parsed.message ?? 401}): is ${username} one of its users? Name a staff user with --user.`,
      );
    if (response.status === 403)
      throw new ServerRouteRefused(`${username} is not TEMO staff on the server: name a staff user with --user.`);
    if (response.status >= 500)
      throw new ServerRouteRefused(
        `The server answered ${response.status}: ${parsed.message ?? ''}; nothing may have changed.`,
      );
    return { status: response.status, body: parsed };
  };
  const outcome = (answer: Answer): TransitionOutcome => {
    const message = answer.body.message ?? `answer ${answer.status}`;
    if (answer.status === 200) return { kind: 'moved', order: answer.body as unknown as StaffOrder };
    if (answer.status === 404) return { kind: 'not-found', message };
    if (answer.status === 409) return { kind: 'refused', message };
    return { kind: 'invalid', message, reasons: answer.body.reasons ?? [] };
  };
  const orderPath = (fileName: string) => `/api/staff/orders/${encodeURIComponent(fileName)}`;
  return {
    async list(filter) {
      const query = new URLSearchParams({ limit: String(filter.limit) });
      if (filter.status) query.set('status', filter.status);
      if (filter.dealerId !== undefined) query.set('dealerId', String(filter.dealerId));
      const answer = await call('GET', `/api/staff/orders?${query}`);
      if (answer.status !== 200) throw new ServerRouteRefused(answer.body.message ?? `answer ${answer.status}`);
      return (answer.body as unknown as StaffOrdersAnswer).orders;
    },
    async show(fileName) {
      const answer = await call('GET', orderPath(fileName));
      if (answer.status === 404) return undefined;
      if (answer.status !== 200) throw new ServerRouteRefused(answer.body.message ?? `answer ${answer.status}`);
      return answer.body as unknown as StaffOrder;
    },
    move: async (fileName, request) =>
      outcome(
        await call(
          'POST',
          `${orderPath(fileName)}/transition`,
          // Only the facts given: the route refuses fields it does not know, and undefined ones are not sent.
          Object.fromEntries(Object.entries(request).filter(([, value]) => value !== undefined)),
        ),
      ),
    emailed: async (fileName, on) =>
      outcome(await call('POST', `${orderPath(fileName)}/emailed`, on === undefined ? {} : { emailedOn: on })),
  };
}
