/**
 * One rule listed at a field: its kind, id, how it touches the field, description and spec reference, the file it
 * comes from, the static checks' problems at it, and (for the form's own rules) its texts as plain fields, the JSON
 * editor and condition builders, and duplicate / move / delete buttons.
 */
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, Card, CardContent, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import type { Rule } from '../../../../engine/index';
import { CommitTextField } from './commit-text-field';
import { scopeFor, vocabularyFor, type EditorModel } from './editor-model';
import type { MergedRule } from './model/merged-form';
import { deleteRule, duplicateRule, moveRule, moveTarget, replaceRule, ruleName } from './model/rule-edits';
import { specReferenceOf, type FieldRole } from './model/rule-fields';
import { isPlainObject, readJsonFile } from './model/tree-files';

const RuleCodeEditors = lazy(() => import('./rule-code-editors').then((m) => ({ default: m.RuleCodeEditors })));

const ROLE_TEXT: Record<FieldRole, string> = {
  acts: 'acts on it',
  trigger: 'fires when it changes',
  reads: 'reads it',
};

export interface RuleCardProps {
  model: EditorModel;
  entry: MergedRule;
  roles: readonly FieldRole[];
}

/** The rule's plain texts, by key: what staff edit as words, not JSON. */
function textKeysOf(rule: Rule): { key: string; label: string; multiline?: boolean }[] {
  const keys: { key: string; label: string; multiline?: boolean }[] = [
    { key: 'description', label: 'Description (why the rule exists, with its spec reference)', multiline: true },
  ];
  if (rule.kind === 'required')
    keys.push({ key: 'label', label: 'Label in the missing list' }, { key: 'message', label: 'Message at the field' });
  if (rule.kind === 'validate') keys.push({ key: 'message', label: 'Message at the field' });
  if (rule.kind === 'onChange' && rule.notice) keys.push({ key: 'notice.message', label: 'Toast shown' });
  return keys;
}

function textOf(rule: Rule, key: string): string {
  const record = rule as unknown as Record<string, unknown>;
  if (key === 'notice.message') return isPlainObject(record.notice) ? String(record.notice.message ?? '') : '';
  return typeof record[key] === 'string' ? (record[key] as string) : '';
}

function withText(rule: Rule, key: string, text: string): Rule {
  const record = { ...(rule as unknown as Record<string, unknown>) };
  if (key === 'notice.message')
    record.notice = { ...(isPlainObject(record.notice) ? record.notice : {}), message: text };
  else if (text === '' && key !== 'description' && key !== 'message') delete record[key];
  else record[key] = text;
  return record as unknown as Rule;
}

export function RuleCard({ model, entry, roles }: RuleCardProps) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const { source, raw, rule } = entry;
  const name = ruleName(raw);
  const pointer = `/rules/${source.index}`;
  const problems = model.problemsAt(source.file, pointer);
  const spec = specReferenceOf(raw.description);
  const editable = source.isOwn && !model.readOnly;
  const fileRules = readJsonFile(model.files, source.file);
  const list = isPlainObject(fileRules) && Array.isArray(fileRules.rules) ? (fileRules.rules as Rule[]) : [];
  const canMove = (direction: 'up' | 'down') => editable && moveTarget(list, source.index, direction) !== undefined;
  const scope = useMemo(() => scopeFor(model, rule), [model, rule]);
  const vocabulary = useMemo(() => vocabularyFor(model, rule), [model, rule]);
  const replace = (next: Rule, label: string) =>
    model.apply(replaceRule(model.files, source.file, source.index, next, label));

  return (
    <Card variant="outlined" component="article" aria-label={`Rule ${name}`}>
      <CardContent sx={{ display: 'grid', gap: 1, '&:last-child': { pb: 2 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Chip size="small" color="primary" label={raw.kind} />
          <Typography component="h4" variant="subtitle2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {name}
          </Typography>
          {roles.map((role) => (
            <Chip key={role} size="small" variant="outlined" label={ROLE_TEXT[role]} />
          ))}
          {spec && <Chip size="small" variant="outlined" color="secondary" label={spec} title="Spec reference" />}
          {problems.length > 0 && (
            <Chip size="small" color="error" label={`${problems.length} problem${problems.length > 1 ? 's' : ''}`} />
          )}
          <Box sx={{ flex: 1 }} />
          {source.isOwn && (
            <Stack direction="row" spacing={0.5}>
              <Tooltip title={open ? 'Close the editor' : 'Edit'}>
                <IconButton
                  size="small"
                  aria-label={`Edit rule ${name}`}
                  aria-expanded={open}
                  aria-controls={detailsId}
                  onClick={() => setOpen(!open)}
                >
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title="Duplicate">
                <span>
                  <IconButton
                    size="small"
                    aria-label={`Duplicate rule ${name}`}
                    disabled={!editable}
                    onClick={() => model.apply(duplicateRule(model.files, source.file, source.index))}
                  >
                    <ContentCopyIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title="Move up (runs earlier among its kind)">
                <span>
                  <IconButton
                    size="small"
                    aria-label={`Move rule ${name} up`}
                    disabled={!canMove('up')}
                    onClick={() => model.apply(moveRule(model.files, source.file, source.index, 'up'))}
                  >
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title="Move down (runs later among its kind)">
                <span>
                  <IconButton
                    size="small"
                    aria-label={`Move rule ${name} down`}
                    disabled={!canMove('down')}
                    onClick={() => model.apply(moveRule(model.files, source.file, source.index, 'down'))}
                  >
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title="Delete">
                <span>
                  <IconButton
                    size="small"
                    aria-label={`Delete rule ${name}`}
                    disabled={!editable}
                    onClick={() => model.apply(deleteRule(model.files, source.file, source.index))}
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            </Stack>
          )}
        </Stack>
        {raw.description && <Typography variant="body2">{raw.description}</Typography>}
        {!source.isOwn && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="caption" color="text.secondary">
              Read-only here: rule {source.index + 1} of {source.file}
              {source.params ? ` (included with ${source.params})` : ''}.
            </Typography>
            {model.onOpenFile && (
              <Button size="small" onClick={() => model.onOpenFile?.(source.file)}>
                Open {source.file.split('/').slice(-2).join('/')}
              </Button>
            )}
            <Button size="small" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen(!open)}>
              {open ? 'Hide JSON' : 'Show JSON'}
            </Button>
          </Stack>
        )}
        {problems.map((problem, index) => (
          <Alert key={index} severity={problem.severity === 'error' ? 'error' : 'warning'} variant="outlined">
            {problem.path.slice(pointer.length) || '(the rule)'}: {problem.reason}
          </Alert>
        ))}
        {open && (
          <Box id={detailsId} sx={{ display: 'grid', gap: 1.5, pt: 1 }}>
            {textKeysOf(raw).map(({ key, label, multiline }) => (
              <CommitTextField
                key={key}
                label={label}
                size="small"
                fullWidth
                multiline={multiline}
                value={textOf(raw, key)}
                disabled={!editable}
                onCommit={(text) => replace(withText(raw, key, text), `${label.split(' (')[0]} of rule ${name}`)}
              />
            ))}
            <Suspense fallback={<Typography variant="body2">Loading the editor…</Typography>}>
              <RuleCodeEditors
                rule={raw}
                name={name}
                scope={scope}
                vocabulary={vocabulary}
                problems={problems.map((problem) => ({
                  pointer: problem.path.slice(pointer.length),
                  message: problem.reason,
                  severity: problem.severity,
                }))}
                readOnly={!editable}
                onApply={(next, label) => replace(next, label)}
              />
            </Suspense>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
