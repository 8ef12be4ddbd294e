/**
 * A node-postgres pool whose checked-out clients survive their server going away. pg-pool drops its own error
 * listener while a client is checked out, and drizzle's transaction() never releases a client whose BEGIN failed:
 * across a few PostgreSQL restarts that crashed the process or leaked every pool slot.
 */
import pg from 'pg';
import { isDatabaseUnavailable } from './connection-errors';

type Release = (error?: Error | boolean) => void;

/** The current checkout's failure handler of each client, and the clients whose query is already wrapped. */
const guarded = new WeakMap<pg.PoolClient, (error: unknown) => void>();
const wrapped = new WeakSet<pg.PoolClient>();

export class ResilientPool extends pg.Pool {
  constructor(config: pg.PoolConfig) {
    super(config);
    // An idle client losing its server must not crash the process; the next query reports the error.
    this.on('error', () => {});
    // The listener that stays while the client is checked out (pg-pool removes its idle one then).
    this.on('connect', (client) => client.on('error', () => {}));
  }

  // pool.query() connects with a callback and releases with the error itself; drizzle's transactions use the promise.
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): void;
  override connect(
    callback?: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback);
    return this.connectGuarded();
  }

  private async connectGuarded(): Promise<pg.PoolClient> {
    const client = await super.connect();
    const release: Release = client.release.bind(client);
    const checkout = { isReleased: false, lostWith: undefined as Error | undefined };
    // Once: a connection that failed goes back destroyed (not to the idle list), and a second call is harmless.
    const releaseOnce = (error?: Error | boolean) => {
      if (checkout.isReleased) return;
      checkout.isReleased = true;
      client.removeListener('error', onError);
      release(error ?? checkout.lostWith);
    };
    const onError = (error: Error) => {
      checkout.lostWith ??= error;
    };
    client.on('error', onError);
    client.release = releaseOnce as Release;
    guarded.set(client, (error) => {
      if (!isDatabaseUnavailable(error) || checkout.isReleased) return;
      checkout.lostWith ??= error as Error;
      releaseOnce(checkout.lostWith); // BEGIN failing would otherwise keep this client checked out for good
    });
    if (!wrapped.has(client)) {
      wrapped.add(client);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = ((...args: unknown[]) => {
        const result = query(...args);
        if (result instanceof Promise) result.catch((error: unknown) => guarded.get(client)?.(error));
        return result;
      }) as typeof client.query;
    }
    return client;
  }
}
