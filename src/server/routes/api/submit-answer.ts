/** What a submit route answers for each outcome of the submit pipeline (services/submit-pipeline). */
import type { SubmitOutcome } from '../../services/submit-pipeline/index';
import type { SubmitAnswer } from './idempotent-answer';

/**
 * 201 {fileName} for a new order or preview, 200 {fileName} when an order turns its preview into the order;
 * 999/998/997 {message, contact} from the dealer's status; 404 when the form has no definition; 400 {message, reasons}
 * for a malformed body; 422 {message, missing, errors} when the rules find it incomplete; 409 when the named preview is
 * already an order.
 */
export function toSubmitAnswer(form: string, outcome: SubmitOutcome): SubmitAnswer {
  switch (outcome.kind) {
    case 'unknown-form':
      return { status: 404, body: { statusCode: 404, error: 'Not Found', message: `Unknown form '${outcome.form}'` } };
    case 'refused':
      return {
        status: outcome.refusal.status,
        body: { message: outcome.refusal.message, contact: outcome.refusal.contact },
      };
    case 'malformed':
      return {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: `The request body does not fit the ${form} form`,
          reasons: outcome.reasons,
        },
      };
    case 'incomplete': {
      const counts = [
        outcome.missing.length ? `${outcome.missing.length} required field(s) missing` : '',
        Object.keys(outcome.errors).length ? `${Object.keys(outcome.errors).length} invalid field(s)` : '',
      ].filter(Boolean);
      return {
        status: 422,
        body: {
          statusCode: 422,
          error: 'Unprocessable Entity',
          message: `The ${form} order was not stored: ${counts.join(', ')}`,
          missing: outcome.missing,
          errors: outcome.errors,
        },
      };
    }
    case 'already-ordered':
      return {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          message: `The preview ${outcome.fileName} has already been ordered; this order was not stored again`,
        },
      };
    case 'stored':
      return { status: outcome.isNew ? 201 : 200, body: { fileName: outcome.fileName } };
  }
}
