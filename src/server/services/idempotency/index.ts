export {
  canonicalJson,
  fingerprintRequest,
  idempotencyKeyHeader,
  readIdempotencyKey,
  type KeyReading,
} from './idempotency-key';
export {
  idempotencyKeyLifetimeMs,
  inProgressWaitMs,
  submitIdempotently,
  type IdempotentOutcome,
  type KeyClaim,
  type SubmitAnswer,
} from './idempotent-submit';
