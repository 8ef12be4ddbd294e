import { describe, expect, it } from 'vitest';
import {
  deriveJobName,
  deriveShipTo,
  findMoveRefusal,
  isIsoDate,
  makeFolderName,
  nextStatusOf,
  readCustomer,
  stripJobPrefixes,
} from './lifecycle-rules';

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
    expect(deriveJobName('sunroom', { personalInfo: { lastName: 'Smith', firstName: 'Ann' } }, 'F')).toBe('SMITH, ANN');
    expect(deriveJobName('engineering', { userFileName: 'smith01' }, 'F')).toBe('SMITH01');
    expect(deriveJobName('sunroom', { jobName: '(C) JONES' }, 'F')).toBe('(C) JONES');
    expect(deriveJobName('pergola', {}, 'PER-1-X')).toBe('PER-1-X');
  });

  it('finds the customer and the ship-to address in what the forms submit', () => {
    expect(readCustomer('engineering', { userFileName: 'JOB1', personalInfo: { sender: 'Jo' } })).toEqual({
      lastName: 'JOB1',
      firstName: '',
      sentBy: 'Jo',
    });
    expect(readCustomer('sunroom', { personalInfo: { lastName: 'Lee', firstName: 'Kim', sender: 'Sam' } })).toEqual({
      lastName: 'Lee',
      firstName: 'Kim',
      sentBy: 'Sam',
    });
    expect(
      deriveShipTo({ personalInfo: { address: '1 Main St', city: 'Erie', stateProvince: 'PA', zip: '16501' } }),
    ).toEqual({ streetAddress: '1 Main St', cityStateZip: 'Erie, PA 16501' });
    expect(deriveShipTo({ personalInfo: { address: '1 Main St' } })).toBeUndefined();
  });
});
