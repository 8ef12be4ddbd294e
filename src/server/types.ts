import type { AppConfig } from './config';
import type { Database, Dialect } from './db/database';

/** Who is calling, taken from the verified token only (never from the request body or query). */
export interface Principal {
  userId: number;
  dealerId: number;
  username: string;
  displayName: string;
  roles: string[];
  isEmployee: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    dbDialect: Dialect;
  }
  interface FastifyRequest {
    /** Set by the auth hook on every route that is not public. */
    principal: Principal;
  }
  interface FastifyContextConfig {
    /** Marks a route that needs no bearer token (health, sign-in, wall pictures, the web app's files); default false. */
    isPublic?: boolean;
  }
}
