import { describe, expect, it } from 'vitest';
import type { PartiesSpec } from '../../../engine/index';
import {
  customerNameOf,
  deriveJobName,
  deriveShipTo,
  findMoveRefusal,
  isIsoDate,
  makeFolderName,
  nextStatusOf,
  readCustomer,
  readPartyNames,
  stripJobPrefixes,
} from './lifecycle-rules';

/** A definition as these functions read it: only its rules' parties (field names made up: the code names none). */
const definitionWith = (parties: PartiesSpec) => ({ bundle: { rules: { parties } } });
const withCustomer = definitionWith({
  customer: { familyName: 'owner.surname', givenName: 'owner.forename' },
  sentBy: 'owner.from',
  shipTo: { street: 'site.line1', locality: 'site.town', region: 'site.county', postalCode: 'site.code' },
});
const withJob = definitionWith({ sentBy: 'from', jobName: { path: 'job', upperCase: true } });

describe('lifecycle rules', () => {
  it('moves one step forward at a time', () => {
    expect(nextStatusOf('initial')).toBe('unprocessed');
    expect(nextStatusOf('confirmed')).toBe('shipped');
    expect(nextStatusOf('shipped')).toBeUndefined();
    expect(findMoveRefusal('unprocessed', 'processed')).toBeUndefined();
    expect(findMoveRefusal('initial', 'confirmed')).toBe(
      'The order is initial; it can move only to unprocessed (not ahead to confirmed)',
    );
    expect(findMoveRefusal('confirmed', 'processed')).toBe(
      'The order is confirmed; it can move only to shipped (not back to processed)',
    );
    expect(findMoveRefusal('processed', 'processed')).toBe('The order is already processed');
    expect(findMoveRefusal('shipped', 'initial')).toContain('moves no further');
  });

  it('reads only real yyyy-mm-dd dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    for (const value of ['2023-02-29', '2024-13-01', '1/2/24', '2024-1-5', '', 20240101])
      expect(isIsoDate(value)).toBe(false);
  });

  it('names jobs and folders plainly', () => {
    expect(stripJobPrefixes('(C) (W) NOVAK')).toBe('NOVAK');
    expect(makeFolderName(42, '(C) SMITH, JOHN', new Date('2025-03-01T00:00:00Z'))).toBe('25-00042-SMITH');
    expect(makeFolderName(7, "O'Brien / Sons", new Date('2026-01-01T00:00:00Z'))).toBe('26-00007-O');
    expect(deriveJobName(withCustomer, { owner: { surname: ' Smith ', forename: 'Ann' } }, 'F')).toBe('SMITH, ANN');
    expect(deriveJobName(withCustomer, { owner: { surname: 'Smith' } }, 'F')).toBe('SMITH');
    expect(deriveJobName(withJob, { job: ' smith01 ' }, 'F')).toBe('SMITH01');
    expect(deriveJobName(definitionWith({ jobName: { path: 'job' } }), { job: '(C) Jones' }, 'F')).toBe('(C) Jones');
    expect(deriveJobName(withCustomer, {}, 'PER-1-X')).toBe('PER-1-X');
    expect(deriveJobName(withJob, { job: '  ' }, 'ENG-1-X')).toBe('ENG-1-X');
  });

  it('reads the customer, the sender and the ship-to address where the definition says', () => {
    const order = {
      owner: { surname: 'Lee ', forename: ' Kim', from: 'Sam' },
      site: { line1: '1 Main St', town: 'Erie', county: 'PA', code: '16501' },
    };
    expect(readCustomer(withCustomer, order)).toEqual({ lastName: 'Lee', firstName: 'Kim', sentBy: 'Sam' });
    expect(readPartyNames(withCustomer, order)).toEqual({ lastName: 'Lee ', firstName: ' Kim', sentBy: 'Sam' });
    expect(customerNameOf(withCustomer, order)).toBe('Kim Lee');
    expect(deriveShipTo(withCustomer, order)).toEqual({ streetAddress: '1 Main St', cityStateZip: 'Erie, PA 16501' });
    expect(deriveShipTo(withCustomer, { site: { line1: '1 Main St', code: '16501' } })).toEqual({
      streetAddress: '1 Main St',
      cityStateZip: '16501',
    });
    expect(deriveShipTo(withCustomer, { site: { line1: '1 Main St' } })).toBeUndefined();
    // A form naming no customer lists its job name as lastName; the documents name no customer.
    expect(readCustomer(withJob, { job: 'JOB1', from: 'Jo' })).toEqual({
      lastName: 'JOB1',
      firstName: '',
      sentBy: 'Jo',
    });
    expect(customerNameOf(withJob, { job: 'JOB1' })).toBe('');
    expect(deriveShipTo(withJob, { job: 'JOB1' })).toBeUndefined();
  });

  it('reads nothing without a definition (an order whose form is no longer served) or from odd data', () => {
    for (const data of [{ owner: { surname: 'Lee' } }, null, 'text', { owner: 'Lee' }, { owner: { surname: 42 } }]) {
      expect(readCustomer(undefined, data)).toEqual({ lastName: '', firstName: '', sentBy: '' });
      expect(deriveJobName(undefined, data, 'SUN-1-X')).toBe('SUN-1-X');
      expect(deriveShipTo(undefined, data)).toBeUndefined();
      expect(customerNameOf(undefined, data)).toBe('');
    }
    expect(readCustomer(withCustomer, { owner: 'Lee' })).toEqual({ lastName: '', firstName: '', sentBy: '' });
    expect(deriveJobName(withCustomer, { owner: { surname: 42 } }, 'SUN-1-X')).toBe('SUN-1-X');
  });
});
