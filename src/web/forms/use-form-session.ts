import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PreviousDraft } from '../../contracts/forms';
import { createSession, type CompiledDefinition, type FormContext } from '../../engine';
import { useDefinitionSource } from './definition-source';
import { createFormStore, type FormStore } from './form-store';
import {
  deleteServerDraft,
  fetchServerDraft,
  pickNewerDraft,
  readLocalDraft,
  removeLocalDraft,
  restoreServerDraft,
  saveServerDraft,
  startNewServerDraft,
  writeLocalDraft,
  type DraftStorage,
} from './draft-storage';
import { createLocalDraftWriter, type LocalDraftWriter } from './local-draft-writer';

export interface FormSessionOptions {
  /** Names the draft: the form and the signed-in user (e.g. `engineering:lakeside`). */
  draftKey: string;
  /** Delay of the server save after the last edit (the browser copy is written when the page is idle or left). */
  serverSaveDelayMs?: number;
}

export interface FormSessionHandle {
  store: FormStore;
  /** True until the server's draft has been compared with the browser's. */
  isRestoringDraft: boolean;
  /** When the draft the form opened with was last changed (ISO time), or null: the form opened empty or was replaced. */
  continuedFrom: string | null;
  /** Forgets the draft here and on the server (after a successful submit). */
  clearDraft(): Promise<void>;
  /**
   * "Start a new order": the form as shown is set aside on the server (when it holds anything typed) and the form
   * goes back to its defaults. Resolves with what was set aside (null: nothing to keep); throws when the server could
   * not keep it, and then the form is left as it was.
   */
  startNew(): Promise<PreviousDraft | null>;
  /** Brings back a set-aside draft; what the form showed is set aside in its place (resolved; null: nothing kept). */
  restorePrevious(id: number): Promise<PreviousDraft | null>;
}

function browserStorage(): DraftStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/**
 * One engine session for a mounted form, with its draft: restored on open (the newer of the browser's and the
 * server's), kept in localStorage after every edit (when the page is idle, or at once when it is left) and on the server after `serverSaveDelayMs` of quiet.
 * `context` should be memoised: each new object re-derives the form.
 * In a preview (DefinitionSourceContext) no draft is read or saved, and the source may make the store.
 */
