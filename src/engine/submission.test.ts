import { describe, expect, it } from 'vitest';
import { readDefinitionFolder } from '../server/definitions';
import { checkSubmission } from './submission';

const loaded = readDefinitionFolder('definitions/engineering', 'engineering');
if (!loaded.compiled) throw new Error(`engineering definition did not load: ${JSON.stringify(loaded.problems)}`);
const engineering = loaded.compiled;
const context = { locations: {}, productLine: 'SUNROOMS', prices: { GROUND: 15, '2ND DAY': 30, 'NEXT DAY': 60 } };

/** A complete request as the page posts it. */
function completeRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    userFileName: 'SMITH01',
    buildingCodes: 'IRC',
    yearForCodes: '2024',
    windSpeed: 115,
    sealType: 'wet',
    numberOfCopies: 1,
    signedSealedQty: 1,
    shippingMethod: 'Email Only',
    personalInfo: {
      sender: 'Jane Doe',
      email: 'jane@example.com',
      address: '1 Main St',
      city: 'Detroit',
      stateProvince: 'MI',
      zip: '48201',
    },
    ...overrides,
  };
}

describe('checkSubmission of a body posted directly to the API', () => {
  it('accepts a complete request', () => {
    const check = checkSubmission(engineering, completeRequest(), context);
    expect(check.missing).toEqual([]);
    expect(check.errors).toEqual({});
    expect(check.ok).toBe(true);
  });

  it('never counts a hidden mail method in the stored total', () => {
    const check = checkSubmission(engineering, completeRequest({ mailMethod: 'GROUND' }), context);
    expect(check.payload.mailMethod).toBeUndefined();
    expect(Number(check.payload.mailMethodPrice ?? 0)).toBe(0);
    expect(check.payload.engineeringTotal).toBe(49);
  });

  it('counts the mail method when mailing is chosen', () => {
    const check = checkSubmission(
      engineering,
      completeRequest({ shippingMethod: 'Mail Only', mailMethod: 'GROUND' }),
      context,
    );
    expect(check.ok).toBe(true);
    expect(check.payload.engineeringTotal).toBe(49 + 15);
  });

  it('cleans posted values the way the page cleans typed ones', () => {
    const body = completeRequest();
    body.personalInfo = { ...(body.personalInfo as object), zip: 'm5v3l9', sender: 'Jane123 Doe' };
    const check = checkSubmission(engineering, body, context);
    const info = check.payload.personalInfo as Record<string, unknown>;
    expect(info.zip).toBe('M5V 3L9');
    expect(info.sender).toBe('Jane Doe');
  });
});

describe('checkSubmission judges values as posted', () => {
  it('refuses a sender containing @ instead of cleaning it away', () => {
    const body = completeRequest();
    body.personalInfo = { ...(body.personalInfo as object), sender: 'jane@lakeside' };
    const check = checkSubmission(engineering, body, context);
    expect(check.ok).toBe(false);
    expect(check.errors['personalInfo.sender']).toBe('Sender cannot contain @');
  });
});
