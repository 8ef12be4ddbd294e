/**
 * The "why" panel: for the field picked in the preview (or in the searchable list), each rule touching it, whether it
 * fired and holds now, the values its condition read, and for a price the table row matched.
 */
import { memo, useMemo } from 'react';
import { Autocomplete, Box, Button, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import {
  explainField,
  explainPrice,
  type CompiledDefinition,
  type PriceLookupExplanation,
  type RuleExplanation,
  type RuleSourceRef,
} from '../../../../engine';
import { useFormSelector, type FormStore } from '../../../forms';
import { listPreviewFields, type PreviewField } from './preview-fields';
import { verdictsOf } from './why-verdicts';

const show = (value: unknown) =>
  value === undefined || value === null || value === '' ? 'empty' : JSON.stringify(value);

interface WhyPanelProps {
  definition: CompiledDefinition;
  sources: readonly (RuleSourceRef | undefined)[] | undefined;
  store: FormStore;
  selectedField: string | undefined;
  onSelectField(path: string | undefined): void;
  isPicking: boolean;
  onPickingChange(isPicking: boolean): void;
}

/** Memoised: it renders again only when what it shows changes (the pane defers a new definition to it). */
export const WhyPanel = memo(function WhyPanel({
  definition,
  sources,
  store,
  selectedField,
  onSelectField,
  isPicking,
  onPickingChange,
}: WhyPanelProps) {
  // Every answer change re-explains (the panel follows the preview as it is played).
  const state = useFormSelector(store, (view) => view.state);
  const fields = useMemo(() => listPreviewFields(definition, state.data), [definition, state.data]);
  const selected = fields.find((field) => field.path === selectedField) ?? null;
  const explanation = useMemo(
    () =>
      selectedField && definition.hasPath(selectedField)
        ? explainField(definition, { session: store.session }, selectedField, { sources })
        : undefined,
    // state: the session's answers moved on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [definition, store, selectedField, sources, state],
  );
  const price = useMemo(
    () =>
      explanation?.rules.some((rule) => rule.affectsPrice)
        ? explainPrice(definition, { session: store.session }, { sources })
        : undefined,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [definition, store, explanation, sources, state],
  );
  return (
    <Paper variant="outlined" component="section" aria-labelledby="why-panel-heading" sx={{ p: 2 }}>
      <Typography id="why-panel-heading" component="h3" variant="h6">
        Why is a field as it is?
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ my: 1, alignItems: { sm: 'center' } }}>
        <Button
          variant={isPicking ? 'contained' : 'outlined'}
          aria-pressed={isPicking}
          onClick={() => onPickingChange(!isPicking)}
          sx={{ flex: '0 0 auto' }}
        >
          {isPicking ? 'Picking: click or tab to a field' : 'Pick a field'}
        </Button>
        <Autocomplete<PreviewField>
          sx={{ flex: 1, minWidth: 0 }}
          size="small"
          options={fields}
          value={selected}
          onChange={(_event, field) => onSelectField(field?.path)}
          getOptionLabel={(field) => `${field.label} (${field.path})`}
          isOptionEqualToValue={(a, b) => a.path === b.path}
          renderInput={(params) => <TextField {...params} label="Field to explain" />}
        />
      </Stack>
      {isPicking && (
        <Typography role="status" variant="body2">
          Click a field in the preview, or move to one with Tab: it is explained here. Escape stops picking.
        </Typography>
      )}
      {explanation ? (
        <Box aria-live="polite" data-testid="why-explanation">
          <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 700, mt: 1 }}>
            {definition.labelOf(explanation.field)} ({explanation.field}): {show(explanation.value)}
          </Typography>
          <Box component="ul" sx={{ pl: 3, my: 0.5 }} aria-label="What the field is now">
            {verdictsOf(explanation).map((verdict, index) => (
              <li key={index}>{verdict.text}</li>
            ))}
            {verdictsOf(explanation).length === 0 && <li>No rule changes this field now.</li>}
          </Box>
          {explanation.rules.length === 0 ? (
            <Typography variant="body2">No rule acts on or reads this field.</Typography>
          ) : (
            <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }} aria-label="Rules">
              {explanation.rules.map((rule) => (
                <RuleItem key={`${rule.index}:${rule.at ?? ''}`} rule={rule} />
              ))}
            </Stack>
          )}
          {price && price.lookups.length > 0 && <PriceLookups price={price.price} lookups={price.lookups} />}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Pick a field to see each rule that touches it.
        </Typography>
      )}
    </Paper>
  );
});

function RuleItem({ rule }: { rule: RuleExplanation }) {
  const acts = rule.actions.length > 0 ? rule.actions.join(', ') : 'reads it';
  return (
    <Box component="li" data-rule-id={rule.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography component="span" sx={{ fontFamily: 'monospace', fontWeight: 700 }}>
          {rule.id}
        </Typography>
        <Chip size="small" label={acts} />
        <Chip
          size="small"
          color={rule.fired ? 'success' : 'default'}
          variant={rule.fired ? 'filled' : 'outlined'}
          label={rule.fired ? 'fired' : 'not fired'}
        />
        {rule.holds !== undefined && (
          <Chip size="small" variant="outlined" label={rule.holds ? 'condition holds' : 'condition does not hold'} />
        )}
        {rule.applies !== undefined && (
          <Chip size="small" variant="outlined" label={rule.applies ? 'acts now' : 'does not act now'} />
        )}
      </Stack>
      {rule.description && <Typography variant="body2">{rule.description}</Typography>}
      {rule.source && (
        <Typography variant="caption" color="text.secondary" component="p">
          {rule.source.file}, rule {rule.source.index + 1}
          {rule.spec ? ` · ${rule.spec}` : ''}
        </Typography>
      )}
      {rule.value !== undefined && <Typography variant="body2">Value now: {show(rule.value)}</Typography>}
      {rule.inputs.length > 0 && (
        <Box component="dl" sx={{ m: 0, mt: 0.5, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1 }}>
          {rule.inputs.map((input, index) => (
            <Box key={index} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" sx={{ fontFamily: 'monospace' }}>
                {input.variable}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {show(input.value)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {rule.priceLookups && rule.priceLookups.length > 0 && (
        <Box component="ul" sx={{ pl: 3, m: 0 }}>
          {rule.priceLookups.map((lookup, index) => (
            <li key={index}>{describeLookup(lookup)}</li>
          ))}
        </Box>
      )}
    </Box>
  );
}

function describeLookup(lookup: PriceLookupExplanation): string {
  const table = lookup.table ?? 'no table chosen yet';
  const row = lookup.row ? `row ${lookup.row}` : `no row (length ${show(lookup.length)}, width ${show(lookup.width)})`;
  const price = lookup.price === null ? 'outside the table' : `$${lookup.price.toLocaleString('en-US')}`;
  return `${table}: ${row}, ${price}`;
}

function PriceLookups({ price, lookups }: { price: number | string | null; lookups: PriceLookupExplanation[] }) {
  return (
    <Box sx={{ mt: 1 }} data-testid="why-price">
      <Typography component="h4" variant="subtitle2">
        The price now: {show(price)}
      </Typography>
      <Box component="ul" sx={{ pl: 3, my: 0.5 }}>
        {lookups.map((lookup, index) => (
          <li key={index}>
            {lookup.ruleId}: {describeLookup(lookup)}
          </li>
        ))}
      </Box>
    </Box>
  );
}