export function useFormSession(
  definition: CompiledDefinition,
  context: FormContext,
  { draftKey, serverSaveDelayMs = 1000 }: FormSessionOptions,
): FormSessionHandle {
  const form = definition.form;
  const source = useDefinitionSource();
  const isPreview = source !== null;
  const initialContext = useRef(context);
  const localDraft = useMemo(
    () => (isPreview ? null : readLocalDraft(browserStorage(), draftKey)),
    [draftKey, isPreview],
  );
  // A definition reloaded while the page is open (a newer version published): the new store starts from what was typed.
  // Its messages stay shown when the old store showed them (a submit was tried).
  const typed = useRef<Record<string, unknown> | undefined>(undefined);
  const previous = useRef<FormStore | undefined>(undefined);
  const store = useMemo(() => {
    const made =
      source?.storeFor?.(definition, initialContext.current) ??
      createFormStore(definition, { context: initialContext.current, start: typed.current ?? localDraft?.data });
    if (previous.current?.getView().isShowingMessages) made.showMessages();
    previous.current = made;
    return made;
  }, [definition, localDraft, source]);
  useEffect(() => {
    typed.current = store.getState().data;
    return store.onDataChange((state) => {
      typed.current = state.data;
    });
  }, [store]);
  const [isRestoringDraft, setIsRestoringDraft] = useState(!isPreview);
  const [continuedFrom, setContinuedFrom] = useState<string | null>(null);
  const pendingSave = useRef<{ timer: ReturnType<typeof setTimeout>; data: Record<string, unknown> } | null>(null);
  const hasEdited = useRef(false);
  const localWriter = useRef<LocalDraftWriter | null>(null);

  useEffect(() => {
    if (context !== initialContext.current) store.setContext(context);
  }, [store, context]);

  useEffect(() => {
    if (isPreview) return undefined;
    let isCurrent = true;
    void fetchServerDraft(form).then((serverDraft) => {
      if (!isCurrent) return;
      const newer = pickNewerDraft(localDraft, serverDraft);
      if (newer && !hasEdited.current) setContinuedFrom(newer.updatedAt);
      // An edit made while the server answered wins over any saved draft.
      if (newer && newer === serverDraft && !hasEdited.current) {
        store.load(serverDraft.data);
        writeLocalDraft(browserStorage(), draftKey, serverDraft);
      } else if (newer && newer === localDraft && newer !== serverDraft && !hasEdited.current) {
        // The page closed before its last server save: the browser's copy catches the server up.
        saveServerDraft(form, localDraft.data).catch((error: unknown) =>
          console.error('The draft could not be saved on the server', error),
        );
      }
      setIsRestoringDraft(false);
    });
    return () => {
      isCurrent = false;
    };
  }, [store, form, draftKey, localDraft, isPreview]);

  useEffect(() => {
    if (isPreview) return undefined;
    const flush = () => {
      const pending = pendingSave.current;
      if (!pending) return;
      clearTimeout(pending.timer);
      pendingSave.current = null;
      saveServerDraft(form, pending.data).catch((error: unknown) =>
        console.error('The draft could not be saved on the server', error),
      );
    };
    const writer = createLocalDraftWriter(browserStorage(), draftKey);
    localWriter.current = writer;
    const unsubscribe = store.onDataChange((state, cause) => {
      if (cause !== 'edit') return;
      hasEdited.current = true;
      writer.schedule({ data: state.data, updatedAt: new Date().toISOString() });
      if (pendingSave.current) clearTimeout(pendingSave.current.timer);
      pendingSave.current = { timer: setTimeout(flush, serverSaveDelayMs), data: state.data };
    });
    return () => {
      unsubscribe();
      // Closing the form early still saves what was typed.
      writer.dispose();
      if (localWriter.current === writer) localWriter.current = null;
      flush();
    };
  }, [store, form, draftKey, serverSaveDelayMs, isPreview]);

  const clearDraft = useCallback(async () => {
    if (isPreview) return;
    if (pendingSave.current) clearTimeout(pendingSave.current.timer);
    pendingSave.current = null;
    localWriter.current?.cancel();
    removeLocalDraft(browserStorage(), draftKey);
    await deleteServerDraft(form).catch((error: unknown) =>
      console.error('The draft could not be removed from the server', error),
    );
  }, [form, draftKey, isPreview]);

  // What the form holds that a fresh one would not: only then is it worth setting aside.
  const typedAnswers = useCallback((): Record<string, unknown> | undefined => {
    const data = store.getState().data;
    const fresh = createSession(definition, { context }).state.data;
    return JSON.stringify(data) === JSON.stringify(fresh) ? undefined : data;
  }, [store, definition, context]);

  /**
   * Runs a call that replaces the server's draft. A save still waiting would land after it and bring the old form
   * back, so it is dropped first; if the call fails it is sent after all (the browser's copy also still holds it).
   */
  const replacingDraft = useCallback(
    async <T>(call: () => Promise<T>): Promise<T> => {
      const pending = pendingSave.current;
      if (pending) clearTimeout(pending.timer);
      pendingSave.current = null;
      try {
        return await call();
      } catch (error) {
        if (pending) {
          saveServerDraft(form, pending.data).catch((saveError: unknown) =>
            console.error('The draft could not be saved on the server', saveError),
          );
        }
        throw error;
      }
    },
    [form],
  );

  const startNew = useCallback(async () => {
    if (isPreview) return null;
    // The server sets aside what the page shows (typed just now included).
    const setAside = await replacingDraft(() => startNewServerDraft(form, typedAnswers()));
    hasEdited.current = false;
    setContinuedFrom(null);
    localWriter.current?.cancel();
    removeLocalDraft(browserStorage(), draftKey);
    store.load({});
    store.hideMessages();
    return setAside;
  }, [isPreview, form, typedAnswers, replacingDraft, draftKey, store]);

  const restorePrevious = useCallback(
    async (id: number) => {
      if (isPreview) return null;
      const restored = await replacingDraft(() => restoreServerDraft(form, id, typedAnswers()));
      const data = (restored.data ?? {}) as Record<string, unknown>;
      localWriter.current?.cancel();
      writeLocalDraft(browserStorage(), draftKey, { data, updatedAt: restored.updatedAt });
      setContinuedFrom(null);
      store.load(data);
      store.hideMessages();
      return restored.setAside;
    },
    [isPreview, form, typedAnswers, replacingDraft, draftKey, store],
  );

  return { store, isRestoringDraft, continuedFrom, clearDraft, startNew, restorePrevious };
}
