/** Reading the `Idempotency-Key` header and fingerprinting the request it names (IETF httpapi idempotency-key draft). */
import { createHash } from 'node:crypto';

export const idempotencyKeyHeader = 'idempotency-key';

/** Letters, digits and `-_.:`, 8 to 128 characters: a UUID fits; a key too short to be unique per user does not. */
const keyPattern = /^[A-Za-z0-9._:-]{8,128}$/;

export type KeyReading = { key: string | undefined } | { reasons: string[] };

/** The key of a request, undefined when none was sent, or why the header is refused. */
export function readIdempotencyKey(headers: Record<string, string | string[] | undefined>): KeyReading {
  const raw = headers[idempotencyKeyHeader];
  if (raw === undefined) return { key: undefined };
  const value = Array.isArray(raw) ? raw.join(', ') : raw;
  // The draft sends the key as a structured-field string ("..."); a bare token means the same.
  const key = /^"(.*)"$/.exec(value)?.[1] ?? value;
  if (keyPattern.test(key)) return { key };
  const reasons = [
    key.length < 8 || key.length > 128 ? `Idempotency-Key must be 8 to 128 characters long (it has ${key.length})` : '',
    /[^A-Za-z0-9._:-]/.test(key) ? 'Idempotency-Key may hold only letters, digits and - _ . : (a UUID is best)' : '',
  ].filter(Boolean);
  return { reasons };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** JSON with object keys sorted, so the same request always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** sha256 of method, route, query and body: what makes a retry the same request. */
export function fingerprintRequest(request: { method: string; route: string; query: unknown; body: unknown }): string {
  return createHash('sha256')
    .update(canonicalJson([request.method.toUpperCase(), request.route, request.query ?? {}, request.body ?? null]))
    .digest('hex');
}
