import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { Option } from '../../engine';
import { isPathDisabled, isPathHidden, valueAt, type FormStore, type FormView } from './form-store';
import { isPathRequired } from './required-paths';

/**
 * Reads one slice of the store; the component re-renders only when `isEqual` says the slice changed. With `key` (a
 * field's path or `computed:<name>`, see FormStore.subscribeTo) the selector runs only when that key changed: a slice
 * of one field must read nothing else.
 * @example const total = useFormSelector(store, (view) => view.state.price);
 */
export function useFormSelector<T>(
  store: FormStore,
  select: (view: FormView) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
  key?: string,
): T {
  const last = useRef<{ view: FormView; value: T } | null>(null);
  const selectRef = useRef(select);
  selectRef.current = select;
  const getSnapshot = useCallback(() => {
    const view = store.getView();
    const cached = last.current;
    if (cached && cached.view === view) return cached.value;
    const next = selectRef.current(view);
    // Keep the previous object when equal, so React sees no change.
    const value = cached && isEqual(cached.value, next) ? cached.value : next;
    last.current = { view, value };
    return value;
  }, [store, isEqual]);
  const subscribe = useCallback(
    (listener: () => void) => (key === undefined ? store.subscribe(listener) : store.subscribeTo(key, listener)),
    [store, key],
  );
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** Everything one field shows, from the engine's state. */
export interface FieldSlice {
  value: unknown;
  isHidden: boolean;
  isDisabled: boolean;
  isRequired: boolean;
  /** Choices offered by the engine now, or undefined when the engine has none for this path. */
  options: Option[] | undefined;
  /** The message shown at the field (only once messages are on). */
  message: string | undefined;
}

/** The slice of one field; stable while nothing it shows changes. */
export function useFieldSlice(store: FormStore, path: string): FieldSlice {
  return useFormSelector(store, (view) => selectFieldSlice(store, view, path), isSameFieldSlice, path);
}

/**
 * The slice of one field without its value, for an input that is not controlled (it holds what is typed and is told
 * the store's text directly): a keystroke that changes only the value re-renders nothing.
 */
export function useFieldStatus(store: FormStore, path: string): Omit<FieldSlice, 'value'> {
  return useFormSelector(store, (view) => selectFieldSlice(store, view, path), isSameFieldStatus, path);
}

function isSameFieldStatus(a: FieldSlice, b: FieldSlice): boolean {
  return isSameFieldSlice({ ...a, value: undefined }, { ...b, value: undefined });
}

/** What the field at `path` shows in `view`. */
export function selectFieldSlice(store: FormStore, view: FormView, path: string): FieldSlice {
  const { state } = view;
  const isHidden = isPathHidden(state, path);
  return {
    value: valueAt(state, path),
    isHidden,
    isDisabled: isPathDisabled(state, path),
    isRequired: !isHidden && isPathRequired(store.definition, path),
    options: state.options[path],
    message: view.isShowingMessages ? state.errors[path] : undefined,
  };
}

function isSameFieldSlice(a: FieldSlice, b: FieldSlice): boolean {
  return (
    Object.is(a.value, b.value) &&
    a.isHidden === b.isHidden &&
    a.isDisabled === b.isDisabled &&
    a.isRequired === b.isRequired &&
    a.message === b.message &&
    isSameOptions(a.options, b.options)
  );
}

/** Option lists are rebuilt by some rules on every derive; compare their contents. */
export function isSameOptions(a: Option[] | undefined, b: Option[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((option, i) => option.value === b[i].value && option.label === b[i].label);
}
