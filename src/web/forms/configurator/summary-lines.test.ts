import { describe, expect, it } from 'vitest';
import { loadAllDefinitions } from '../../../server/definitions/index';
import { listSummaryLines, readSummarySelections } from './summary-lines';

const { definitions } = loadAllDefinitions('definitions');

describe('listSummaryLines', () => {
  it('lists only selections with values, wall arrays per wall, without bookkeeping or special instructions', () => {
    const labelOf = (path: string) => `L(${path})`;
    const valueLabelOf = (_path: string, value: unknown) => String(value);
    const lines = listSummaryLines({ labelOf, valueLabelOf }, {
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

  it("shows an answer by the form's name for it: structure layout '1' is '1 Wall', '3' is '3 Walls' (spec 2 §2.2, §2.4)", () => {
    const definition = definitions.get('sunroom')!.compiled;
    const lines = listSummaryLines(definition, { selectedPavilionLayoutOption: '1', selectedSunRoomType: 'Vista View', wallLengthsFeet: [12] });
    expect(lines.map((line) => [line.label, line.value])).toEqual([
      ['Structure Layout', '1 Wall'],
      ['Sunroom Type', 'Vista View'],
      [definition.labelOf('wallLengthsFeet.0'), '12'],
    ]);
    expect(definition.valueLabelOf('selectedPavilionLayoutOption', '3')).toBe('3 Walls');
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
