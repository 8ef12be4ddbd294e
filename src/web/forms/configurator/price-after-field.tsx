import { useMemo, type ReactNode } from 'react';
import type { FormStore } from '../form-store';
import { PriceDisplay } from '../price-display';

/**
 * The live approximate price placed right after the field at `path` (DefinitionForm `fieldExtras`), by default the
 * width, so every configurator shows it beside the dimensions it depends on (spec 1 §9).
 * @example <DefinitionForm store={store} fieldExtras={usePriceAfterField(store)} />
 */
export function usePriceAfterField(store: FormStore, path = 'widthFeet'): Readonly<Record<string, ReactNode>> {
  return useMemo(() => ({ [path]: <PriceDisplay store={store} /> }), [store, path]);
}
