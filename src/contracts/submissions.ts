/**
 * Bodies of the submit routes. Their fields are a definition's schema.json (closed and bounded by the server, checked
 * against the definition it serves now, so a staff edit applies at once; GET /api/definitions/{form} gives it), so the
 * contract names the wrapper and points at the form; the answers are in common.ts (`submitAnswers`).
 */
import { Type, type Static } from '@sinclair/typebox';
import { OpenObject, StringEnum } from './schema-helpers';

/** ?isOrdered=true|false&form= of a configurator submission: an order, or a preview (status initial), of that form. */
export const ConfiguratorSubmitQuery = Type.Object({
  isOrdered: StringEnum(['true', 'false'] as const),
  /** The form the page ran (one this call takes; default its first). */
  form: Type.Optional(Type.String({ maxLength: 64 })),
});
export type ConfiguratorSubmitQuery = Static<typeof ConfiguratorSubmitQuery>;

const formsText = (forms: readonly string[]) => forms.map((form) => `definitions/${form}/schema.json`).join(' or ');

/** {<dataField>: the form's answers}, e.g. {SunroomsData: {...}}. */
export function configuratorSubmitBody(dataField: string, forms: readonly string[]) {
  return Type.Object(
    { [dataField]: OpenObject({ description: `the answers of ${formsText(forms)}, closed and bounded` }) },
    { additionalProperties: false },
  );
}
/** What a configurator page posts: its data field (SunroomsData, PergolasData, PavillionsData) around the answers. */
export type ConfiguratorSubmitBody = Record<string, Record<string, unknown>>;

/** A form's answers posted as the whole body (engineering request, carts). */
export const formSubmitBody = (forms: readonly string[]) =>
  Type.Unsafe<Record<string, unknown>>({
    type: 'object',
    description: `the answers of ${formsText(forms)}, closed and bounded`,
  });
/** The body of a cart or engineering submit: the form's answers (its payload as the engine gives it). */
export type FormSubmitBody = Record<string, unknown>;
