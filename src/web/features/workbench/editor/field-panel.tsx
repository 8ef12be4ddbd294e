/**
 * The selected field: its texts (label, help, choices) as plain fields, rename and delete, and every rule that
 * touches it, acting rules first, each where staff can read and edit it; a new rule of any kind for it.
 */
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, Chip, IconButton, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { CommitTextField } from './commit-text-field';
import type { EditorModel } from './editor-model';
import { DeleteFieldDialog, RenameFieldDialog } from './field-dialogs';
import type { FieldNode, FieldOption } from './model/field-tree';
import { formFile, formFolder, isPlainObject, readJsonFile } from './model/tree-files';
import { fieldSchemaIn, insertRule, newRule, setFieldHelp, setFieldLabel, setFieldOptions } from './model/rule-edits';
import { conditionsReading, rolesFor } from './model/rule-fields';
import { RULE_KINDS } from './model/rule-schemas';
import { NamedConditionCard } from './named-condition-card';
import { RuleCard } from './rule-card';

export interface FieldPanelProps {
  model: EditorModel;
  field: FieldNode;
  onSelectPath: (path: string) => void;
}

/** Where a field's texts live: the schema file defining it, the form's labels (its own, or over a shared piece's). */
function textSources(model: EditorModel, field: FieldNode) {
  const top = field.path.split('.')[0];
  const schemaFile = model.merged.propertyFiles[top] ?? formFile(model.form, 'schema.json');
  const rulesFile = formFile(model.form, 'rules.json');
  const ownRules = readJsonFile(model.files, rulesFile);
  const ownLabels = isPlainObject(ownRules) && isPlainObject(ownRules.labels) ? ownRules.labels : {};
  const isOwnSchema = schemaFile.startsWith(`${formFolder(model.form)}/`);
  const schema = fieldSchemaIn(readJsonFile(model.files, schemaFile), field.path);
  const uiFile = formFile(model.form, 'ui.json');
  let ui: unknown = model.merged.ui;
  for (const key of field.path.split('.').filter((segment) => segment !== '{i}'))
    ui = isPlainObject(ui) ? ui[key] : undefined;
  const help = isPlainObject(ui) && typeof ui['ui:help'] === 'string' ? ui['ui:help'] : '';
  // The form's own labels win over the title; a field of a shared piece is labelled there for this form only.
  const inLabels = field.path in ownLabels || !isOwnSchema;
  return { schemaFile, rulesFile, inLabels, schema, uiFile, help, isOwnSchema };
}

function OptionsEditor({
  options,
  disabled,
  withTitles,
  onCommit,
  fieldLabel,
}: {
  options: FieldOption[];
  disabled: boolean;
  withTitles: boolean;
  onCommit: (options: FieldOption[]) => void;
  fieldLabel: string;
}) {
  const move = (index: number, by: number) => {
    const next = [...options];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item);
    onCommit(next);
  };
  return (
    <Box
      component="fieldset"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, m: 0, display: 'grid', gap: 1 }}
    >
      <Typography component="legend" variant="body2" sx={{ px: 0.5 }}>
        Choices of {fieldLabel}
      </Typography>
      {options.map((option, index) => (
        <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <CommitTextField
            size="small"
            label={`Value ${index + 1}`}
            value={String(option.value)}
            disabled={disabled}
            onCommit={(text) => onCommit(options.map((item, i) => (i === index ? { ...item, value: text } : item)))}
          />
          {withTitles && (
            <CommitTextField
              size="small"
              label={`Shown as ${index + 1}`}
              value={option.title ?? ''}
              disabled={disabled}
              onCommit={(text) => onCommit(options.map((item, i) => (i === index ? { ...item, title: text } : item)))}
            />
          )}
          <IconButton
            size="small"
            aria-label={`Move choice ${String(option.value)} up`}
            disabled={disabled || index === 0}
            onClick={() => move(index, -1)}
          >
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={`Move choice ${String(option.value)} down`}
            disabled={disabled || index === options.length - 1}
            onClick={() => move(index, 1)}
          >
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={`Remove choice ${String(option.value)}`}
            disabled={disabled}
            onClick={() => onCommit(options.filter((_, i) => i !== index))}
          >
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Stack>
      ))}
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={disabled}
          onClick={() =>
            onCommit([
              ...options,
              { value: `NEW ${options.length + 1}`, ...(withTitles ? { title: `New ${options.length + 1}` } : {}) },
            ])
          }
        >
          Add a choice
        </Button>
      </Box>
      <Typography variant="caption" color="text.secondary">
        A changed value is not changed in the rules that compare with it: the checks name rules that can then never
        fire.
      </Typography>
    </Box>
  );
}

