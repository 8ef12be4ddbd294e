import { postIdempotent } from '../../../shared/api/idempotent-post';

/** POST the cart's payload (SubmitSpareParts with its flag, or CustomGlass), retried with one Idempotency-Key; resolves with the stored file name. */
export async function submitCart(url: string, payload: Record<string, unknown>): Promise<{ fileName: string }> {
  const response = await postIdempotent<{ fileName: string }>(url, payload);
  return response.data;
}
