/** GET /api/healthz (public): whether the database answers and files can be written. */
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

/** 200 when both are up, else 503 (with Retry-After) naming the part that is down. */
export const HealthAnswer = Type.Object(
  {
    status: StringEnum(['ok', 'down'] as const),
    database: part(['up', 'down'] as const),
    storage: part(['up', 'down', 'full'] as const),
  },
  { title: 'Health' },
);
export type HealthAnswer = Static<typeof HealthAnswer>;