export function FieldPanel({ model, field, onSelectPath }: FieldPanelProps) {
  const [dialog, setDialog] = useState<'rename' | 'delete' | undefined>(undefined);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const sources = textSources(model, field);
  const touching = useMemo(
    () =>
      model.merged.rules
        .map((entry, position) => ({
          entry,
          position,
          roles: rolesFor(entry.rule, field.path, model.merged.conditions),
        }))
        .filter((item) => item.roles.length > 0),
    [model.merged, field.path],
  );
  const acting = touching.filter((item) => item.roles.includes('acts') || item.roles.includes('trigger'));
  const reading = touching.filter((item) => !acting.includes(item));
  const conditions = useMemo(
    () => conditionsReading(model.merged.conditions, field.path),
    [model.merged.conditions, field.path],
  );
  const editable = !model.readOnly;
  const ownRules = formFile(model.form, 'rules.json');
  const addRule = (kind: string) => {
    setMenu(null);
    const read = readJsonFile(model.files, ownRules);
    const rules = isPlainObject(read) && Array.isArray(read.rules) ? read.rules : [];
    const rule = newRule(kind, field, rules);
    // After the form's last rule of that kind, so it runs where its kind runs in file order.
    const lastOfKind = rules
      .map((item, index) => (isPlainObject(item) && item.kind === kind ? index : -1))
      .filter((index) => index >= 0)
      .at(-1);
    model.apply(insertRule(model.files, ownRules, rule, lastOfKind === undefined ? undefined : lastOfKind + 1));
  };
  const options = field.options ?? [];
  const optionsHaveTitles = Boolean(
    sources.schema &&
    (Array.isArray(sources.schema.oneOf) ||
      (isPlainObject(sources.schema.items) && Array.isArray(sources.schema.items.oneOf))),
  );

  return (
    <Box component="section" aria-labelledby="field-panel-title" sx={{ display: 'grid', gap: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id="field-panel-title" component="h3" variant="h6">
          {field.label}
        </Typography>
        <Chip size="small" label={field.path} sx={{ fontFamily: 'monospace' }} />
        {field.type && <Chip size="small" variant="outlined" label={field.type} />}
        <Box sx={{ flex: 1 }} />
        <Button size="small" disabled={!editable || !sources.isOwnSchema} onClick={() => setDialog('rename')}>
          Rename field
        </Button>
        <Button
          size="small"
          color="error"
          disabled={!editable || !sources.isOwnSchema}
          onClick={() => setDialog('delete')}
        >
          Delete field
        </Button>
      </Stack>
      {!sources.isOwnSchema && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="caption" color="text.secondary">
            Defined in {sources.schemaFile}, a piece other forms may include: its choices are changed there; a label
            given here is this form's own.
          </Typography>
          {model.onOpenFile && (
            <Button size="small" onClick={() => model.onOpenFile?.(sources.schemaFile)}>
              Open {sources.schemaFile.split('/').slice(-2).join('/')}
            </Button>
          )}
        </Stack>
      )}
      {/* Two columns only where the panel itself has room for both labels (it shares the window with the preview). */}
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 16rem), 1fr))' }}>
        <CommitTextField
          size="small"
          label={sources.inLabels ? `Label (labels of ${sources.rulesFile})` : 'Label (schema title)'}
          value={field.label}
          disabled={!editable}
          onCommit={(text) => model.apply(setFieldLabel(model.files, sources, field.path, text))}
        />
        <CommitTextField
          size="small"
          label="Help text under the field"
          value={sources.help}
          disabled={!editable}
          multiline
          onCommit={(text) => model.apply(setFieldHelp(model.files, sources.uiFile, field.path, text))}
        />
      </Box>
      {options.length > 0 && (
        <OptionsEditor
          options={options}
          fieldLabel={field.label}
          withTitles={optionsHaveTitles}
          disabled={!editable || !sources.schema || !sources.isOwnSchema}
          onCommit={(next) => model.apply(setFieldOptions(model.files, sources.schemaFile, field.path, next))}
        />
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography component="h3" variant="subtitle1" sx={{ flex: 1 }}>
          Rules acting on {field.label} ({acting.length})
        </Typography>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={!editable}
          aria-haspopup="menu"
          onClick={(event) => setMenu(event.currentTarget)}
        >
          Add a rule
        </Button>
        <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
          {RULE_KINDS.map((kind) => (
            <MenuItem key={kind} onClick={() => addRule(kind)}>
              {kind}
            </MenuItem>
          ))}
        </Menu>
      </Stack>
      {acting.length === 0 && <Typography variant="body2">No rule acts on this field.</Typography>}
      {acting.map(({ entry, position, roles }) => (
        <RuleCard key={position} model={model} entry={entry} roles={roles} />
      ))}
      <Typography component="h3" variant="subtitle1">
        Rules reading {field.label} ({reading.length})
      </Typography>
      {reading.length === 0 && <Typography variant="body2">No rule's condition reads this field.</Typography>}
      {reading.map(({ entry, position, roles }) => (
        <RuleCard key={position} model={model} entry={entry} roles={roles} />
      ))}
      {conditions.length > 0 && (
        <Typography component="h3" variant="subtitle1">
          Named conditions reading {field.label} ({conditions.length})
        </Typography>
      )}
      {conditions.map((name) => (
        <NamedConditionCard key={name} model={model} name={name} />
      ))}
      {dialog === 'rename' && (
        <RenameFieldDialog model={model} field={field} onClose={() => setDialog(undefined)} onRenamed={onSelectPath} />
      )}
      {dialog === 'delete' && <DeleteFieldDialog model={model} field={field} onClose={() => setDialog(undefined)} />}
    </Box>
  );
}
