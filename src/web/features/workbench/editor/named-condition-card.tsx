/** A named condition that reads the selected field: its body, where it is defined, and (in the form's own file) an editor. */
import EditIcon from '@mui/icons-material/Edit';
import { Card, CardContent, Chip, IconButton, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { formatJson } from '../../../../../scripts/lib/json-format';
import { scopeFor, vocabularyFor, type EditorModel } from './editor-model';
import { formFile, isPlainObject, readJsonFile, serializeTreeFile } from './model/tree-files';

const ConditionCodeEditors = lazy(() =>
  import('./condition-code-editors').then((m) => ({ default: m.ConditionCodeEditors })),
);

export function NamedConditionCard({ model, name }: { model: EditorModel; name: string }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const file = model.merged.conditionFiles[name];
  const ownFile = formFile(model.form, 'rules.json');
  const own = readJsonFile(model.files, ownFile);
  const ownConditions = isPlainObject(own) && isPlainObject(own.conditions) ? own.conditions : {};
  const editable = file === ownFile && name in ownConditions && !model.readOnly;
  const value = name in ownConditions ? ownConditions[name] : model.merged.conditions[name];
  const scope = useMemo(() => scopeFor(model, undefined), [model]);
  const vocabulary = useMemo(() => vocabularyFor(model, undefined), [model]);
  const apply = (next: unknown, label: string) => {
    if (!isPlainObject(own)) return;
    const content = serializeTreeFile(ownFile, { ...own, conditions: { ...ownConditions, [name]: next } });
    model.apply({ path: ownFile, content, label });
  };
  return (
    <Card variant="outlined" component="article" aria-label={`Named condition ${name}`}>
      <CardContent sx={{ display: 'grid', gap: 1, '&:last-child': { pb: 2 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Chip size="small" color="secondary" label="condition" />
          <Typography component="h4" variant="subtitle2" sx={{ fontFamily: 'monospace' }}>
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }}>
            {file === ownFile ? 'in this form' : `from ${file} (read-only here)`}
          </Typography>
          {file === ownFile && (
            <IconButton
              size="small"
              aria-label={`Edit condition ${name}`}
              aria-expanded={open}
              aria-controls={detailsId}
              onClick={() => setOpen(!open)}
            >
              <EditIcon fontSize="small" />
            </IconButton>
          )}
        </Stack>
        {!open && (
          <Typography component="pre" variant="body2" sx={{ m: 0, fontFamily: 'monospace', whiteSpace: 'pre-wrap' }}>
            {formatJson(value).trimEnd()}
          </Typography>
        )}
        {open && (
          <div id={detailsId}>
            <Suspense fallback={<Typography variant="body2">Loading the editor…</Typography>}>
              <ConditionCodeEditors
                name={name}
                value={value}
                scope={scope}
                vocabulary={vocabulary}
                onApply={apply}
                readOnly={!editable}
              />
            </Suspense>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
