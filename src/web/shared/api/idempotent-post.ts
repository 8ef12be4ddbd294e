/**
 * Posting a submit with an `Idempotency-Key`: a fresh key for each attempt (one click), the same key on every retry of
 * that attempt, so a retry after a lost answer gets the server's first answer instead of making a second order.
 */
import axios, { type AxiosInstance, type AxiosResponse } from 'axios';
import { apiClient } from './api-client';

export const idempotencyKeyHeader = 'Idempotency-Key';

export interface IdempotentPostOptions {
  params?: Record<string, string>;
  /** More request headers (the definitions version the page loaded). */
  headers?: Record<string, string>;
  /** Pauses before the 2nd, 3rd, ... try; their count is the number of retries. */
  retryDelaysMs?: readonly number[];
  /** The transport (tests pass one that fails first); the app's apiClient by default. */
  client?: AxiosInstance;
}

/** 0.5 s, 1.5 s, 4 s: a lost answer or a restarting server is back within seconds; the dealer waits 6 s at most. */
export const submitRetryDelaysMs = [500, 1500, 4000] as const;

/** The longest Retry-After honoured, seconds (the server asks 2 s while the first try with the key still runs). */
const maxRetryAfterS = 10;

/** A random UUID v4; randomUUID needs a secure context (https or localhost), getRandomValues does not. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * How long to wait before trying again, or null when another try cannot help: no answer (network) and 502/503/504 are
 * retried; 409 only with Retry-After (the first try still running; a 409 without it is a final refusal).
 */
function retryPause(error: unknown, plannedMs: number): number | null {
  if (!axios.isAxiosError(error) || error.code === 'ERR_CANCELED') return null;
  const response = error.response;
  if (!response) return plannedMs;
  const retryAfter = Number(response.headers?.['retry-after']);
  const askedMs =
    Number.isFinite(retryAfter) && retryAfter >= 0 ? Math.min(retryAfter, maxRetryAfterS) * 1000 : undefined;
  if ([502, 503, 504].includes(response.status)) return askedMs ?? plannedMs;
  if (response.status === 409 && askedMs !== undefined) return askedMs;
  return null;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** POST `body` with one new Idempotency-Key, retried with that key while the failure may be passing; throws the last error. */
export async function postIdempotent<T>(
  url: string,
  body: unknown,
  options: IdempotentPostOptions = {},
): Promise<AxiosResponse<T>> {
  const client = options.client ?? apiClient;
  const delays = options.retryDelaysMs ?? submitRetryDelaysMs;
  const headers = { ...options.headers, [idempotencyKeyHeader]: newIdempotencyKey() };
  for (let retry = 0; ; retry += 1) {
    try {
      return await client.post<T>(url, body, { params: options.params, headers });
    } catch (error) {
      const wait = retry < delays.length ? retryPause(error, delays[retry]) : null;
      if (wait === null) throw error;
      await pause(wait);
    }
  }
}
