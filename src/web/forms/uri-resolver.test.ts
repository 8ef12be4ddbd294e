import fastUri from 'fast-uri';
import { describe, expect, it } from 'vitest';
import uriResolver from './uri-resolver';

describe('uri-resolver (what @rjsf/utils gets for fast-uri)', () => {
  it('resolves references against a schema $id as fast-uri does', () => {
    for (const [base, ref] of [
      ['https://example.com/schemas/order.json', '#/$defs/wall'],
      ['https://example.com/schemas/order.json', 'wall.json'],
      ['https://example.com/schemas/order.json', 'wall.json#/$defs/door'],
      ['https://example.com/schemas/', '../other.json'],
      ['https://example.com/schemas/order.json', 'https://temo.example/x.json'],
    ])
      expect([base, ref, uriResolver.resolve(base, ref)]).toEqual([base, ref, fastUri.resolve(base, ref)]);
  });

  it('compares ids as fast-uri does', () => {
    for (const [a, b] of [
      ['https://example.com/a.json', 'https://example.com/a.json#'],
      ['HTTPS://Example.com/a.json', 'https://example.com/a.json'],
      ['https://example.com/a.json', 'https://example.com/b.json'],
    ])
      expect([a, b, uriResolver.equal(a, b)]).toEqual([a, b, fastUri.equal(a, b)]);
  });
});
