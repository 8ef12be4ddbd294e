import { apiClient, getJson } from '../../../shared/api/api-client';

/** GET /api/TxtThings/pdf/?folderName=&fileNames=: the PDF names of a confirmed or processed order. */
export async function getOrderPdfNames(folder: string, fileName: string): Promise<string[]> {
  const query = new URLSearchParams({ folderName: folder, fileNames: fileName });
  const names = await getJson<unknown>(`/api/TxtThings/pdf/?${query}`);
  return Array.isArray(names) ? names.filter((name): name is string => typeof name === 'string') : [];
}

/** GET /api/TxtThings/pdf/{fileName}/{pdfName}?folderName=: one PDF as a blob. */
export async function getOrderPdf(folder: string, fileName: string, pdfName: string): Promise<Blob> {
  const path = `/api/TxtThings/pdf/${encodeURIComponent(fileName)}/${encodeURIComponent(pdfName)}`;
  const response = await apiClient.get<Blob>(`${path}?${new URLSearchParams({ folderName: folder })}`, {
    responseType: 'blob',
    headers: { Accept: 'application/pdf' },
  });
  return response.data;
}

/** GET /api/TxtThings/textfile/{fileName}: the order as text, as a blob. */
export async function getOrderTextFile(fileName: string): Promise<Blob> {
  const response = await apiClient.get<Blob>(`/api/TxtThings/textfile/${encodeURIComponent(fileName)}`, {
    responseType: 'blob',
    headers: { Accept: 'text/plain' },
  });
  return response.data;
}
