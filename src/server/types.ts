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
  /**
   * Who staff moves are recorded as when not the user: `npm run orders` beside a server signs a local token naming
   * `cli:<os user>` (or --as) in the claim `portal_actor`; honoured in local sign-in mode only (server's own key).
   */
  actor?: string;
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
