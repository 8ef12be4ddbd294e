import { describe, expect, it } from 'vitest';
import { checkSubmission } from '../../src/engine/index';
import { loadAllDefinitions } from '../../src/server/definitions/index';

const definition = loadAllDefinitions('definitions').definitions.get('engineering')!.compiled;
const body = () => ({
  userFileName: 'SMITH01',
  buildingCodes: 'IRC',
  yearForCodes: '2021',
  windSpeed: 120,
  sealType: 'wet',
  calculationLetterQty: 1,
  shippingMethod: 'Email Only',
  personalInfo: {
    sender: 'Jane Dealer',
    email: 'jane@lakeside.example',
    address: '1 Lake Rd',
    city: 'Erie',
    stateProvince: 'PA',
    zip: '16501',
  },
});

describe('checkSubmission on the engineering request', () => {
  it('accepts a complete body and recomputes prices and total from the server context', () => {
    const check = checkSubmission(
      definition,
      { ...body(), engineeringTotal: 1, calculationLetterPrice: 1 },
      { locations: {}, prices: { 'ENGINEERING - CALCULATION LETTER': 175 } },
    );
    expect(check.ok).toBe(true);
    expect(check.payload).toMatchObject({ calculationLetterPrice: 175, engineeringTotal: 175 });
  });

  it.each([
    'userFileName',
    'buildingCodes',
    'yearForCodes',
    'windSpeed',
    'sealType',
    'shippingMethod',
    'personalInfo.sender',
    'personalInfo.email',
    'personalInfo.address',
    'personalInfo.city',
    'personalInfo.stateProvince',
    'personalInfo.zip',
  ])('names %s when it is missing', (path) => {
    const data = body() as Record<string, unknown> & { personalInfo: Record<string, unknown> };
    if (path.startsWith('personalInfo.')) delete data.personalInfo[path.slice('personalInfo.'.length)];
    else delete data[path];
    const check = checkSubmission(definition, data, { locations: {} });
    expect(check.ok).toBe(false);
    expect(check.missing.map((m) => m.path)).toEqual([path]);
  });

  it('requires a location only from a dealer that has locations', () => {
    expect(checkSubmission(definition, body(), { locations: { L1: 'Main yard' } }).missing).toEqual([
      { path: 'selectedLocation', label: 'Location' },
    ]);
  });

  it('refuses unknown fields, wrong types and 1 MB strings without throwing', () => {
    const check = checkSubmission(
      definition,
      { ...body(), isAdmin: true, windSpeed: 'fast', amendments: 'x'.repeat(1_000_000) },
      {},
    );
    expect(check.ok).toBe(false);
    expect(Object.keys(check.schemaErrors).sort()).toEqual(['amendments', 'isAdmin', 'windSpeed']);
    expect(check.payload).not.toHaveProperty('isAdmin');
  });
});
