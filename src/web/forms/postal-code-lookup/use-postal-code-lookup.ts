import { useEffect } from 'react';
import { valueAt, type FormStore } from '../form-store';
import { lookUpPostalCode } from './look-up-postal-code';
import { findPostalCodeLookups, toLookupCode } from './postal-code';

/**
 * When the dealer completes a zip, fills city and state/province through the session (spec 2 §5.1, shared by
 * the portal): a failed lookup clears both. Only edits trigger it, so a restored draft keeps what was typed.
 */
export function usePostalCodeLookup(store: FormStore): void {
  useEffect(() => {
    const lookups = findPostalCodeLookups(store.definition.bundle.ui);
    let latest = 0;
    return store.onDataChange((state, cause, path) => {
      const lookup = lookups.find((candidate) => candidate.zipPath === path);
      if (cause !== 'edit' || !lookup) return;
      const code = toLookupCode(valueAt(state, lookup.zipPath));
      if (!code) return;
      const request = ++latest;
      const fill = (city: string, stateProvince: string) => {
        // A newer zip (or a changed one) wins over an answer that arrives late.
        if (request !== latest || toLookupCode(valueAt(store.getState(), lookup.zipPath)) !== code) return;
        if (lookup.cityPath) store.set(lookup.cityPath, city);
        if (lookup.statePath) store.set(lookup.statePath, stateProvince);
      };
      lookUpPostalCode(code).then(
        (place) => fill(place.city, place.stateProvince),
        (error: unknown) => {
          console.error(`Postal code ${code} could not be looked up`, error);
          fill('', '');
        },
      );
    });
  }, [store]);
}
