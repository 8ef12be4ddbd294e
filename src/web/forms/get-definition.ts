import type { DefinitionBundle } from '../../engine';
import { apiClient } from '../shared/api/api-client';
import { prefetch, takePrefetched } from '../shared/api/prefetch';
import { rememberDefinitionVersion } from './definition-version';

/**
 * GET /api/definitions/{form}: schema, ui schema, rules and data (catalogues, price tables) of one form; the version it
 * answers (`X-Definitions-Version`) is remembered for the form's submits. The server answers with an ETag, so the
 * browser's cache revalidates (304) and keeps the body until a new version is published.
 * Kept apart from the compiler: the route table imports this module, and the engine must stay out of the main chunk.
 */
export async function getDefinition(form: string): Promise<DefinitionBundle> {
  const response = await apiClient.get<DefinitionBundle>(`/api/definitions/${encodeURIComponent(form)}`);
  rememberDefinitionVersion(form, response.headers['x-definitions-version']);
  return response.data;
}

const prefetchKey = (form: string) => `definition:${form}`;

/** Starts fetching `form`'s definition now, in parallel with the route's code (called from its lazy loader). */
export function prefetchDefinition(form: string): void {
  prefetch(prefetchKey(form), () => getDefinition(form));
}

/** The definition: the one a route's loader started, when recent, else a new request. */
export function fetchDefinition(form: string): Promise<DefinitionBundle> {
  return takePrefetched<DefinitionBundle>(prefetchKey(form)) ?? getDefinition(form);
}
