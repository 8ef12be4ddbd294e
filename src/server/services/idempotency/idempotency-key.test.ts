import { describe, expect, it } from 'vitest';
import { fingerprintRequest, readIdempotencyKey } from './idempotency-key';

describe('readIdempotencyKey', () => {
  it("takes a UUID, bare or as the draft's quoted string, and no header at all", () => {
    const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(readIdempotencyKey({ 'idempotency-key': uuid })).toEqual({ key: uuid });
    expect(readIdempotencyKey({ 'idempotency-key': `"${uuid}"` })).toEqual({ key: uuid });
    expect(readIdempotencyKey({})).toEqual({ key: undefined });
  });

  it('names what is wrong with a malformed key', () => {
    expect(readIdempotencyKey({ 'idempotency-key': 'abc' })).toEqual({
      reasons: ['Idempotency-Key must be 8 to 128 characters long (it has 3)'],
    });
    expect(readIdempotencyKey({ 'idempotency-key': 'key with spaces' })).toEqual({
      reasons: ['Idempotency-Key may hold only letters, digits and - _ . : (a UUID is best)'],
    });
    expect(readIdempotencyKey({ 'idempotency-key': ['a-first-key', 'a-second-key'] })).toHaveProperty('reasons');
  });
});

describe('fingerprintRequest', () => {
  const request = {
    method: 'POST',
    route: '/api/OrderingSunrooms/SubmitSunroom',
    query: { isOrdered: 'true' },
    body: { SunroomsData: { a: 1, b: [1, { c: 2, d: 3 }] } },
  };

  it('is the same for the same request whatever the order of its keys', () => {
    const reordered = { ...request, body: { SunroomsData: { b: [1, { d: 3, c: 2 }], a: 1 } } };
    expect(fingerprintRequest(reordered)).toBe(fingerprintRequest(request));
  });

  it('differs when the method, route, query or body differ', () => {
    const base = fingerprintRequest(request);
    expect(fingerprintRequest({ ...request, method: 'PUT' })).not.toBe(base);
    expect(fingerprintRequest({ ...request, route: '/api/OrderingPergolas/SubmitData' })).not.toBe(base);
    expect(fingerprintRequest({ ...request, query: { isOrdered: 'false' } })).not.toBe(base);
    expect(fingerprintRequest({ ...request, body: { SunroomsData: { a: 2, b: [1, { c: 2, d: 3 }] } } })).not.toBe(base);
    expect(fingerprintRequest({ ...request, body: { SunroomsData: { a: 1, b: [{ c: 2, d: 3 }, 1] } } })).not.toBe(base);
  });
});
