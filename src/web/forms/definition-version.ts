/**
 * The definitions version each form's page loaded (issue 12): `GET /api/definitions/{form}` names it in
 * `X-Definitions-Version`, and every submit of that form sends it back, so the server re-checks a page that loaded a
 * version older than the one published now (409 `definitions-changed` when the result differs).
 */

/** The header the definition's answer names its version in, and a submit sends it back in. */
export const definitionVersionHeader = 'X-Definitions-Version';

const loaded = new Map<string, number>();

/** Remembers the version of the definition the page now runs for `form` (the header's value; ignored when absent). */
export function rememberDefinitionVersion(form: string, header: unknown): void {
  const version = Number(header);
  if (Number.isInteger(version) && version > 0) loaded.set(form, version);
}

/** The headers a submit of `form` sends: the version its page loaded, when known. */
export function definitionVersionHeaders(form: string): Record<string, string> {
  const version = loaded.get(form);
  return version === undefined ? {} : { [definitionVersionHeader]: String(version) };
}
