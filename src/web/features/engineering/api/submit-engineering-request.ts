import axios from 'axios';
import type { MissingField } from '../../../../engine';
import { postIdempotent } from '../../../shared/api/idempotent-post';
import type { FormSubmitBody, IncompleteSubmission, StoredOrder } from '../../../../contracts/index';

/** What the server answers when the engine finds the request incomplete or invalid (422). */
export type SubmitRefusal = Pick<IncompleteSubmission, 'message' | 'errors'> & { missing: MissingField[] };

/** POST /api/OrderingEngineering/SubmitData with the engine's payload, retried with one Idempotency-Key; resolves with the stored file name. */
export async function submitEngineeringRequest(payload: FormSubmitBody): Promise<StoredOrder> {
  const response = await postIdempotent<StoredOrder>('/api/OrderingEngineering/SubmitData', payload);
  return response.data;
}

/** The 422 body of a refused submit, or null for any other failure. */
export function readSubmitRefusal(error: unknown): SubmitRefusal | null {
  if (!axios.isAxiosError(error) || error.response?.status !== 422) return null;
  const body = error.response.data as Partial<SubmitRefusal> | undefined;
  if (!body || !Array.isArray(body.missing)) return null;
  return { message: String(body.message ?? ''), missing: body.missing, errors: body.errors ?? {} };
}
