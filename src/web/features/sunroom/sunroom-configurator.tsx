import { memo, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import type { CompiledDefinition, FormContext } from '../../../engine';
import { useAuth } from '../../app/auth/auth-provider';
import { DrawingOverlay } from '../drawings/drawing-overlay';
import { DefinitionForm, isPathHidden, listProblems, MissingFieldsDialog, useFormSelector, useFormSession, type FormStore, type ProblemLine } from '../../forms';
import { describeFailure, formatContact, notOrderedYetMessage, orderedMessage, SummaryModal, useConfiguratorContacts, usePriceAfterField, type StatusMessage } from '../../forms/configurator';
import { submitSunroom } from './api/submit-sunroom';
import { AngledLayoutModal, StructureLayoutModal, structureLayouts } from './layouts/layout-modals';
import { RoofSpanChartModal } from './roof-span-chart-modal';
import type { SpanLimits } from './roof-span-chart';
import { usePostalCodeLookup } from '../../forms/postal-code-lookup';
import { createDelayedLengthEdits } from './walls/delayed-length-edits';
import { WallChoices } from './walls/wall-choices';
import { readAngledLayouts } from './walls/wall-slots';

/** Where the order is in its way to the manufacturer (spec 2 §4.2). */
type Phase = 'editing' | 'confirming' | 'sending' | 'preview' | 'ordering' | 'ordered';

interface SunroomConfiguratorProps {
  definition: CompiledDefinition;
  locations: Record<string, string>;
}

/** The configurator: the engine-driven form, the walls and layouts, the missing list, the summary and the submit flow. */
export function SunroomConfigurator({ definition, locations }: SunroomConfiguratorProps) {
  const { account } = useAuth();
  const { enqueueSnackbar } = useSnackbar();
  const context = useMemo<FormContext>(() => ({ locations }), [locations]);
  const { store, clearDraft, isRestoringDraft } = useFormSession(definition, context, { draftKey: `${definition.form}:${account?.username ?? 'anonymous'}` });
  usePostalCodeLookup(store);
  const [lengthEdits] = useState(() => createDelayedLengthEdits(store));
  useEffect(() => () => lengthEdits.dispose(), [lengthEdits]);
  const contacts = useConfiguratorContacts();
  const constants = (definition.bundle.rules.constants ?? {}) as { imageFolders?: Record<string, string>; spanLimits?: SpanLimits; isScreenRoomForm?: boolean };
  const angledLayouts = useMemo(() => readAngledLayouts(definition.bundle.data), [definition]);

  const [phase, setPhase] = useState<Phase>('editing');
  const [problems, setProblems] = useState<ProblemLine[] | null>(null);
  const [status, setStatus] = useState<StatusMessage | null>(null);
  const [previewFileName, setPreviewFileName] = useState<string | null>(null);

  const requestSubmit = useCallback(() => {
    if (phase !== 'editing') return;
    lengthEdits.flush();
    store.showMessages();
    const state = store.getState();
    if (!state.isSubmittable) setProblems(listProblems(state, definition.labelOf));
    else setPhase('confirming');
  }, [phase, lengthEdits, store, definition]);

  const send = useCallback(
    async (isFinalOrder: boolean) => {
      const state = store.getState();
      const isOrdered = isFinalOrder || state.isOrdered;
      const payload = isFinalOrder && previewFileName ? { ...state.payload, currentCADImagesFiles: [previewFileName] } : state.payload;
      setPhase(isFinalOrder ? 'ordering' : 'sending');
      setStatus(null);
      const outcome = await submitSunroom(payload, isOrdered);
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
      if (outcome.kind === 'incomplete') return setProblems(listProblems(outcome, definition.labelOf));
      const failure = describeFailure(outcome, contacts.support);
      setStatus(failure);
      // The drawings cover the status line: say it over them too.
      if (isFinalOrder) enqueueSnackbar(`${failure.text}${failure.contact ? ` ${formatContact(failure.contact)}` : ''}`, { variant: 'error' });
    },
    [store, previewFileName, clearDraft, definition, contacts.support, enqueueSnackbar],
  );

  const closeOverlay = useCallback(() => {
    // Closing the drawings returns to ordering: the preview is forgotten (spec 2 §4.3).
    setPreviewFileName(null);
    setStatus(null);
    setPhase('editing');
  }, []);

  const isSubmitHidden = phase === 'sending' || phase === 'ordering' || phase === 'ordered' || phase === 'preview';

  return (
    <Stack spacing={3} data-draft-restored={isRestoringDraft ? undefined : 'true'} data-form={definition.form}>
      <DefinitionForm id={`${definition.form}-form`} store={store} onSubmitRequest={requestSubmit} fieldExtras={usePriceAfterField(store)} />
      <WallsSection store={store} lengthEdits={lengthEdits} imageFolders={constants.imageFolders} angledLayouts={angledLayouts} spanLimits={constants.spanLimits} isScreenRoom={Boolean(constants.isScreenRoomForm)} />
      <EngineNotes store={store} />
      <MissingList store={store} />
      <Box>
        {isSubmitHidden ? null : <SubmitButton store={store} onClick={requestSubmit} />}
        {phase === 'sending' || phase === 'ordering' ? (
          <Typography role="status" sx={{ mt: 1 }}>
            Loading...
          </Typography>
        ) : null}
        {status ? <StatusAlert status={status} /> : null}
      </Box>
      {phase === 'confirming' || phase === 'sending' ? (
        <SummaryModal
          store={store}
          attachmentsContact={contacts.attachments}
          isSending={phase === 'sending'}
          onNo={() => setPhase('editing')}
          onYes={() => void send(false)}
        />
      ) : null}
      {previewFileName && (phase === 'preview' || phase === 'ordering') ? (
        <DrawingOverlay fileName={previewFileName} onClose={closeOverlay} onDone={phase === 'preview' ? () => void send(true) : undefined} closeLabel="Return to ordering" />
      ) : null}
      <MissingFieldsDialog problems={problems} onClose={() => setProblems(null)} />
    </Stack>
  );
}

/** Spec 2 §4.2: 'Send to TEMO' or 'View Initial Drawing Package' (the engine says which), disabled above 9 ft. */
const SubmitButton = memo(function SubmitButton({ store, onClick }: { store: FormStore; onClick(): void }) {
  const text = useFormSelector(store, (view) => view.state.computed.submitButtonText);
  const isOrdered = useFormSelector(store, (view) => view.state.isOrdered);
  const isTooHigh = useFormSelector(store, (view) => view.state.computed.isHeightOverLimit === true);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Button variant="contained" size="large" onClick={onClick} disabled={isTooHigh} data-testid="submit-order">
        {typeof text === 'string' && text ? text : isOrdered ? 'Send to TEMO' : 'View Initial Drawing Package'}
      </Button>
      {isTooHigh ? (
        <Typography color="error" role="status">
          Height above 9 feet 0 inches: the order cannot be sent.
        </Typography>
      ) : null}
    </Stack>
  );
});

