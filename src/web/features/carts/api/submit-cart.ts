import { apiClient } from '../../../shared/api/api-client';

/** POST the cart's payload (SubmitSpareParts with its flag, or CustomGlass); resolves with the stored file name. */
export async function submitCart(url: string, payload: Record<string, unknown>): Promise<{ fileName: string }> {
  const response = await apiClient.post<{ fileName: string }>(url, payload);
  return response.data;
}
