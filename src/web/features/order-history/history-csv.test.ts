import { describe, expect, it } from 'vitest';
import { toCsvCell, toHistoryCsv } from './history-csv';
import { toHistoryRow } from './history-rows';

describe('history CSV', () => {
  it('neutralises cells that start like a formula', () => {
    expect(toCsvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(toCsvCell('+1')).toBe("'+1");
    expect(toCsvCell('-2')).toBe("'-2");
    expect(toCsvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(toCsvCell('a=b')).toBe('a=b');
  });

  it('quotes commas, quotes, line breaks and edge spaces', () => {
    expect(toCsvCell('Dayton, OH')).toBe('"Dayton, OH"');
    expect(toCsvCell('say "hi"')).toBe('"say ""hi"""');
    expect(toCsvCell('two\nlines')).toBe('"two\nlines"');
    expect(toCsvCell(' padded')).toBe('" padded"');
    expect(toCsvCell('plain')).toBe('plain');
  });

  it('writes a header and one line per row, CRLF', () => {
    const csv = toHistoryCsv([
      toHistoryRow({
        folder: 'F1',
        fileName: 'A1',
        jobName: '=cmd',
        dateShipped: '2024-01-02',
        streetAddress: '1 Elm',
        cityStateZip: { c: 'Erie', s: 'PA' },
      }),
    ]);
    expect(csv).toBe(
      'Folder,File Name,Job Name,Date Shipped,Street Address,"City, State, Zip"\r\nF1,A1,\'=cmd,2024-01-02,1 Elm,"Erie, PA"\r\n',
    );
  });
});
