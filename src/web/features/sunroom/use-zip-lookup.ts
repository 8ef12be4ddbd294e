import { useEffect } from 'react';
import { getJson } from '../../shared/api/api-client';
import { valueAt, type FormStore } from '../../forms';

interface Place {
  city: string;
  stateProvince: string;
}

/** A whole US zip (5 digits) or Canadian code (6 characters without the space), else null (spec 2 §5.1). */
export function toLookupCode(zip: unknown): string | null {
  if (typeof zip !== 'string') return null;
  const compact = zip.replace(/\s+/g, '').toUpperCase();
  return /^\d{5}$/.test(compact) || /^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(compact) ? compact : null;
}

/**
 * Spec 2 §5.1: once the dealer completes a zip, city and state/province are filled from GET /api/geo/postal-codes;
 * a failed lookup clears both. Only edits trigger it, so a restored draft keeps what was typed.
 */
export function useZipLookup(store: FormStore): void {
  useEffect(() => {
    let latest = 0;
    return store.onDataChange((state, cause, path) => {
      if (cause !== 'edit' || path !== 'personalInfo.zip') return;
      const code = toLookupCode(valueAt(state, path));
      if (!code) return;
      const request = ++latest;
      const fill = (city: string, stateProvince: string) => {
        if (request !== latest || toLookupCode(valueAt(store.getState(), path)) !== code) return;
        store.set('personalInfo.city', city);
        store.set('personalInfo.stateProvince', stateProvince);
      };
      getJson<Place>(`/api/geo/postal-codes/${encodeURIComponent(code)}`).then(
        (place) => fill(place.city, place.stateProvince),
        (error: unknown) => {
          console.error(`Postal code ${code} could not be looked up`, error);
          fill('', '');
        },
      );
    });
  }, [store]);
}
