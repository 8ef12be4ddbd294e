/** City and state/province from a postal code, offline, over the `zipcodes` package (US zips, Canadian FSAs). */
import { createRequire } from 'node:module';
import type zipcodesDataset from 'zipcodes';

// Loading the dataset takes ~150 ms: done at the first lookup rather than at every server start.
let dataset: typeof zipcodesDataset | undefined;
const zipcodes = () => (dataset ??= createRequire(import.meta.url)('zipcodes') as typeof zipcodesDataset);

export interface PostalPlace {
  postalCode: string;
  city: string;
  stateProvince: string;
  country: 'US' | 'CA';
}

/** Why a code is malformed, or the normalised code and its kind. */
export type ParsedPostalCode =
  | { ok: true; kind: 'US'; code: string }
  | { ok: true; kind: 'CA'; code: string; fsa: string }
  | { ok: false; reasons: string[] };

// The dataset's province names are sometimes counties; the FSA's first letter names the province reliably.
const provinceByFirstLetter: Record<string, string> = {
  A: 'NL',
  B: 'NS',
  C: 'PE',
  E: 'NB',
  G: 'QC',
  H: 'QC',
  J: 'QC',
  K: 'ON',
  L: 'ON',
  M: 'ON',
  N: 'ON',
  P: 'ON',
  R: 'MB',
  S: 'SK',
  T: 'AB',
  V: 'BC',
  Y: 'YT',
};

/** Upper-cased, spaces removed, then: 5 digits (a ZIP+4 keeps its first 5) or A1A1A1 / A1A (FSA only). */
export function parsePostalCode(raw: string): ParsedPostalCode {
  const compact = raw.toUpperCase().replace(/\s+/g, '');
  if (/^\d{5}(-?\d{4})?$/.test(compact)) return { ok: true, kind: 'US', code: compact.slice(0, 5) };
  const canadian = /^([A-Z]\d[A-Z])(\d[A-Z]\d)?$/.exec(compact);
  if (canadian) {
    const fsa = canadian[1];
    return { ok: true, kind: 'CA', code: canadian[2] ? `${fsa} ${canadian[2]}` : fsa, fsa };
  }
  if (/^\d+$/.test(compact)) return { ok: false, reasons: ['a US ZIP code has 5 digits'] };
  return { ok: false, reasons: ["expected a 5-digit US ZIP code or a Canadian postal code such as 'M5V 3L9'"] };
}

/** 'Downtown Toronto (Cn Tower / ...)' -> 'Toronto': the dataset names neighbourhoods, a dealer types the city. */
function cityOfCanadianEntry(name: string): string {
  const withoutDetail = name.replace(/\s*\(.*$/, '').trim();
  const toronto = /^(Downtown|Central|East|West) Toronto$/i.exec(withoutDetail);
  return toronto ? 'Toronto' : withoutDetail;
}

function provinceOf(fsa: string, datasetState: string): string {
  if (fsa.startsWith('X')) return /nunavut/i.test(datasetState) ? 'NU' : 'NT';
  return provinceByFirstLetter[fsa[0]] ?? datasetState;
}

/** The place for a well-formed code, or undefined when the dataset does not know it. */
export function lookUpPostalCode(parsed: Extract<ParsedPostalCode, { ok: true }>): PostalPlace | undefined {
  if (parsed.kind === 'US') {
    const entry = zipcodes().lookup(parsed.code);
    if (!entry || entry.country !== 'US') return undefined;
    return { postalCode: parsed.code, city: entry.city, stateProvince: entry.state, country: 'US' };
  }
  const entry = zipcodes().lookup(parsed.fsa);
  if (!entry || entry.country !== 'Canada') return undefined;
  return {
    postalCode: parsed.code,
    city: cityOfCanadianEntry(entry.city),
    stateProvince: provinceOf(parsed.fsa, entry.state),
    country: 'CA',
  };
}
