/**
 * A rule's condition in react-querybuilder with its MUI controls: fields are the form's paths (and the rule's scope
 * variables), values their choices, plus "named condition holds", "is empty" and "is ticked". It edits only what it
 * can write back unchanged (condition-logic.ts); anything else is shown read-only with the reason, and the JSON stays
 * what counts.
 */
import { Alert, Box } from '@mui/material';
import { MaterialValueEditor, MaterialValueSelector, QueryBuilderMaterial } from '@react-querybuilder/material';
import { useMemo, useRef, useState } from 'react';
import {
  defaultOperators,
  QueryBuilder,
  type Field,
  type FullOperator,
  type RuleGroupType,
  type ValueEditorProps,
  type ValueSelectorProps,
} from 'react-querybuilder';
import { parseJsonLogic } from 'react-querybuilder/parseJsonLogic';
import {
  CONDITION_FIELD,
  CONDITION_OPERATOR,
  conditionFromQuery,
  conditionToQuery,
  EMPTY_OPERATOR,
  normalizeCondition,
  TRUE_OPERATOR,
  type ConditionScope,
} from '../model/condition-logic';

export interface ConditionBuilderProps {
  /** The condition as the rule holds it (JSON-Logic), or undefined for none. */
  value: unknown;
  scope: ConditionScope;
  /** Called with the new JSON-Logic (normalised) after each builder edit. */
  onChange: (logic: unknown) => void;
  /** Accessible name of the builder's region. */
  label: string;
  readOnly?: boolean;
}

const emptyOperator: FullOperator = { name: EMPTY_OPERATOR, value: EMPTY_OPERATOR, label: 'is empty', arity: 'unary' };
const trueOperator: FullOperator = {
  name: TRUE_OPERATOR,
  value: TRUE_OPERATOR,
  label: 'is ticked (yes)',
  arity: 'unary',
};
const comparisons = defaultOperators.filter((operator) =>
  ['=', '!=', '<', '<=', '>', '>=', 'in', 'notIn', 'between', 'contains', 'null', 'notNull'].includes(operator.name),
);

/** The builder's fields: each form field with its choices, then the named conditions as one pseudo-field. */
function builderFields(scope: ConditionScope): Field[] {
  const fields: Field[] = scope.fields.map((field) => {
    const isNumber = /integer|number/.test(field.type ?? '');
    const isBoolean = /boolean/.test(field.type ?? '');
    return {
      name: field.path,
      label: field.label === field.path ? field.path : `${field.label} (${field.path})`,
      ...(field.options
        ? {
            valueEditorType: (operator: string) =>
              operator === 'in' || operator === 'notIn' ? 'multiselect' : 'select',
            values: field.options.map((option) => ({
              name: String(option.value),
              label: option.title ?? String(option.value),
            })),
          }
        : isNumber
          ? { inputType: 'number' }
          : {}),
      operators: [...comparisons, emptyOperator, ...(isBoolean ? [trueOperator] : [])],
    };
  });
  fields.push({
    name: CONDITION_FIELD,
    label: 'Named condition',
    operators: [{ name: CONDITION_OPERATOR, value: CONDITION_OPERATOR, label: 'holds' }],
    valueEditorType: 'select',
    values: scope.conditions.map((name) => ({ name, label: name })),
  });
  return fields;
}

/** MUI's Select names its combobox only through SelectDisplayProps: every selector gets its title as its name (axe). */
function LabelledSelector(props: ValueSelectorProps) {
  return <MaterialValueSelector {...props} {...{ SelectDisplayProps: { 'aria-label': props.title } }} />;
}

/** The value's text input gets the same name (MUI's TextField takes it through slotProps.htmlInput). */
function LabelledValueEditor(props: ValueEditorProps) {
  return <MaterialValueEditor {...props} extraProps={{ slotProps: { htmlInput: { 'aria-label': props.title } } }} />;
}

const controlElements = {
  valueEditor: LabelledValueEditor,
  combinatorSelector: LabelledSelector,
  fieldSelector: LabelledSelector,
  operatorSelector: LabelledSelector,
  valueSelector: LabelledSelector,
};

const translations = {
  fields: { title: 'Field' },
  operators: { title: 'Comparison' },
  value: { title: 'Value' },
  values: { title: 'Value' },
  combinators: { title: 'Combine the rules with' },
};

export function ConditionBuilder({ value, scope, onChange, label, readOnly }: ConditionBuilderProps) {
  const valueText = JSON.stringify(normalizeCondition(value) ?? null);
  const verdict = useMemo(() => conditionToQuery(value, scope), [valueText, scope]); // eslint-disable-line react-hooks/exhaustive-deps
  const fields = useMemo(() => builderFields(scope), [scope]);
  // The builder keeps its own query (rule ids, an unfinished rule) while what it writes is what the file holds.
  const [query, setQuery] = useState<RuleGroupType | undefined>(verdict.ok ? verdict.query : undefined);
  const written = useRef(valueText);
  if (verdict.ok && written.current !== valueText) {
    written.current = valueText;
    setQuery(verdict.query);
  }
  const readable = useMemo(
    () =>
      verdict.ok
        ? undefined
        : parseJsonLogic(value as never, {
            fields: fields.map((field) => ({ name: field.name, value: field.name, label: field.label })),
            listsAsArrays: true,
          }),
    [verdict, value, fields],
  );

  return (
    <Box
      role="group"
      aria-label={label}
      sx={{
        '& .ruleGroup': { border: 1, borderColor: 'divider', borderRadius: 1, p: 1, display: 'grid', gap: 1 },
        '& .ruleGroup-header, & .rule': { display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' },
        '& .ruleGroup-body': { display: 'grid', gap: 1, pl: 2 },
        '& .rule-value': { minWidth: '12rem' },
      }}
    >
      {!verdict.ok && (
        <Alert severity="info" sx={{ mb: 1 }}>
          The builder cannot edit this condition: {verdict.reason}. It shows only what it can read; edit the condition
          as JSON, which is what the rule keeps.
        </Alert>
      )}
      <QueryBuilderMaterial>
        <QueryBuilder
          fields={fields}
          query={verdict.ok ? query : readable}
          onQueryChange={(next) => {
            if (!verdict.ok) return;
            setQuery(next);
            const logic = conditionFromQuery(next, scope);
            const text = JSON.stringify(logic ?? null);
            // An empty builder on a rule without the condition leaves it without one (not `true`).
            if (text === written.current || (logic === true && value === undefined)) return;
            written.current = text;
            onChange(logic);
          }}
          disabled={readOnly || !verdict.ok}
          listsAsArrays
          enableMountQueryChange={false}
          showNotToggle
          showShiftActions
          showCloneButtons
          resetOnFieldChange
          autoSelectField={false}
          controlClassnames={{ queryBuilder: 'condition-builder' }}
          controlElements={controlElements}
          translations={translations}
        />
      </QueryBuilderMaterial>
    </Box>
  );
}
