import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  OrderHistoryAnswer,
  OrderHistoryRow as HistoryRow,
  ProcessedOrder as Processed,
  ProcessedOrdersAnswer,
} from '../../src/contracts/order-lists';
import { apiDialects } from '../support/api-dialects';
import { startTestServer, type TestServer } from '../support/test-server';

const run = promisify(execFile);
const hasPdftoppm = existsSync('/usr/bin/pdftoppm');

/** A GET with the path sent exactly as written ('..' and encodings untouched), as a hostile client would. */
function rawGet(baseUrl: string, pathAndQuery: string, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(baseUrl);
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: pathAndQuery,
        method: 'GET',
        headers: { authorization: `Bearer ${token}` },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

describe.each(apiDialects())('order files ($dialect)', ({ dialect, skipReason }) => {
  if (skipReason) {
    it.skip(`PostgreSQL run skipped: ${skipReason}`, () => {});
    return;
  }
  let server: TestServer;
  let processed: Processed;
  let unprocessedFileName: string;
  let pastRecord: HistoryRow;
  let shippedOrder: HistoryRow;
  let scratch: string;
  beforeAll(async () => {
    server = await startTestServer({}, { dialect });
    scratch = await mkdtemp(path.join(os.tmpdir(), 'order-files-test-'));
    const list = (await get('/api/SQLThings/ProcessedData')).json() as ProcessedOrdersAnswer;
    processed = list.processedData.find((o) => o.emailedOn !== null)!;
    unprocessedFileName = Object.keys((await get('/api/TxtThings/unprocessedFiles')).json() as object)[0];
    const rows = ((await get('/api/SQLThings/OrderHistoryData?page=1&pageSize=1000')).json() as OrderHistoryAnswer)
      .orderHistoryData;
    const all = [
      ...rows,
      ...((await get('/api/SQLThings/OrderHistoryData?page=2&pageSize=1000')).json() as OrderHistoryAnswer)
        .orderHistoryData,
    ];
    pastRecord = all.find((r) => r.fileName.startsWith('HIS-'))!;
    shippedOrder = all.find((r) => !r.fileName.startsWith('HIS-'))!;
  });
  afterAll(async () => {
    await server?.close();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  async function get(url: string, username = 'lakeside') {
    return server.app.inject({ url, headers: { authorization: `Bearer ${await server.tokenFor(username)}` } });
  }
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

  /** A real PDF: the magic bytes, and (when poppler is installed) a page that renders to a PNG. */
  async function expectRealPdf(bytes: Buffer, name: string): Promise<void> {
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.subarray(-8).toString('latin1')).toContain('%%EOF');
    if (!hasPdftoppm) return;
    const file = path.join(scratch, name);
    await writeFile(file, bytes);
    await run('pdftoppm', ['-png', '-r', '40', '-f', '1', '-l', '1', file, `${file}-page`]);
    const png = await readFile(`${file}-page-1.png`);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.length).toBeGreaterThan(2000);
  }

  it("lists a processed order's PDFs (summary and bill of materials) and serves each as application/pdf", async () => {
    const list = await get(
      `/api/TxtThings/pdf/?${q({ folderName: processed.folderName, fileNames: processed.fileName })}`,
    );
    expect(list.statusCode, list.body).toBe(200);
    const names = list.json() as string[];
    expect(names).toEqual([`${processed.fileName}-bill-of-materials.pdf`, `${processed.fileName}-order-summary.pdf`]);
    for (const pdfName of names) {
      const response = await get(
        `/api/TxtThings/pdf/${processed.fileName}/${pdfName}?${q({ folderName: processed.folderName })}`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      await expectRealPdf(response.rawPayload, pdfName);
    }
    // The page builds the first segment from the folder for confirmed and processed rows: that finds it too.
    const byFolder = await get(
      `/api/TxtThings/pdf/${processed.folderName}/${names[0]}?${q({ folderName: processed.folderName })}`,
    );
    expect(byFolder.statusCode).toBe(200);
    // The same list without the trailing slash.
    expect(
      (
        await get(`/api/TxtThings/pdf?${q({ folderName: processed.folderName, fileNames: processed.fileName })}`)
      ).json(),
    ).toEqual(names);
  });

  it('serves the order as text', async () => {
    const response = await get(`/api/TxtThings/textfile/${unprocessedFileName}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toContain(`TEMO ORDER ${unprocessedFileName}`);
    expect(response.body).toContain('Lakeside Sunrooms');
    expect(response.body).toMatch(/Sent by \.+ Lena Lakeside/);
    expect(response.body).toContain('ORDER DETAILS');
  });

  it("lists and serves history PDFs: a past record's summary, a shipped order's own PDFs", async () => {
    const pastList = await get(
      `/api/TxtThings/historypdf?${q({ folderName: pastRecord.folder, fileNames: pastRecord.fileName })}`,
    );
    expect(pastList.statusCode, pastList.body).toBe(200);
    expect(pastList.json()).toEqual([`${pastRecord.fileName}-order-summary.pdf`]);
    const pdf = await get(
      `/api/TxtThings/historypdf/${pastRecord.fileName}-order-summary.pdf?${q({ folderName: pastRecord.folder })}`,
    );
    expect(pdf.statusCode).toBe(200);
    await expectRealPdf(pdf.rawPayload, 'past.pdf');

    const shippedList = (
      await get(`/api/TxtThings/historypdf?${q({ folderName: shippedOrder.folder, fileNames: shippedOrder.fileName })}`)
    ).json() as string[];
    expect(shippedList).toEqual([
      `${shippedOrder.fileName}-bill-of-materials.pdf`,
      `${shippedOrder.fileName}-order-summary.pdf`,
    ]);
    const bill = await get(`/api/TxtThings/historypdf/${shippedList[0]}?${q({ folderName: shippedOrder.folder })}`);
    expect(bill.statusCode).toBe(200);
    await expectRealPdf(bill.rawPayload, 'bill.pdf');
  });

  it("answers 404 when summit asks for lakeside's files by any name", async () => {
    const urls = [
      `/api/TxtThings/textfile/${unprocessedFileName}`,
      `/api/TxtThings/textfile/${processed.fileName}`,
      `/api/TxtThings/pdf/?${q({ folderName: processed.folderName, fileNames: processed.fileName })}`,
      `/api/TxtThings/pdf/${processed.fileName}/${processed.fileName}-order-summary.pdf?${q({ folderName: processed.folderName })}`,
      `/api/TxtThings/pdf/${processed.folderName}/${processed.fileName}-bill-of-materials.pdf?${q({ folderName: processed.folderName })}`,
      `/api/TxtThings/historypdf?${q({ folderName: pastRecord.folder, fileNames: pastRecord.fileName })}`,
      `/api/TxtThings/historypdf/${pastRecord.fileName}-order-summary.pdf?${q({ folderName: pastRecord.folder })}`,
      `/api/TxtThings/historypdf/${shippedOrder.fileName}-order-summary.pdf?${q({ folderName: shippedOrder.folder })}`,
      `/api/ExampleImages/Furniture?${q({ inputString: unprocessedFileName })}`,
      `/api/ExampleImages/DrawingImages?${q({ inputString: unprocessedFileName })}`,
    ];
    for (const url of urls) {
      const response = await get(url, 'summit');
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('%PDF');
    }
    // Lakeside's own names in the wrong combination are not found either.
    expect(
      (await get(`/api/TxtThings/pdf/?${q({ folderName: pastRecord.folder, fileNames: processed.fileName })}`))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await get(
          `/api/TxtThings/pdf/${processed.fileName}/${unprocessedFileName}-order-summary.pdf?${q({ folderName: processed.folderName })}`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await get(`/api/TxtThings/pdf/${processed.fileName}/secret.pdf?${q({ folderName: processed.folderName })}`))
        .statusCode,
    ).toBe(404);
  });

  describe('refuses unsafe file parameters with 400 on every file route', () => {
    const unsafe = [
      '..',
      '%2e%2e',
      '%2E%2E',
      '%252e%252e',
      '..%2F..%2Fetc%2Fpasswd',
      '%2Fetc%2Fpasswd',
      'C%3A%5Cwindows',
      '..%5C..%5Cboot.ini',
      'a%5Cb',
      'a%00b',
      '%00',
    ];
    const routes: ((bad: string) => string)[] = [
      (bad) => `/api/TxtThings/textfile/${bad}`,
      (bad) => `/api/TxtThings/pdf/?folderName=${bad}&fileNames=X-1`,
      (bad) => `/api/TxtThings/pdf/?folderName=F-1&fileNames=${bad}`,
      (bad) => `/api/TxtThings/pdf/?folderName=F-1&fileNames=X-1,${bad}`,
      (bad) => `/api/TxtThings/pdf/${bad}/X-1.pdf?folderName=F-1`,
      (bad) => `/api/TxtThings/pdf/X-1/${bad}?folderName=F-1`,
      (bad) => `/api/TxtThings/pdf/X-1/X-1.pdf?folderName=${bad}`,
      (bad) => `/api/TxtThings/historypdf?folderName=${bad}&fileNames=X-1`,
      (bad) => `/api/TxtThings/historypdf?folderName=F-1&fileNames=${bad}`,
      (bad) => `/api/TxtThings/historypdf/${bad}?folderName=F-1`,
      (bad) => `/api/TxtThings/historypdf/X-1.pdf?folderName=${bad}`,
      (bad) => `/api/ExampleImages/Furniture?inputString=${bad}`,
    ];
    it.each(unsafe)('%s', async (bad) => {
      const token = await server.tokenFor('lakeside');
      for (const route of routes) {
        const url = route(bad);
        const response = await rawGet(server.baseUrl, url, token);
        expect(response.status, `${url} -> ${response.body}`).toBe(400);
        expect(response.body).not.toContain('%PDF');
      }
    });

    it('raw ../ segments and absolute paths below a file route', async () => {
      const token = await server.tokenFor('lakeside');
      for (const url of [
        '/api/TxtThings/textfile/../../etc/passwd',
        '/api/TxtThings/pdf/../../../etc/passwd?folderName=x',
        '/api/TxtThings/historypdf/../x.pdf?folderName=x',
        '/api/TxtThings/textfile//etc/passwd',
        '/api/TxtThings/pdf/?folderName=/etc&fileNames=passwd',
      ]) {
        expect((await rawGet(server.baseUrl, url, token)).status, url).toBe(400);
      }
    });
  });
});
