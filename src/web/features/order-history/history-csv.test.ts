import { describe, expect, it } from 'vitest';
import { toHistoryCsv } from './history-csv';
import { toHistoryRow } from './history-rows';

describe('history CSV', () => {
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

  it('neutralises every text cell that starts like a formula, -2 too (the cells are text), through shared/csv.ts', () => {
    const csv = toHistoryCsv([
      toHistoryRow({
        folder: '@SUM(A1)',
        fileName: '-2',
        jobName: '=HYPERLINK("http://evil.example","Click")',
        dateShipped: '+1',
        streetAddress: '\t=1+1', // the rows trim cells: '=1+1'
        cityStateZip: { c: ' =cmd', s: 'PA' },
      }),
    ]);
    expect(csv.split('\r\n')[1]).toBe(
      `'@SUM(A1),'-2,"'=HYPERLINK(""http://evil.example"",""Click"")",'+1,'=1+1,"'=cmd, PA"`,
    );
  });
});
