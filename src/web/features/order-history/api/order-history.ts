import { apiClient, getJson } from '../../../shared/api/api-client';
import type { OrderHistoryAnswer } from '../../../../contracts/order-lists';
import type { RawHistoryRow } from '../history-rows';

/** Spec 1 §9: pages of 1000, a 50 ms pause between them. */
export const historyPageSize = 1000;
export const historyPagePauseMs = 50;

/** GET /api/SQLThings/OrderHistoryData?page={n}&pageSize=1000 (page 1-based). */
export async function getOrderHistoryPage(page: number, signal?: AbortSignal): Promise<RawHistoryRow[]> {
  const body = await apiClient.get<Partial<Record<keyof OrderHistoryAnswer, RawHistoryRow[]>>>(
    '/api/SQLThings/OrderHistoryData',
    {
      params: { page, pageSize: historyPageSize },
      signal,
    },
  );
  return Array.isArray(body.data.orderHistoryData) ? body.data.orderHistoryData : [];
}

interface LoadAllOptions<Row> {
  fetchPage(page: number, signal?: AbortSignal): Promise<RawHistoryRow[]>;
  /** Called with each non-empty page, turned into rows, as it arrives. */
  onPage(rows: Row[], page: number): void;
  toRow(raw: RawHistoryRow): Row;
  pauseMs?: number;
  signal?: AbortSignal;
  sleep?(ms: number, signal?: AbortSignal): Promise<void>;
}

/** Fetches page after page until one comes back empty, pausing between them; resolves with every row. */
export async function loadAllHistoryPages<Row>({
  fetchPage,
  onPage,
  toRow,
  pauseMs = historyPagePauseMs,
  signal,
  sleep = pause,
}: LoadAllOptions<Row>): Promise<Row[]> {
  const all: Row[] = [];
  for (let page = 1; ; page++) {
    const raw = await fetchPage(page, signal);
    if (raw.length === 0) return all;
    const rows = raw.map(toRow);
    for (const row of rows) all.push(row);
    onPage(rows, page);
    await sleep(pauseMs, signal);
  }
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** GET /api/TxtThings/historypdf?folderName=&fileNames=: the PDF names of a past order. */
export async function getHistoryPdfNames(folder: string, fileName: string): Promise<string[]> {
  const names = await getJson<unknown>(
    `/api/TxtThings/historypdf?${new URLSearchParams({ folderName: folder, fileNames: fileName })}`,
  );
  return Array.isArray(names) ? names.filter((name): name is string => typeof name === 'string') : [];
}

/** GET /api/TxtThings/historypdf/{pdfName}?folderName=: one PDF as a blob. */
export async function getHistoryPdf(folder: string, pdfName: string): Promise<Blob> {
  const response = await apiClient.get<Blob>(
    `/api/TxtThings/historypdf/${encodeURIComponent(pdfName)}?${new URLSearchParams({ folderName: folder })}`,
    { responseType: 'blob', headers: { Accept: 'application/pdf' } },
  );
  return response.data;
}
