/**
 * Every server serves the version published now within seconds, whoever published it: on PostgreSQL a client of its
 * own LISTENs on `definitions_published` (reconnecting after a loss), and on PGlite and PostgreSQL alike a poll of the
 * published pointer every few seconds catches what a notification missed (a reconnect gap, the CLI on PGlite).
 */
import type { PublishedState } from './service';
import { publishedChannel } from './store';

export interface PublishedWatcherOptions {
  /** PostgreSQL URL for the LISTEN client; undefined on PGlite (the poll alone). */
  databaseUrl?: string;
  /** The version check's interval. */
  pollMs: number;
  /** Wait before reconnecting a lost LISTEN client. */
  reconnectMs: number;
  follow(): Promise<PublishedState>;
  log: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
  };
}

export interface PublishedWatcher {
  stop(): Promise<void>;
}

interface ListenClient {
  connect(): Promise<unknown>;
  query(text: string): Promise<unknown>;
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): unknown;
  on(event: 'error' | 'end', listener: (error?: Error) => void): unknown;
  end(): Promise<void>;
}

export function startPublishedWatcher(options: PublishedWatcherOptions): PublishedWatcher {
  let isStopped = false;
  let client: ListenClient | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let lastVersion: number | undefined;

  const follow = (why: string) => {
    if (isStopped) return;
    options.follow().then(
      (state) => {
        if (lastVersion !== undefined && state.versionId !== lastVersion)
          options.log.info({ version: state.versionId, why }, 'definitions: now serving the version published now');
        lastVersion = state.versionId;
      },
      (error: unknown) => options.log.warn({ err: error, why }, 'definitions: could not load the published version'),
    );
  };

  const poll = setInterval(() => follow('version check'), options.pollMs);
  poll.unref();

  const listen = async () => {
    if (isStopped || !options.databaseUrl) return;
    const { default: pg } = await import('pg'); // PGlite servers never load pg
    const listener = new pg.Client({ connectionString: options.databaseUrl }) as unknown as ListenClient;
    client = listener;
    let isLost = false;
    const lost = (error?: Error) => {
      if (isLost || isStopped) return;
      isLost = true;
      options.log.warn({ err: error }, 'definitions: LISTEN connection lost; reconnecting');
      listener.end().catch(() => {});
      reconnectTimer = setTimeout(() => void listen(), options.reconnectMs);
      reconnectTimer.unref();
    };
    listener.on('error', lost);
    listener.on('end', () => lost());
    listener.on('notification', (message) => {
      if (message.channel === publishedChannel) follow(`notified: version ${message.payload ?? '?'}`);
    });
    try {
      await listener.connect();
      await listener.query(`LISTEN ${publishedChannel}`);
      follow('listening'); // anything published while not listening
    } catch (error) {
      lost(error as Error);
    }
  };
  void listen();

  return {
    async stop() {
      isStopped = true;
      clearInterval(poll);
      clearTimeout(reconnectTimer);
      await client?.end().catch(() => {});
    },
  };
}
