import { createElement, useCallback, useState } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import type { PreviousDraft } from '../../../contracts/forms';
import { useIsPreview } from '../definition-source';
import { fetchPreviousDrafts } from '../draft-storage';
import type { FormSessionHandle } from '../use-form-session';
import { lazyPart, usePreloadWhenIdle } from '../../shared/components/lazy-part';
import { LoadingDialog } from '../../shared/components/loading-dialog';
import { whenFormat } from './describe-draft';

// Opened from a button: its own chunk, preloaded once the page is idle (a loading dialog until it has come).
const previousFormsDialog = lazyPart(
  () => import('./previous-forms-dialog').then((m) => m.PreviousFormsDialog),
  ({ isOpen, onClose }) => createElement(LoadingDialog, { title: 'Previous forms', isOpen, onClose }),
);
const PreviousFormsDialog = previousFormsDialog.Component;

const previousDraftsQuery = (form: string) =>
  queryOptions({ queryKey: ['drafts', form, 'previous'], queryFn: () => fetchPreviousDrafts(form) });

interface StartNewOrderProps {
  form: string;
  session: Pick<FormSessionHandle, 'startNew' | 'restorePrevious' | 'isRestoringDraft' | 'continuedFrom'>;
  /** The form was replaced: the page returns to editing (no outcome, no drawings). */
  onFormReplaced(): void;
  /** Lands edits the page still holds back (the sunroom's delayed lengths), so they are kept too. */
  beforeReplace?(): void;
}

/**
 * "Start a new order" and "Previous forms" above a configurator: the form goes back to its defaults while what it held
 * is kept on the server, to be restored from the list (nothing a dealer typed is lost).
 */
export function StartNewOrder({ form, session, onFormReplaced, beforeReplace }: StartNewOrderProps) {
  const isPreview = useIsPreview();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const previous = useQuery({ ...previousDraftsQuery(form), enabled: !isPreview });
  const [isListOpen, setIsListOpen] = useState(false);
  usePreloadWhenIdle(previousFormsDialog);
  const [isBusy, setIsBusy] = useState(false);
  const { startNew, restorePrevious } = session;
  const count = previous.data?.length ?? 0;

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: previousDraftsQuery(form).queryKey }),
    [queryClient, form],
  );

  const restore = useCallback(
    async (draft: PreviousDraft) => {
      setIsBusy(true);
      try {
        beforeReplace?.();
        const setAside = await restorePrevious(draft.id);
        onFormReplaced();
        setIsListOpen(false);
        enqueueSnackbar(
          `Restored the form last changed ${whenFormat.format(new Date(draft.savedAt))}.${
            setAside ? ' The form you had open is kept under Previous forms.' : ''
          }`,
          { variant: 'success' },
        );
      } catch (error) {
        console.error('The previous form could not be restored', error);
        enqueueSnackbar('The previous form could not be restored; the form is as it was. Please try again.', {
          variant: 'error',
        });
      } finally {
        setIsBusy(false);
        void refresh();
      }
    },
    [restorePrevious, onFormReplaced, beforeReplace, enqueueSnackbar, refresh],
  );

  const begin = useCallback(async () => {
    setIsBusy(true);
    try {
      beforeReplace?.();
      const setAside = await startNew();
      onFormReplaced();
      enqueueSnackbar(
        setAside
          ? 'A new order is started. The form you had is kept: restore it from Previous forms.'
          : 'A new order is started.',
        { variant: 'success' },
      );
    } catch (error) {
      console.error('A new order could not be started', error);
      enqueueSnackbar('The form could not be kept on the server, so it was left as it is. Please try again.', {
        variant: 'error',
      });
    } finally {
      setIsBusy(false);
      void refresh();
    }
  }, [startNew, onFormReplaced, beforeReplace, enqueueSnackbar, refresh]);

  const isDisabled = isBusy || session.isRestoringDraft;
  // The workbench's preview keeps no drafts.
  if (isPreview) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end', alignItems: 'center' }}>
      {session.continuedFrom ? (
        // Why the page is not empty: the unsent form came back (issue 15), and how to begin afresh.
        <Typography color="text.secondary" data-testid="continued-draft" sx={{ flex: '1 1 16rem' }}>
          Continuing your unsent form, last changed {whenFormat.format(new Date(session.continuedFrom))}.
        </Typography>
      ) : null}
      <Button variant="outlined" onClick={() => void begin()} disabled={isDisabled}>
        Start a new order
      </Button>
      <Button variant="text" onClick={() => setIsListOpen(true)} disabled={isDisabled} aria-haspopup="dialog">
        Previous forms{count > 0 ? ` (${count})` : ''}
      </Button>
      <PreviousFormsDialog
        form={form}
        isOpen={isListOpen}
        onClose={() => setIsListOpen(false)}
        previous={previous}
        isBusy={isBusy}
        onRestore={(draft) => void restore(draft)}
      />
    </Stack>
  );
}
