/**
 * A named condition's body in the JSON editor and the condition builder (tabs over one value, as for a rule): the
 * JSON stays mounted while the builder is shown, so text that does not parse yet is never lost.
 */
import { Alert, Box, Tab, Tabs, Typography } from '@mui/material';
import { lazy, Suspense, useId, useState } from 'react';
import type { CompletionVocabulary } from './codemirror/definition-completion';
import type { ConditionScope } from './model/condition-logic';
import { conditionSchema } from './model/rule-schemas';

const JsonCodeEditor = lazy(() => import('./codemirror/json-code-editor').then((m) => ({ default: m.JsonCodeEditor })));
const ConditionBuilder = lazy(() =>
  import('./query-builder/condition-builder').then((m) => ({ default: m.ConditionBuilder })),
);
const loading = <Typography variant="body2">Loading the editor…</Typography>;

export interface ConditionCodeEditorsProps {
  name: string;
  value: unknown;
  scope: ConditionScope;
  vocabulary: CompletionVocabulary;
  onApply: (value: unknown, label: string) => void;
  readOnly?: boolean;
}

export function ConditionCodeEditors({ name, value, scope, vocabulary, onApply, readOnly }: ConditionCodeEditorsProps) {
  const [tab, setTab] = useState<'json' | 'builder'>('json');
  const [parses, setParses] = useState(true);
  const id = useId();
  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_, next: 'json' | 'builder') => setTab(next)}
        aria-label={`How to edit condition ${name}`}
      >
        <Tab value="json" label="JSON" id={`${id}-tab-json`} aria-controls={`${id}-panel-json`} />
        <Tab value="builder" label="Builder" id={`${id}-tab-builder`} aria-controls={`${id}-panel-builder`} />
      </Tabs>
      <Box
        role="tabpanel"
        id={`${id}-panel-json`}
        aria-labelledby={`${id}-tab-json`}
        hidden={tab !== 'json'}
        sx={{ pt: 1 }}
      >
        {!parses && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            The JSON does not parse: the condition keeps its last version until it does.
          </Alert>
        )}
        <Suspense fallback={loading}>
          <JsonCodeEditor
            value={value}
            schemaFor={conditionSchema}
            vocabulary={vocabulary}
            onApply={(next) => onApply(next, `Edit condition ${name}`)}
            onParseState={setParses}
            label={`JSON of condition ${name}`}
            readOnly={readOnly}
          />
        </Suspense>
      </Box>
      <Box
        role="tabpanel"
        id={`${id}-panel-builder`}
        aria-labelledby={`${id}-tab-builder`}
        hidden={tab !== 'builder'}
        sx={{ pt: 1 }}
      >
        {tab === 'builder' && (
          <Suspense fallback={loading}>
            <ConditionBuilder
              value={value}
              scope={scope}
              readOnly={readOnly || !parses}
              label={`Condition ${name}`}
              onChange={(next) => onApply(next, `Edit condition ${name} in the builder`)}
            />
          </Suspense>
        )}
      </Box>
    </Box>
  );
}
