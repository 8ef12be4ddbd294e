import { describe, expect, it } from 'vitest';
import { listSummaryLines, readSummarySelections } from './summary-lines';

describe('listSummaryLines', () => {
  it('lists only selections with values, wall arrays per wall, without bookkeeping or special instructions', () => {
    const labelOf = (path: string) => `L(${path})`;
    const lines = listSummaryLines({ labelOf }, {
      selectedSunRoomType: 'Vista View',
      selectedShingle: '',
      personalInfo: { lastName: 'Smith', firstName: null },
      wallLengthsFeet: [12, null, 10],
      selectedImages: ['Glass/CSD-12.jpg'],
      additionalInfo: { Line1: 'hello' },
      currentCADImagesFiles: ['x'],
    });
    expect(lines).toEqual([
      { path: 'selectedSunRoomType', label: 'L(selectedSunRoomType)', value: 'Vista View' },
      { path: 'personalInfo.lastName', label: 'L(personalInfo.lastName)', value: 'Smith' },
      { path: 'wallLengthsFeet.0', label: 'L(wallLengthsFeet.0)', value: '12' },
      { path: 'wallLengthsFeet.2', label: 'L(wallLengthsFeet.2)', value: '10' },
    ]);
  });
});

describe('readSummarySelections', () => {
  it("lists the definition's [label, value] pairs that have a value, and is null when the definition has none", () => {
    expect(readSummarySelections([['Pergola Type', 'MOTOR CITY'], ['Post Height', null], ['Motor City Size', '14 x 20'], ['Gutters', '']])).toEqual([
      { path: 'Pergola Type', label: 'Pergola Type', value: 'MOTOR CITY' },
      { path: 'Motor City Size', label: 'Motor City Size', value: '14 x 20' },
    ]);
    expect(readSummarySelections(undefined)).toBeNull();
  });
});
