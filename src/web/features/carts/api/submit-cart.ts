import { postIdempotent } from '../../../shared/api/idempotent-post';
import type { FormSubmitBody, StoredOrder } from '../../../../contracts/index';

/** POST the cart's payload (SubmitSpareParts with its flag, or CustomGlass), retried with one Idempotency-Key; resolves with the stored file name. */
export async function submitCart(url: string, payload: FormSubmitBody): Promise<StoredOrder> {
  const response = await postIdempotent<StoredOrder>(url, payload);
  return response.data;
}
