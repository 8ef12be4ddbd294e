import { createContext, useContext, type ReactNode } from 'react';
import type { FormStore } from './form-store';

/** The store the renderer's templates and widgets read. */
export const FormStoreContext = createContext<FormStore | null>(null);

/** The dot path of the field being rendered, set by the FieldTemplate for the widget inside it. */
export const FieldPathContext = createContext<string>('');

/** The store of the enclosing DefinitionForm; throws outside one. */
export function useFormStore(): FormStore {
  const store = useContext(FormStoreContext);
  if (!store) throw new Error('useFormStore must be used inside <DefinitionForm>.');
  return store;
}

/** What a page shows right after a field of the generic form, by path (e.g. the live price after the width). */
export const FieldExtrasContext = createContext<Readonly<Record<string, ReactNode>>>({});
