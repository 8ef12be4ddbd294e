import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import type { CompiledDefinition, FormContext } from '../../../engine';
import { useAuth } from '../../app/auth/auth-provider';
import { DefinitionForm, isPathHidden, useFormSelector, useFormSession, type FormStore } from '../../forms';
import {
  ConfiguratorSubmitArea,
  formatContact,
  LiveMissingList,
  StartNewOrder,
  useConfiguratorContacts,
  useConfiguratorSubmit,
  usePriceAfterField,
  type StatusMessage,
} from '../../forms/configurator';
import { usePreloadWhenIdle } from '../../shared/components/lazy-part';
import { listStructureLayouts } from './layouts/structure-layouts';
import type { SpanChartSpec } from './roof-span-chart';
import { sunroomDialogs } from './sunroom-dialogs';
import { usePostalCodeLookup } from '../../forms/postal-code-lookup';
import { createDelayedLengthEdits } from './walls/delayed-length-edits';
import { WallChoices } from './walls/wall-choices';
import { readAngledLayouts } from './walls/wall-slots';
import { pageParts, readRoomFields } from './room-fields';
import { sunroomTarget } from './sunroom-forms';

// Shown only after a submit: its own chunk (with the furniture editor), loaded then.
const DrawingOverlay = lazy(() => import('../drawings').then((m) => ({ default: m.DrawingOverlay })));
const StructureLayoutModal = sunroomDialogs.StructureLayoutModal.Component;
const AngledLayoutModal = sunroomDialogs.AngledLayoutModal.Component;
const RoofSpanChartModal = sunroomDialogs.RoofSpanChartModal.Component;

interface SunroomConfiguratorProps {
  definition: CompiledDefinition;
  locations: Record<string, string>;
}

/** The configurator: the engine-driven form, the walls and layouts, the missing list, the summary and the submit flow. */
export function SunroomConfigurator({ definition, locations }: SunroomConfiguratorProps) {
  const { account } = useAuth();
  const { enqueueSnackbar } = useSnackbar();
  const context = useMemo<FormContext>(() => ({ locations }), [locations]);
  const session = useFormSession(definition, context, {
    draftKey: `${definition.form}:${account?.username ?? 'anonymous'}`,
  });
  const { store, clearDraft, isRestoringDraft } = session;
  usePostalCodeLookup(store);
  // One per store: a definition reloaded while the page is open (or swapped in a preview) makes a new store.
  const lengthEdits = useMemo(() => createDelayedLengthEdits(store), [store]);
  useEffect(() => () => lengthEdits.dispose(), [lengthEdits]);
  const contacts = useConfiguratorContacts();
  const constants = (definition.bundle.rules.constants ?? {}) as {
    imageFolders?: Record<string, string>;
    isScreenRoomForm?: boolean;
  };
  const spanChart = readSpanChart(definition.bundle.ui);
  const angledLayouts = useMemo(() => readAngledLayouts(definition.bundle.data), [definition]);

  const flushLengthEdits = useCallback(() => lengthEdits.flush(), [lengthEdits]);
  // The drawings cover the status line: a failed 'I am done making changes' is said over them too.
  const toastFailure = useCallback(
    (failure: StatusMessage) =>
      enqueueSnackbar(`${failure.text}${failure.contact ? ` ${formatContact(failure.contact)}` : ''}`, {
        variant: 'error',
      }),
    [enqueueSnackbar],
  );
  const submit = useConfiguratorSubmit({
    store,
    target: sunroomTarget,
    clearDraft,
    supportContact: contacts.support,
    beforeSubmit: flushLengthEdits,
    onFailureOverDrawings: toastFailure,
  });

  return (
    <Stack spacing={3} data-draft-restored={isRestoringDraft ? undefined : 'true'} data-form={definition.form}>
      <StartNewOrder
        form={definition.form}
        session={session}
        onFormReplaced={submit.startOver}
        beforeReplace={flushLengthEdits}
      />
      <DefinitionForm
        id={`${definition.form}-form`}
        store={store}
        onSubmitRequest={submit.requestSubmit}
        fieldExtras={usePriceAfterField(store)}
        pageFields={pageParts}
      />
      <WallsSection
        store={store}
        lengthEdits={lengthEdits}
        imageFolders={constants.imageFolders}
        angledLayouts={angledLayouts}
        spanChart={spanChart}
        constants={constants}
        isScreenRoom={Boolean(constants.isScreenRoomForm)}
      />
      <LiveMissingList store={store} />
      <ConfiguratorSubmitArea
        store={store}
        submit={submit}
        attachmentsContact={contacts.attachments}
        renderDrawings={(drawings) => (
          <Suspense fallback={null}>
            <DrawingOverlay {...drawings} closeLabel="Return to ordering" />
          </Suspense>
        )}
      />
    </Stack>
  );
}

