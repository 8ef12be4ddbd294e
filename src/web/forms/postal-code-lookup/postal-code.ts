/** The code to look up once the dealer has typed a whole one: 5 digits, or a Canadian code (6 characters without the space). */
export function toLookupCode(zip: unknown): string | null {
  if (typeof zip !== 'string') return null;
  const compact = zip.replace(/\s+/g, '').toUpperCase();
  if (/^\d{5}$/.test(compact)) return compact;
  if (/^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(compact)) return compact;
  return null;
}

/** Where a postal-code lookup writes, as the ui schema names it (ui:options lookup "postalCode" and fills). */
export interface PostalCodeLookup {
  zipPath: string;
  cityPath?: string;
  statePath?: string;
}

/** Finds the fields with ui:options.lookup = "postalCode" in a ui schema. */
export function findPostalCodeLookups(ui: Record<string, unknown>, prefix = ''): PostalCodeLookup[] {
  const found: PostalCodeLookup[] = [];
  for (const [key, value] of Object.entries(ui)) {
    if (key.startsWith('ui:') || value === null || typeof value !== 'object' || Array.isArray(value)) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const options = (value as Record<string, unknown>)['ui:options'] as
      { lookup?: unknown; fills?: Record<string, string> } | undefined;
    if (options?.lookup === 'postalCode') {
      found.push({ zipPath: path, cityPath: options.fills?.city, statePath: options.fills?.state });
    }
    found.push(...findPostalCodeLookups(value as Record<string, unknown>, path));
  }
  return found;
}
