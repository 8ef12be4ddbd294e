/**
 * A named condition's body in the JSON editor and the condition builder (tabs over one value, as for a rule): the
 * JSON stays mounted while the builder is shown, so text that does not parse yet is never lost.
 */
import { Box, Tab, Tabs } from '@mui/material';
import { Suspense, useId, useState } from 'react';
import type { CompletionVocabulary } from './codemirror/definition-completion';
import { CodeTabPanel, ConditionBuilder, editorLoading, JsonTabPanel } from './code-tab-panels';
import type { ConditionScope } from './model/condition-logic';
import { conditionSchema } from './model/rule-schemas';

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
      <JsonTabPanel
        id={id}
        current={tab}
        parses={parses}
        what="the condition"
        value={value}
        schemaFor={conditionSchema}
        vocabulary={vocabulary}
        onApply={(next) => onApply(next, `Edit condition ${name}`)}
        onParseState={setParses}
        label={`JSON of condition ${name}`}
        readOnly={readOnly}
      />
      <CodeTabPanel id={id} value="builder" current={tab}>
        {tab === 'builder' && (
          <Suspense fallback={editorLoading}>
            <ConditionBuilder
              value={value}
              scope={scope}
              readOnly={readOnly || !parses}
              label={`Condition ${name}`}
              onChange={(next) => onApply(next, `Edit condition ${name} in the builder`)}
            />
          </Suspense>
        )}
      </CodeTabPanel>
    </Box>
  );
}
