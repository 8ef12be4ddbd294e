/**
 * The Forms tab's live preview: the dealers' own page for the form, run on the draft as it is being edited (compiled
 * here on every change, the answers kept), the "why" panel beside it, recording a golden order from it, and a golden
 * order opened step by step in it.
 */
import { useDeferredValue, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Alert, Autocomplete, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import type { DraftPreviewPaneProps } from '../form/form-workbench-slots';
import { formName } from '../format';
import { GoldenOrderStepper } from './golden-order-stepper';
import type { BuiltGoldenOrder } from './golden-order-file';
import { createPreviewController } from './preview-controller';
import { hasPreviewPage, PreviewConfigurator } from './preview-configurator';
import { RecordDialog } from './record-dialog';
import { describeProblem, useDraftCompile } from './use-draft-compile';
import { WhyPanel } from './why-panel';

const noLocations: Record<string, string> = {};
const previewContext = { locations: noLocations };

export function DraftPreviewPane(props: DraftPreviewPaneProps) {
  const { form, files, workspace, isReadOnly, selectedField, onSelectField } = props;
  const { shown, errors } = useDraftCompile(files, form);
  const [controller] = useState(() => createPreviewController());
  // The controller tells of a new store while the page renders (storeFor): heard after the render.
  const subscribe = useMemo(
    () => (listener: () => void) => controller.subscribe(() => queueMicrotask(listener)),
    [controller],
  );
  const snapshot = useSyncExternalStore(subscribe, controller.getSnapshot);
  const definition = shown?.compiled;
  // The same store the page below gets (storeFor answers it again for the same definition).
  const store = useMemo(
    () => (definition ? controller.storeFor(definition, previewContext) : undefined),
    [controller, definition],
  );
  // Counts the definitions shown, on the preview's element: a measure (and a test) sees the preview change.
  const [revision, setRevision] = useState<{ definition: typeof definition; count: number }>({
    definition,
    count: definition ? 1 : 0,
  });
  if (revision.definition !== definition) setRevision({ definition, count: revision.count + (definition ? 1 : 0) });
  // The why panel follows in a render of its own, after the preview's commit: the edit's task is the preview's.
  const whyShown = useDeferredValue(
    useMemo(
      () => (definition && store ? { definition, store, sources: shown?.sources?.rules } : undefined),
      [definition, store, shown],
    ),
  );
  const [isPicking, setIsPicking] = useState(false);
  const [pickedOpened, setPickedOpened] = useState<string | undefined>();
  const opened = props.openedGoldenOrder ?? pickedOpened;
  // What was being played before a golden order was opened comes back when it closes.
  const [beforeOpened, setBeforeOpened] = useState<Record<string, unknown> | undefined>();
  if (opened && !beforeOpened) setBeforeOpened(controller.data());
  useEffect(() => {
    if (opened || !beforeOpened) return;
    controller.overrideContext(null);
    controller.load(beforeOpened);
    setBeforeOpened(undefined);
  }, [opened, beforeOpened, controller]);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [savedAs, setSavedAs] = useState<string | undefined>();
  const goldenPaths = useMemo(
    () =>
      Object.keys(files)
        .filter((path) => path.startsWith(`tests/golden/${form}/`))
        .sort(),
    [files, form],
  );
  const existingPaths = useMemo(
    () => [...new Set([...workspace.files.map((file) => file.path), ...Object.keys(files)])],
    [workspace.files, files],
  );

  const closeOpened = () => {
    setPickedOpened(undefined);
    if (props.openedGoldenOrder) props.onCloseGoldenOrder();
  };
  const saveRecording = (built: BuiltGoldenOrder) => {
    workspace.writeFile(built.path, built.content, `record golden order ${built.path.split('/').at(-1)}`);
    controller.discardRecording();
    setIsDialogOpen(false);
    setSavedAs(built.path);
  };

  const pick = (target: EventTarget | null): boolean => {
    const path = target instanceof Element ? target.closest('[data-path]')?.getAttribute('data-path') : null;
    if (!path) return false;
    onSelectField(path);
    setIsPicking(false);
    return true;
  };
  const [isSwallowingClick, setIsSwallowingClick] = useState(false);

  if (!hasPreviewPage(form))
    return (
      <Paper variant="outlined" component="section" aria-label="Preview of the draft" sx={{ p: 2 }}>
        <Typography>The workbench has no dealer page for {formName(form)} to preview.</Typography>
      </Paper>
    );
  const recording = snapshot.recording;
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Paper variant="outlined" component="section" aria-labelledby="preview-heading" sx={{ p: 2, minWidth: 0 }}>
        <Typography id="preview-heading" component="h2" variant="h5">
          Preview of the draft: {formName(form)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          The dealers&apos; page run on this draft, updated on every edit; what you type here stays. Nothing is saved or
          sent.
        </Typography>
        {errors.length > 0 && (
          <Alert severity="error" sx={{ mb: 1 }} data-testid="preview-compile-errors">
            {shown
              ? 'The draft does not compile as it is now; the preview shows the last version that did. Why:'
              : 'The draft does not compile. Why:'}
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {errors.slice(0, 6).map((problem, index) => (
                <li key={index}>{describeProblem(problem)}</li>
              ))}
              {errors.length > 6 && <li>and {errors.length - 6} more</li>}
            </Box>
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          {snapshot.isRecording ? (
            <Button
              variant="contained"
              color="error"
              onClick={() => {
                controller.stopRecording();
                setIsDialogOpen(true);
              }}
            >
              Stop recording
            </Button>
          ) : (
            <Button
              variant="outlined"
              disabled={isReadOnly || !store || opened !== undefined}
              onClick={() => {
                setSavedAs(undefined);
                controller.startRecording();
              }}
            >
              Start recording
            </Button>
          )}
          {!snapshot.isRecording && recording && !isDialogOpen && (
            <Button onClick={() => setIsDialogOpen(true)}>Save the last recording…</Button>
          )}
          <Typography role="status" variant="body2" data-testid="recording-status">
            {snapshot.isRecording
              ? `Recording: ${recording?.steps.length ?? 0} step${recording?.steps.length === 1 ? '' : 's'} so far`
              : savedAs
                ? `Saved as ${savedAs} in the draft (Save the draft to keep it)`
                : ''}
          </Typography>
        </Stack>
        <Autocomplete<string>
          size="small"
          options={goldenPaths}
          value={null}
          disabled={snapshot.isRecording || !store}
          onChange={(_event, path) => path && setPickedOpened(path)}
          getOptionLabel={(path) => path.slice(`tests/golden/${form}/`.length)}
          renderInput={(params) => <TextField {...params} label="Open a golden order step by step" />}
          sx={{ mb: 1 }}
        />
        {opened && definition && store && (
          <Box sx={{ mb: 2 }}>
            <GoldenOrderStepper
              key={opened}
              path={opened}
              content={files[opened] ?? workspace.contentOf(opened) ?? undefined}
              definition={definition}
              controller={controller}
              store={store}
              onClose={closeOpened}
            />
          </Box>
        )}
        <Box
          data-testid="draft-preview"
          data-preview-revision={revision.count}
          aria-label={`Preview of the draft: ${formName(form)}`}
          role="region"
          onMouseDownCapture={(event) => {
            if (isPicking && pick(event.target)) {
              event.preventDefault();
              event.stopPropagation();
              setIsSwallowingClick(true);
            }
          }}
          onClickCapture={(event) => {
            if (!isSwallowingClick) return;
            event.preventDefault();
            event.stopPropagation();
            setIsSwallowingClick(false);
          }}
          onFocusCapture={(event) => {
            if (isPicking) pick(event.target);
          }}
          onKeyDownCapture={(event) => {
            if (isPicking && event.key === 'Escape') setIsPicking(false);
          }}
          sx={{
            ...(isPicking
              ? { cursor: 'crosshair', outline: 2, outlineStyle: 'dashed', outlineColor: 'info.main' }
              : {}),
            ...(selectedField
              ? {
                  [`& [data-path="${cssString(selectedField)}"]`]: {
                    outline: '3px solid',
                    outlineColor: 'secondary.main',
                    outlineOffset: 2,
                  },
                }
              : {}),
          }}
        >
          {definition ? (
            <PreviewConfigurator definition={definition} controller={controller} />
          ) : errors.length === 0 ? (
            <Typography role="status">Compiling {formName(form)}…</Typography>
          ) : null}
        </Box>
      </Paper>
      {whyShown && (
        <WhyPanel
          definition={whyShown.definition}
          sources={whyShown.sources}
          store={whyShown.store}
          selectedField={selectedField}
          onSelectField={onSelectField}
          isPicking={isPicking}
          onPickingChange={setIsPicking}
        />
      )}
      {isDialogOpen && recording && definition && (
        <RecordDialog
          form={form}
          definition={definition}
          recording={recording}
          existingPaths={existingPaths}
          shownData={controller.data()}
          onSave={saveRecording}
          onDiscard={() => {
            controller.discardRecording();
            setIsDialogOpen(false);
          }}
          onCancel={() => setIsDialogOpen(false)}
        />
      )}
    </Stack>
  );
}

/** A path inside a CSS attribute selector's quotes. */
function cssString(path: string): string {
  return path.replace(/["\\]/g, '\\$&');
}