function StatusAlert({ status }: { status: StatusMessage }) {
  return (
    <Alert severity={status.severity} role={status.severity === 'error' ? 'alert' : 'status'} sx={{ mt: 2 }} data-testid="submit-status">
      {status.text}
      {status.contact ? ` ${status.contactLead ? `${status.contactLead}: ` : ''}${formatContact(status.contact)}` : ''}
    </Alert>
  );
}

interface WallsSectionProps {
  store: FormStore;
  lengthEdits: ReturnType<typeof createDelayedLengthEdits>;
  imageFolders: Record<string, string> | undefined;
  angledLayouts: ReturnType<typeof readAngledLayouts>;
  spanLimits: SpanLimits | undefined;
  isScreenRoom: boolean;
}

/** Wall and door set-up per side, structure or angled layout, and the roof span chart (spec 2 §2.1-2.3). */
const WallsSection = memo(function WallsSection({ store, lengthEdits, imageFolders, angledLayouts, spanLimits, isScreenRoom }: WallsSectionProps) {
  const [openModal, setOpenModal] = useState<'structure' | 'angled' | 'span' | null>(null);
  const isStructureShown = useFormSelector(store, (view) => !isPathHidden(view.state, 'selectedPavilionLayoutOption'));
  const isAngledShown = useFormSelector(store, (view) => !isPathHidden(view.state, 'selectedAngleOption') && view.state.data.selectedAngled === 'Yes');
  const layout = useFormSelector(store, (view) => view.state.data.selectedPavilionLayoutOption);
  const angleOption = useFormSelector(store, (view) => view.state.data.selectedAngleOption);
  const missing = useFormSelector(store, (view) => view.state.missing.map((field) => field.path).filter((path) => path === 'selectedPavilionLayoutOption' || path === 'selectedAngleOption').join(','));

  // Choosing a sunroom type reopens the layout chooser (spec 2 §4.1).
  useEffect(
    () =>
      store.onDataChange((state, cause, path) => {
        if (cause === 'edit' && path === 'selectedSunRoomType' && !isPathHidden(state, 'selectedPavilionLayoutOption')) setOpenModal('structure');
      }),
    [store],
  );

  const layoutLabel = structureLayouts.find((option) => option.value === layout)?.label;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="walls-heading" sx={{ p: 2 }}>
      <Typography variant="h3" id="walls-heading" sx={{ mb: 2 }}>
        Walls and Doors
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        {isStructureShown ? (
          <Button variant="outlined" color={missing.includes('selectedPavilionLayoutOption') ? 'error' : 'primary'} onClick={() => setOpenModal('structure')} aria-haspopup="dialog">
            Structure Layout{layoutLabel ? `: ${layoutLabel}` : ''}
          </Button>
        ) : null}
        {isAngledShown ? (
          <Button variant="outlined" color={missing.includes('selectedAngleOption') ? 'error' : 'primary'} onClick={() => setOpenModal('angled')} aria-haspopup="dialog">
            Angled Layout{angleOption ? `: ${String(angleOption)}` : ''}
          </Button>
        ) : null}
        <WallChoices store={store} lengthEdits={lengthEdits} imageFolders={imageFolders} angledLayouts={angledLayouts} />
        <Button variant="text" onClick={() => setOpenModal('span')} aria-haspopup="dialog">
          Roof Span Chart
        </Button>
      </Stack>
      <StructureLayoutModal store={store} isOpen={openModal === 'structure'} onClose={() => setOpenModal(null)} />
      <AngledLayoutModal store={store} isOpen={openModal === 'angled'} onClose={() => setOpenModal(null)} angledLayouts={angledLayouts} />
      <RoofSpanChartModal isOpen={openModal === 'span'} onClose={() => setOpenModal(null)} spanLimits={spanLimits} isScreenRoom={isScreenRoom} />
    </Paper>
  );
});