interface WallsSectionProps {
  store: FormStore;
  lengthEdits: ReturnType<typeof createDelayedLengthEdits>;
  imageFolders: Record<string, string> | undefined;
  angledLayouts: ReturnType<typeof readAngledLayouts>;
  spanChart: SpanChartSpec | undefined;
  constants: Record<string, unknown>;
  isScreenRoom: boolean;
}

/** The roof span chart a field's ui describes (ui:options.spanChart, on the roof density field), if any. */
function readSpanChart(ui: Record<string, unknown>): SpanChartSpec | undefined {
  for (const entry of Object.values(ui)) {
    const chart = (entry as { 'ui:options'?: { spanChart?: SpanChartSpec } } | null)?.['ui:options']?.spanChart;
    if (chart) return chart;
  }
  return undefined;
}

/** Wall and door set-up per side, structure or angled layout, and the roof span chart (spec 2 §2.1-2.3). */
const WallsSection = memo(function WallsSection({
  store,
  lengthEdits,
  imageFolders,
  angledLayouts,
  spanChart,
  constants,
  isScreenRoom,
}: WallsSectionProps) {
  const [openModal, setOpenModal] = useState<'structure' | 'angled' | 'span' | null>(null);
  const closeModal = useCallback(() => setOpenModal(null), []);
  usePreloadWhenIdle(...Object.values(sunroomDialogs));
  const fields = readRoomFields(store.definition);
  const isStructureShown = useFormSelector(store, (view) => !isPathHidden(view.state, fields.layout));
  const isAngledShown = useFormSelector(
    store,
    (view) => !isPathHidden(view.state, fields.angle) && view.state.data[fields.angled] === 'Yes',
  );
  const layout = useFormSelector(store, (view) => view.state.data[fields.layout]);
  const angleOption = useFormSelector(store, (view) => view.state.data[fields.angle]);
  const isLayoutMissing = useFormSelector(store, (view) =>
    view.state.missing.some((field) => field.path === fields.layout),
  );
  const isAngleMissing = useFormSelector(store, (view) =>
    view.state.missing.some((field) => field.path === fields.angle),
  );

  // Choosing a sunroom type reopens the layout chooser (spec 2 §4.1).
  useEffect(
    () =>
      store.onDataChange((state, cause, path) => {
        if (cause === 'edit' && path === fields.type && !isPathHidden(state, fields.layout)) setOpenModal('structure');
      }),
    [store, fields],
  );

  const layoutLabel = listStructureLayouts(store.definition).find((option) => option.value === layout)?.label;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="walls-heading" sx={{ p: 2 }}>
      <Typography variant="h3" id="walls-heading" sx={{ mb: 2 }}>
        Walls and Doors
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        {isStructureShown ? (
          <Button
            variant="outlined"
            color={isLayoutMissing ? 'error' : 'primary'}
            onClick={() => setOpenModal('structure')}
            aria-haspopup="dialog"
          >
            Structure Layout{layoutLabel ? `: ${layoutLabel}` : ''}
          </Button>
        ) : null}
        {isAngledShown ? (
          <Button
            variant="outlined"
            color={isAngleMissing ? 'error' : 'primary'}
            onClick={() => setOpenModal('angled')}
            aria-haspopup="dialog"
          >
            Angled Layout{angleOption ? `: ${String(angleOption)}` : ''}
          </Button>
        ) : null}
        <WallChoices
          store={store}
          lengthEdits={lengthEdits}
          imageFolders={imageFolders}
          angledLayouts={angledLayouts}
        />
        <Button variant="text" onClick={() => setOpenModal('span')} aria-haspopup="dialog">
          Roof Span Chart
        </Button>
      </Stack>
      <StructureLayoutModal store={store} isOpen={openModal === 'structure'} onClose={closeModal} />
      <AngledLayoutModal
        store={store}
        isOpen={openModal === 'angled'}
        onClose={closeModal}
        angledLayouts={angledLayouts}
      />
      <RoofSpanChartModal
        isOpen={openModal === 'span'}
        onClose={closeModal}
        spanChart={spanChart}
        constants={constants}
        isScreenRoom={isScreenRoom}
      />
    </Paper>
  );
});
