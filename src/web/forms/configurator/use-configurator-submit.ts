import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useIsPreview } from '../definition-source';
import { definitionQuery } from '../use-compiled-definition';
import type { FormStore } from '../form-store';
import { listProblems, type ProblemLine } from '../missing-fields-dialog';
import type { NamedContact } from './api/get-configurator-contacts';
import { submitConfigurator, type SubmitTarget } from './api/submit-configurator';
import {
  definitionsChangedMessage,
  describeFailure,
  notOrderedYetMessage,
  orderedMessage,
  previewNotSentMessage,
  type RefusalTexts,
  type StatusMessage,
} from './submit-messages';

/** Where the order is on its way to the manufacturer (spec 2 §4.2, spec 3 §4). */
export type SubmitPhase = 'editing' | 'confirming' | 'sending' | 'preview' | 'ordering' | 'ordered';

export interface ConfiguratorSubmitOptions {
  store: FormStore;
  /** The page's submit call: URL and body field (e.g. PergolasData). */
  target: SubmitTarget;
  /** Forgets the draft once the order is sent. */
  clearDraft(): Promise<void>;
  /** Named by the generic error message. */
  supportContact: NamedContact | null;
  /** Texts for 999/998/997 when the server's answer has none (the product's own wording). */
  refusalTexts?: Partial<RefusalTexts>;
  /** Runs before the missing list is judged (e.g. typing held back by the page). */
  beforeSubmit?(): void;
  /** Also told of a failed 'I am done making changes': the drawings cover the status line (e.g. a toast over them). */
  onFailureOverDrawings?(failure: StatusMessage): void;
}

export interface ConfiguratorSubmit {
  phase: SubmitPhase;
  /** The missing-fields dialog's lines, or null while it is closed. */
  problems: ProblemLine[] | null;
  status: StatusMessage | null;
  /** The preview's fileName while its drawings are shown. */
  previewFileName: string | null;
  /** The submit button: the missing fields, else the summary. */
  requestSubmit(): void;
  /** Yes in the summary: an order, or a preview when the drawing package is YES (the definition says which). */
  confirm(): void;
  /** 'I am done making changes' in the drawings: the preview becomes the order. */
  finishOrder(): void;
  /** No in the summary. */
  cancelConfirm(): void;
  /** Closing the drawings returns to ordering: the preview is forgotten (spec 2 §4.3). */
  closeDrawings(): void;
  closeProblems(): void;
  /** The form was replaced (a new order, a draft restored): back to editing with no outcome shown. */
  startOver(): void;
}

/**
 * The submit flow every configurator page shares (spec 2 §4.2, spec 3 §4): missing fields or the summary; Yes posts
 * `isOrdered` as the definition computes it; a preview opens the drawings, whose 'I am done making changes' orders
 * it; 999/998/997 and other failures become a status message and the form stays as it was. In a preview
 * (DefinitionSourceContext) Yes sends nothing: it says what a dealer's Yes would have sent.
 */
export function useConfiguratorSubmit({
  store,
  target,
  clearDraft,
  supportContact,
  refusalTexts,
  beforeSubmit,
  onFailureOverDrawings,
}: ConfiguratorSubmitOptions): ConfiguratorSubmit {
  const [phase, setPhase] = useState<SubmitPhase>('editing');
  const [problems, setProblems] = useState<ProblemLine[] | null>(null);
  const [status, setStatus] = useState<StatusMessage | null>(null);
  const [previewFileName, setPreviewFileName] = useState<string | null>(null);
  const { labelOf } = store.definition;
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const isPreview = useIsPreview();

  const requestSubmit = useCallback(() => {
    if (phase !== 'editing') return;
    beforeSubmit?.();
    store.showMessages();
    const state = store.getState();
    if (!state.isSubmittable) setProblems(listProblems(state, labelOf));
    else setPhase('confirming');
  }, [phase, beforeSubmit, store, labelOf]);

  const send = useCallback(
    async (isFinalOrder: boolean) => {
      const state = store.getState();
      const isOrdered = isFinalOrder || state.isOrdered;
      if (isPreview) {
        setPhase('editing');
        setStatus({ severity: 'info', text: previewNotSentMessage(isOrdered), contact: null });
        return;
      }
      const payload =
        isFinalOrder && previewFileName
          ? { ...state.payload, currentCADImagesFiles: [previewFileName] }
          : state.payload;
      setPhase(isFinalOrder ? 'ordering' : 'sending');
      setStatus(null);
      const outcome = await submitConfigurator(target, store.definition.form, payload, isOrdered);
      if (outcome.kind === 'sent' && isOrdered) {
        setPreviewFileName(null);
        setStatus({ severity: 'success', text: orderedMessage, contact: null });
        setPhase('ordered');
        void clearDraft();
        return;
      }
      if (outcome.kind === 'sent') {
        setPreviewFileName(outcome.fileName);
        setStatus({ severity: 'info', text: notOrderedYetMessage, contact: null });
        setPhase('preview');
        return;
      }
      setPhase(isFinalOrder ? 'preview' : 'editing');
      if (outcome.kind === 'incomplete') return setProblems(listProblems(outcome, labelOf));
      if (outcome.kind === 'definitions-changed') {
        // Reload the definition (the page re-renders with the new rules; the form keeps the typed values) and say why.
        const changed: StatusMessage = { severity: 'info', text: definitionsChangedMessage(outcome), contact: null };
        setStatus(changed);
        store.showMessages();
        void queryClient.invalidateQueries({ queryKey: definitionQuery(store.definition.form).queryKey });
        if (isFinalOrder) onFailureOverDrawings?.(changed);
        return;
      }
      const failure = describeFailure(outcome, supportContact, refusalTexts);
      setStatus(failure);
      // Where the eye is: the summary just closed, and the message in place may sit below the fold.
      enqueueSnackbar(failure.text, { variant: 'error' });
      if (isFinalOrder) onFailureOverDrawings?.(failure);
    },
    [
      store,
      previewFileName,
      target,
      clearDraft,
      labelOf,
      supportContact,
      refusalTexts,
      onFailureOverDrawings,
      queryClient,
      isPreview,
      enqueueSnackbar,
    ],
  );

  const closeDrawings = useCallback(() => {
    setPreviewFileName(null);
    setStatus(null);
    setPhase('editing');
  }, []);

  return {
    phase,
    problems,
    status,
    previewFileName,
    requestSubmit,
    confirm: () => void send(false),
    finishOrder: () => void send(true),
    cancelConfirm: () => setPhase('editing'),
    closeDrawings,
    closeProblems: () => setProblems(null),
    startOver: () => {
      setProblems(null);
      closeDrawings();
    },
  };
}
