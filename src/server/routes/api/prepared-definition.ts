import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { DefinitionBundle } from '../../../engine/index';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type DefinitionEncoding = 'br' | 'gzip' | 'identity';

/** One form's answer at one version: its JSON serialised once, compressed once per encoding. */
export interface PreparedDefinition {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

// Keyed by the bundle object a compiled tree holds: one per form and version, dropped with the tree.
const prepared = new WeakMap<DefinitionBundle, Promise<PreparedDefinition>>();
/** The bundles whose buffers are made (a request for them waits for nothing). */
const ready = new WeakSet<DefinitionBundle>();

/** The answer's JSON bytes (serialised once: the background orders by their size, then compresses them). */
const serialised = new WeakMap<DefinitionBundle, Buffer>();
function serialise(bundle: DefinitionBundle): Buffer {
  let identity = serialised.get(bundle);
  if (!identity) {
    const { form, schema, ui, rules, data } = bundle;
    identity = Buffer.from(JSON.stringify({ form, schema, ui, rules, data: data ?? {} }));
    serialised.set(bundle, identity);
  }
  return identity;
}

async function prepare(bundle: DefinitionBundle): Promise<PreparedDefinition> {
  const identity = serialise(bundle);
  // Paid once per version, off the event loop (zlib's thread pool): the best ratios, not the cheapest settings.
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip(identity, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  return { identity, br, gzip: gz };
}

/** The prepared answer of this bundle (made on first use, then shared by every request for it). */
export function preparedDefinition(bundle: DefinitionBundle): Promise<PreparedDefinition> {
  let answer = prepared.get(bundle);
  if (!answer) {
    answer = prepare(bundle);
    prepared.set(bundle, answer);
    answer.then(
      () => ready.add(bundle),
      () => prepared.delete(bundle), // a failed compression is tried again by the next request
    );
  }
  return answer;
}

/** Whether this bundle's buffers are made, so a request for it is answered without waiting. */
export function isDefinitionPrepared(bundle: DefinitionBundle): boolean {
  return ready.has(bundle);
}

/** A background preparation: `stop` starts no further bundle; `done` settles when the last one started has. */
export interface BackgroundPreparation {
  stop(): void;
  done: Promise<void>;
}

/**
 * Prepare the bundles one after another, each begun from a setImmediate: never on a request's path, one brotli at a
 * time in zlib's pool so the first requests after a start still get a thread. The largest first: they are the ones a
 * request would wait longest for. Failures are left to the next request.
 */
export function prepareInBackground(bundles: readonly DefinitionBundle[]): BackgroundPreparation {
  let isStopped = false;
  const done = (async () => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (isStopped) return;
    const bySize = [...bundles].sort((a, b) => serialise(b).length - serialise(a).length);
    for (const bundle of bySize) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (isStopped) return;
      await preparedDefinition(bundle).catch(() => undefined);
    }
  })();
  return {
    stop: () => {
      isStopped = true;
    },
    done,
  };
}

/**
 * The encoding to answer with, from an Accept-Encoding header: brotli, else gzip, unless the client refuses it with
 * `q=0`; identity otherwise (deflate and others are not prepared).
 */
export function chooseEncoding(acceptEncoding: string | undefined): DefinitionEncoding {
  if (!acceptEncoding) return 'identity';
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...parameters] = part.trim().split(';');
    const q = parameters.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    if (name) weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const accepts = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}
