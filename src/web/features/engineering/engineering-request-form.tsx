import { useCallback, useMemo, useState } from 'react';
import { Alert, Box, Button, CircularProgress, DialogActions, DialogContent, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import type { CompiledDefinition } from '../../../engine';
import { useAuth } from '../../app/auth/auth-provider';
import {
  DefinitionForm,
  isPathHidden,
  listProblems,
  MissingFieldsDialog,
  useFormSelector,
  useFormSession,
  type PriceList,
  type ProblemLine,
} from '../../forms';
import { useEngineeringMailParts, useEngineeringParts } from './api/get-engineering-prices';
import { readSubmitRefusal, submitEngineeringRequest } from './api/submit-engineering-request';
import { buildEngineeringContext } from './build-engineering-context';
import { usePostalCodeLookup } from '../../forms/postal-code-lookup';

export const engineeringSuccessMessage = 'Engineering request received by TEMO!';
export const engineeringFailureMessage = 'Error submitting order. Please try again.';

interface EngineeringRequestFormProps {
  definition: CompiledDefinition;
  locations: Record<string, string>;
  onClose(): void;
}

/** The engineering request: the engine-driven form, the mail note, the missing list and the submit. */
export function EngineeringRequestForm({ definition, locations, onClose }: EngineeringRequestFormProps) {
  const { account } = useAuth();
  const { enqueueSnackbar } = useSnackbar();
  const parts = useEngineeringParts();
  const mailParts = useEngineeringMailParts();
  const context = useMemo(
    () => buildEngineeringContext(locations, parts.data, mailParts.data),
    [locations, parts.data, mailParts.data],
  );
  const { store, clearDraft, isRestoringDraft } = useFormSession(definition, context, {
    draftKey: `engineering:${account?.username ?? 'anonymous'}`,
  });
  usePostalCodeLookup(store);

  const mailStatus: PriceList['status'] = mailParts.isError ? 'error' : mailParts.data ? 'ok' : 'loading';
  const formContext = useMemo(
    () => ({ priceLists: { mailParts: { status: mailStatus, prices: mailParts.data ?? {} } satisfies PriceList } }),
    [mailStatus, mailParts.data],
  );
  const uiOptions = (definition.bundle.ui['ui:options'] ?? {}) as { note?: string; submitText?: string };
  const isMailing = useFormSelector(store, (view) => !isPathHidden(view.state, 'mailMethod'));
  const [problems, setProblems] = useState<ProblemLine[] | null>(null);
  const [isSending, setIsSending] = useState(false);

  const submit = useCallback(async () => {
    if (isSending) return;
    store.showMessages();
    const state = store.getState();
    if (!state.isSubmittable) {
      setProblems(listProblems(state, definition.labelOf));
      return;
    }
    setIsSending(true);
    try {
      await submitEngineeringRequest(state.payload);
      enqueueSnackbar(engineeringSuccessMessage, { variant: 'success' });
      void clearDraft();
      onClose();
    } catch (error) {
      console.error('The engineering request was not accepted', error);
      enqueueSnackbar(engineeringFailureMessage, { variant: 'error' });
      const refusal = readSubmitRefusal(error);
      if (refusal) setProblems(listProblems(refusal, definition.labelOf));
      setIsSending(false);
    }
  }, [isSending, store, definition, enqueueSnackbar, clearDraft, onClose]);

  return (
    <>
      <DialogContent dividers data-draft-restored={isRestoringDraft ? undefined : 'true'}>
        <DefinitionForm
          id="engineering-request"
          store={store}
          formContext={formContext}
          onSubmitRequest={() => void submit()}
        />
        {isMailing && uiOptions.note ? (
          <Alert severity="info" sx={{ mt: 2 }} data-testid="mail-note">
            {uiOptions.note}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>Cancel</Button>
        {isSending ? (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 36.5 }}>
            <CircularProgress size={20} aria-hidden />
            <Typography>Sending...</Typography>
          </Box>
        ) : (
          <Button variant="contained" onClick={() => void submit()}>
            {uiOptions.submitText ?? 'Submit'}
          </Button>
        )}
      </DialogActions>
      <MissingFieldsDialog problems={problems} onClose={() => setProblems(null)} />
    </>
  );
}
