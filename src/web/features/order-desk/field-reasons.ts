/**
 * A 400's reasons put at the fields they name: the lifecycle's own ("detailer is required", "shipTo.streetAddress
 * ...") and the schema's ("body/schedDate must ..."); what names no field stays a general reason.
 */
import axios from 'axios';
import type { Refusal } from '../../../contracts/common';

export interface SortedReasons<Field extends string> {
  byField: Partial<Record<Field, string>>;
  general: string[];
}

/** The API's name of a field (as a reason starts with it) mapped to the form's field and its label. */
export type FieldNames<Field extends string> = Record<string, { field: Field; label: string }>;

const leadingName = /^(?:body\/)?([A-Za-z]+(?:[./][A-Za-z]+)*)\b\s*(.*)$/s;

export function sortReasons<Field extends string>(
  reasons: readonly string[],
  names: FieldNames<Field>,
): SortedReasons<Field> {
  const byField: Partial<Record<Field, string>> = {};
  const general: string[] = [];
  for (const reason of reasons) {
    const match = leadingName.exec(reason.trim());
    const apiName = match?.[1].replace(/\//g, '.');
    const known = apiName ? names[apiName] : undefined;
    if (!known || !match) {
      general.push(reason);
      continue;
    }
    const text = `${known.label} ${match[2]}`.trim();
    byField[known.field] = byField[known.field] ? `${byField[known.field]}; ${text}` : text;
  }
  return { byField, general };
}

/** The refusal an API call failed with (status and body), or undefined for a failure without an answer. */
export function refusalOf(error: unknown): { status: number; body: Refusal } | undefined {
  if (!axios.isAxiosError(error) || !error.response) return undefined;
  const data = error.response.data as Partial<Refusal> | undefined;
  const message = typeof data?.message === 'string' ? data.message : error.message;
  const reasons = Array.isArray(data?.reasons) ? data.reasons.filter((r): r is string => typeof r === 'string') : [];
  return { status: error.response.status, body: { message, reasons } };
}

/** Where a failed call's words go: a 400's reasons at their fields, anything else (or a 400 naming none) in general. */
export function placeFailure<Field extends string>(error: unknown, names: FieldNames<Field>): SortedReasons<Field> {
  const refusal = refusalOf(error);
  if (refusal?.status !== 400) return { byField: {}, general: [failureMessage(error)] };
  const sorted = sortReasons(refusal.body.reasons ?? [], names);
  if (sorted.general.length || Object.keys(sorted.byField).length) return sorted;
  return { byField: {}, general: [refusal.body.message] };
}

/** A failure in words for staff: the server's message when it gave one. */
export function failureMessage(error: unknown): string {
  const refusal = refusalOf(error);
  if (refusal) return refusal.body.message;
  return 'The server could not be reached. Please try again.';
}