/** Notes the engine computes (roof panel colour, why Skyview is not offered). */
const EngineNotes = memo(function EngineNotes({ store }: { store: FormStore }) {
  const notes = useFormSelector(store, (view) =>
    ['roofPanelNote', 'skyviewNotice']
      .map((name) => view.state.computed[name])
      .filter((note): note is string => typeof note === 'string' && note !== '')
      .join('\n'),
  );
  if (!notes) return null;
  return (
    <Stack spacing={1} aria-live="polite">
      {notes.split('\n').map((note) => (
        <Alert key={note} severity="info">
          {note}
        </Alert>
      ))}
    </Stack>
  );
});

/** The live missing-fields list above the submit button (two columns past five). */
const MissingList = memo(function MissingList({ store }: { store: FormStore }) {
  // The list may paint a frame after the keystroke that changed it: typing stays in one frame.
  const labels = useDeferredValue(useFormSelector(store, (view) => view.state.missing.map((field) => `${field.path}\u0001${field.label}`).join('\u0000')));
  const lines = labels ? labels.split('\u0000').map((line) => line.split('\u0001')) : [];
  return (
    <Box component="section" aria-labelledby="missing-heading">
      <Typography variant="h3" id="missing-heading" sx={{ fontSize: '1.1rem' }}>
        {lines.length > 0 ? `Missing fields (${lines.length})` : 'Nothing is missing'}
      </Typography>
      <Box component="ul" data-testid="missing-list" sx={{ m: 0, pl: 3, color: 'error.main', columns: lines.length > 5 ? { xs: 1, sm: 2, md: 3 } : 1, columnGap: 4 }}>
        {lines.map(([path, label]) => (
          <li key={path} data-path={path}>
            {label}
          </li>
        ))}
      </Box>
    </Box>
  );
});
