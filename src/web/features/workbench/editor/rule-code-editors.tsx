/**
 * A rule's JSON editor and its condition builders, as tabs over one value: both show what the rule file holds, the
 * JSON editor stays mounted while a builder is shown (so text that does not parse yet is never lost), and a builder
 * edit rewrites only its condition. Loaded on demand: CodeMirror and react-querybuilder stay out of the first chunk.
 */
import { Alert, Box, Tab, Tabs } from '@mui/material';
import { Suspense, useId, useState } from 'react';
import type { Rule } from '../../../../engine/index';
import type { ValueProblem } from './codemirror/json-code-editor';
import type { CompletionVocabulary } from './codemirror/definition-completion';
import { CodeTabPanel, ConditionBuilder, editorLoading, JsonTabPanel } from './code-tab-panels';
import type { ConditionScope } from './model/condition-logic';
import { ruleSchemaFor } from './model/rule-schemas';
import { isPlainObject } from './model/tree-files';

export interface RuleCodeEditorsProps {
  rule: Rule;
  /** How the rule is named to a reader (`show:gutterOption`). */
  name: string;
  scope: ConditionScope;
  vocabulary: CompletionVocabulary;
  /** Static-check problems inside the rule, pointers relative to it. */
  problems: readonly ValueProblem[];
  onApply: (rule: Rule, what: string) => void;
  readOnly?: boolean;
}

/** The conditions a rule of this kind has, with their names in the tabs. */
export function conditionKeysOf(kind: string): { key: 'when' | 'test' | 'where'; title: string }[] {
  const keys: { key: 'when' | 'test' | 'where'; title: string }[] = [];
  if (kind !== 'normalize' && kind !== 'compute' && kind !== 'options' && kind !== 'size')
    keys.push({ key: 'when', title: 'Condition (when)' });
  if (kind === 'validate') keys.push({ key: 'test', title: 'Test (test)' });
  if (kind === 'options') keys.push({ key: 'where', title: 'Choices offered (where)' });
  return keys;
}

export function RuleCodeEditors({ rule, name, scope, vocabulary, problems, onApply, readOnly }: RuleCodeEditorsProps) {
  const [tab, setTab] = useState('json');
  const [parses, setParses] = useState(true);
  const id = useId();
  const keys = conditionKeysOf(rule.kind);
  const tabs = [{ value: 'json', title: 'JSON' }, ...keys.map(({ key, title }) => ({ value: key, title }))];
  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_, value: string) => setTab(value)}
        aria-label={`How to edit ${name}`}
        variant="scrollable"
      >
        {tabs.map(({ value, title }) => (
          <Tab
            key={value}
            value={value}
            label={title}
            id={`${id}-tab-${value}`}
            aria-controls={`${id}-panel-${value}`}
          />
        ))}
      </Tabs>
      <JsonTabPanel
        id={id}
        current={tab}
        parses={parses}
        what="the rule"
        value={rule}
        schemaFor={ruleSchemaFor}
        vocabulary={vocabulary}
        problems={problems}
        onApply={(value) => {
          if (isPlainObject(value)) onApply(value as unknown as Rule, `Edit rule ${name}`);
        }}
        onParseState={setParses}
        label={`JSON of rule ${name}`}
        readOnly={readOnly}
      />
      {keys.map(({ key, title }) => (
        <CodeTabPanel key={key} id={id} value={key} current={tab}>
          {tab === key && (
            <>
              {!parses && (
                <Alert severity="warning" sx={{ mb: 1 }}>
                  The JSON tab has text that does not parse; the builder shows the rule as last applied.
                </Alert>
              )}
              <Suspense fallback={editorLoading}>
                <ConditionBuilder
                  value={(rule as unknown as Record<string, unknown>)[key]}
                  scope={scope}
                  readOnly={readOnly || !parses}
                  label={`${title} of rule ${name}`}
                  onChange={(logic) => {
                    const next = { ...(rule as unknown as Record<string, unknown>), [key]: logic };
                    onApply(next as unknown as Rule, `Edit the ${key} of rule ${name} in the builder`);
                  }}
                />
              </Suspense>
            </>
          )}
        </CodeTabPanel>
      ))}
    </Box>
  );
}
