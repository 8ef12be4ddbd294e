import axios from 'axios';
import type { MissingField } from '../../../../engine';
import type { ConfiguratorSubmitBody, ConfiguratorSubmitQuery, StoredOrder } from '../../../../contracts/index';
import { postIdempotent } from '../../../shared/api/idempotent-post';
import { definitionVersionHeaders } from '../../definition-version';
import type { NamedContact } from './get-configurator-contacts';

/** What one submission came to. */
export type SubmitOutcome =
  | { kind: 'sent'; fileName: string }
  /** 999 on hold, 998 employee, 997 product line: the server's text and the contact it names. */
  | { kind: 'refused'; status: 997 | 998 | 999; message: string; contact: NamedContact | null }
  /** 422: the server's engine found the order incomplete. */
  | { kind: 'incomplete'; missing: MissingField[]; errors: Record<string, string> }
  /**
   * 409 `definitions-changed`: the rules were published anew since the page loaded them and give another result;
   * nothing was stored. `missing` and `errors` are the new rules' verdict.
   */
  | { kind: 'definitions-changed'; missing: MissingField[]; errors: Record<string, string>; reasons: string[] }
  | { kind: 'failed'; contact: NamedContact | null };

/** Where a configurator page posts (spec 2 §7, spec 3 §7): the URL, the body's data field and the product for messages. */
export interface SubmitTarget {
  url: string;
  /** SunroomsData, PergolasData, PavillionsData. */
  dataField: string;
  /** 'sunroom', 'pergola', ... (logs). */
  productName: string;
}

/**
 * POST {url}?isOrdered=&form=: {<dataField>: payload} -> {fileName}, one Idempotency-Key per call, kept on its retries;
 * never throws. `form` is the definition the page ran (sunroom, screenroom, impact, ...): the server checks the body
 * with that form (the call's body keeps the spec's shape; the form travels as a query parameter).
 */
export async function submitConfigurator(
  target: SubmitTarget,
  form: string,
  payload: Record<string, unknown>,
  isOrdered: boolean,
): Promise<SubmitOutcome> {
  try {
    const body: ConfiguratorSubmitBody = { [target.dataField]: payload };
    const query: ConfiguratorSubmitQuery = { isOrdered: isOrdered ? 'true' : 'false', form };
    const response = await postIdempotent<StoredOrder>(target.url, body, {
      params: query,
      headers: definitionVersionHeaders(form),
    });
    return { kind: 'sent', fileName: response.data.fileName };
  } catch (error) {
    const outcome = readSubmitFailure(error);
    // A refusal the page explains (on hold, employee, product line, incomplete, definitions changed) is no fault.
    if (outcome.kind === 'failed') console.error(`The ${target.productName} order was not accepted`, error);
    return outcome;
  }
}

/** The outcome of a failed post, from its status code and body. */
export function readSubmitFailure(error: unknown): SubmitOutcome {
  if (!axios.isAxiosError(error) || !error.response) return { kind: 'failed', contact: null };
  const { status, data } = error.response;
  const body = (data ?? {}) as {
    message?: unknown;
    contact?: unknown;
    missing?: unknown;
    errors?: unknown;
    code?: unknown;
    reasons?: unknown;
  };
  const contact = readContact(body.contact);
  if (status === 999 || status === 998 || status === 997)
    return { kind: 'refused', status, message: String(body.message ?? ''), contact };
  if (status === 409 && body.code === 'definitions-changed') {
    return {
      kind: 'definitions-changed',
      missing: Array.isArray(body.missing) ? (body.missing as MissingField[]) : [],
      errors: (body.errors ?? {}) as Record<string, string>,
      reasons: Array.isArray(body.reasons) ? body.reasons.map(String) : [],
    };
  }
  if (status === 422 && Array.isArray(body.missing)) {
    return {
      kind: 'incomplete',
      missing: body.missing as MissingField[],
      errors: (body.errors ?? {}) as Record<string, string>,
    };
  }
  return { kind: 'failed', contact };
}

function readContact(value: unknown): NamedContact | null {
  const contact = value as Partial<NamedContact> | null | undefined;
  if (!contact || typeof contact.name !== 'string') return null;
  return { name: contact.name, phone: String(contact.phone ?? ''), email: String(contact.email ?? '') };
}
