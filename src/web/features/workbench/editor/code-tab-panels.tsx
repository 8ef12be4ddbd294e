/**
 * The pieces a rule's and a named condition's editors share: tab panels over one value, the JSON panel (which stays
 * mounted while a builder is shown, so text that does not parse yet is never lost) and the lazily loaded editors.
 */
import { Alert, Box, Typography } from '@mui/material';
import { lazy, Suspense, type ReactNode } from 'react';
import type { JsonCodeEditorProps } from './codemirror/json-code-editor';

// Each its own chunk: CodeMirror with the JSON Schema support, and react-querybuilder with its MUI controls.
const JsonCodeEditor = lazy(() => import('./codemirror/json-code-editor').then((m) => ({ default: m.JsonCodeEditor })));
export const ConditionBuilder = lazy(() =>
  import('./query-builder/condition-builder').then((m) => ({ default: m.ConditionBuilder })),
);
export const editorLoading = <Typography variant="body2">Loading the editor…</Typography>;

/** One tab's panel, labelled by its tab (`${id}-tab-${value}`). */
export function CodeTabPanel({
  id,
  value,
  current,
  children,
}: {
  id: string;
  value: string;
  current: string;
  children: ReactNode;
}) {
  return (
    <Box
      role="tabpanel"
      id={`${id}-panel-${value}`}
      aria-labelledby={`${id}-tab-${value}`}
      hidden={current !== value}
      sx={{ pt: 1 }}
    >
      {children}
    </Box>
  );
}

/** The JSON tab: a warning while the text does not parse (`what` keeps its last version), then the editor. */
export function JsonTabPanel({
  id,
  current,
  parses,
  what,
  ...editor
}: { id: string; current: string; parses: boolean; what: string } & JsonCodeEditorProps) {
  return (
    <CodeTabPanel id={id} value="json" current={current}>
      {!parses && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          The JSON does not parse: {what} keeps its last version until it does.
        </Alert>
      )}
      <Suspense fallback={editorLoading}>
        <JsonCodeEditor {...editor} />
      </Suspense>
    </CodeTabPanel>
  );
}
