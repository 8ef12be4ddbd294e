/** GET /api/healthz (liveness) and GET /api/readyz (readiness), both public. */
import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from './schema-helpers';

const part = <const T extends readonly string[]>(statuses: T) =>
  Type.Object({
    status: StringEnum(statuses),
    dialect: Type.Optional(Type.String()),
    kind: Type.Optional(Type.String()),
    freeBytes: Type.Optional(Type.Number()),
    /** A short reason with an error code, never an address or a path. */
    problem: Type.Optional(Type.String()),
  });

/**
 * Liveness: 200 whenever the process answers, also while PostgreSQL or the storage is away (restarting the server
 * would not bring them back) and while it drains on SIGTERM.
 */
export const LivenessAnswer = Type.Object(
  {
    status: StringEnum(['ok'] as const),
    /** True once SIGTERM arrived: the server finishes what it runs and stops. */
    isShuttingDown: Type.Boolean(),
  },
  { title: 'Liveness' },
);
export type LivenessAnswer = Static<typeof LivenessAnswer>;

/**
 * Readiness: 200 when the database answers, files can be written, the published definitions are loaded and the
 * server is not shutting down; else 503 (with Retry-After) and `reasons`, one sentence per part that is not ready.
 */
export const ReadinessAnswer = Type.Object(
  {
    status: StringEnum(['ready', 'not-ready'] as const),
    reasons: Type.Array(Type.String()),
    database: part(['up', 'down'] as const),
    storage: part(['up', 'down', 'full'] as const),
    definitions: Type.Object({
      status: StringEnum(['loaded', 'not-loaded'] as const),
      versionId: Type.Optional(Type.Integer()),
    }),
    isShuttingDown: Type.Boolean(),
  },
  { title: 'Readiness' },
);
export type ReadinessAnswer = Static<typeof ReadinessAnswer>;
