/** Whether this server is shutting down: readiness says 503 from the moment SIGTERM arrives. */
import type { FastifyInstance } from 'fastify';

export interface ServerDrain {
  /** True from SIGTERM on: the load balancer must stop sending requests here. */
  readonly isDraining: boolean;
  begin(): void;
}

export function createServerDrain(): ServerDrain {
  let isDraining = false;
  return {
    get isDraining() {
      return isDraining;
    },
    begin() {
      isDraining = true;
    },
  };
}

export interface GracefulShutdownOptions {
  /** In-flight requests (and jobs) get this long; then their connections are cut. */
  timeoutMs: number;
  log: Pick<FastifyInstance['log'], 'info' | 'warn'>;
}

/**
 * SIGTERM's order: readiness 503 at once; the job worker stops claiming, running jobs finish or are handed back
 * (preClose); the listener closes and in-flight requests finish; the pool closes (onClose). Past `timeoutMs` the
 * remaining connections are cut so the process still ends. Resolves true when everything finished in time.
 */
export async function shutDownGracefully(app: FastifyInstance, options: GracefulShutdownOptions): Promise<boolean> {
  app.drain.begin();
  let isForced = false;
  const timer = setTimeout(() => {
    isForced = true;
    options.log.warn({ timeoutMs: options.timeoutMs }, 'shutdown: requests still running; cutting their connections');
    app.server.closeAllConnections();
  }, options.timeoutMs);
  timer.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
  options.log.info({ isForced }, 'shutdown: closed');
  return !isForced;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set on SIGTERM (server.ts): /api/readyz answers 503 from then on. */
    drain: ServerDrain;
  }
}
