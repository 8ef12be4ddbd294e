/** Reading a definition's ui schema: which fields a custom piece draws (named by `ui:field`). */

/** The top-level fields whose ui schema names `part` as their ui:field, in the ui schema's order. */
export function fieldsDrawnBy(ui: Record<string, unknown>, part: string): string[] {
  return Object.entries(ui)
    .filter(([, entry]) => (entry as { 'ui:field'?: unknown } | null)?.['ui:field'] === part)
    .map(([name]) => name);
}
