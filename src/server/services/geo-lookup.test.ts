import { describe, expect, it } from 'vitest';
import { lookUpPostalCode, parsePostalCode } from './geo-lookup';

describe('postal code lookup', () => {
  it.each([
    ['90210', { ok: true, kind: 'US', code: '90210' }],
    [' 90210-1234 ', { ok: true, kind: 'US', code: '90210' }],
    ['m5v3l9', { ok: true, kind: 'CA', code: 'M5V 3L9', fsa: 'M5V' }],
    ['M5V', { ok: true, kind: 'CA', code: 'M5V', fsa: 'M5V' }],
  ])('reads %j', (raw, parsed) => {
    expect(parsePostalCode(raw)).toEqual(parsed);
  });

  it.each(['abc', '1234', 'M5V3L', '5VM 3L9', ''])('calls %j malformed, with a reason', (raw) => {
    const parsed = parsePostalCode(raw);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reasons[0]).toMatch(/ZIP|postal/);
  });

  it('names the province by the first letter of the FSA and the city without its neighbourhoods', () => {
    expect(lookUpPostalCode({ ok: true, kind: 'CA', code: 'M5V 3L9', fsa: 'M5V' })).toEqual({
      postalCode: 'M5V 3L9',
      city: 'Toronto',
      stateProvince: 'ON',
      country: 'CA',
    });
    expect(lookUpPostalCode({ ok: true, kind: 'CA', code: 'T2P', fsa: 'T2P' })?.stateProvince).toBe('AB');
    expect(lookUpPostalCode({ ok: true, kind: 'CA', code: 'X1A', fsa: 'X1A' })?.stateProvince).toBe('NT');
  });
});
