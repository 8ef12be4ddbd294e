import { createContext, useContext } from 'react';
import type { CompiledDefinition, FormContext } from '../../engine';
import type { FormStore } from './form-store';

/**
 * A form page shown with a definition handed in rather than fetched: the definitions workbench's preview renders the
 * dealers' own configurator components with a staff member's draft. Present, it is a preview and nothing leaves the
 * browser: no draft is read or saved (browser or server) and the submit flow stops at the summary's Yes. Absent
 * (every dealer page), the hooks behave exactly as before: fetched, drafts kept, orders sent.
 */
export interface DefinitionSource {
  /** The compiled definition to show for `form`; undefined: fetch the published one as a dealer's page does. */
  definitionOf(form: string): CompiledDefinition | undefined;
  /**
   * The store of a form session for `definition` (the preview keeps the answers across definitions and records the
   * edits); undefined: a new store over a new session, as a dealer's page makes.
   */
  storeFor?(definition: CompiledDefinition, context: FormContext): FormStore;
}

export const DefinitionSourceContext = createContext<DefinitionSource | null>(null);

/** The enclosing preview's source, or null on a dealer's page. */
export function useDefinitionSource(): DefinitionSource | null {
  return useContext(DefinitionSourceContext);
}

/** Whether the page is a preview (nothing is sent or saved). */
export function useIsPreview(): boolean {
  return useContext(DefinitionSourceContext) !== null;
}
