import { Stack, TextField } from '@mui/material';
import { moveFields, type MoveFactName, type MoveFacts, type OrderStatus } from '../order-moves';
import type { FieldNames } from '../field-reasons';

/** The API's names in a move's reasons, mapped to the form's fields (a 400 is shown at the field it names). */
export const moveFieldNames: FieldNames<MoveFactName> = {
  detailer: { field: 'detailer', label: 'Detailer' },
  emailedOn: { field: 'emailedOn', label: 'E-mailed on' },
  schedDate: { field: 'schedDate', label: 'Scheduled date' },
  confirmation: { field: 'confirmation', label: 'Confirmed on' },
  dateShipped: { field: 'dateShipped', label: 'Shipped on' },
  shipTo: { field: 'streetAddress', label: 'Ship to' },
  'shipTo.streetAddress': { field: 'streetAddress', label: 'Street' },
  'shipTo.cityStateZip': { field: 'cityStateZip', label: 'City, state, ZIP' },
  note: { field: 'note', label: 'Note' },
};

interface MoveFieldsProps {
  to: OrderStatus;
  facts: MoveFacts;
  problems: Partial<Record<MoveFactName, string>>;
  idPrefix: string;
  onChange(name: MoveFactName, value: string): void;
}

/** The facts a move asks for, then the note; a problem shows at its field. */
export function MoveFields({ to, facts, problems, idPrefix, onChange }: MoveFieldsProps) {
  return (
    <Stack spacing={2}>
      {moveFields[to].map((field, index) => (
        <TextField
          key={field.name}
          id={`${idPrefix}-${field.name}`}
          label={field.label}
          type={field.kind === 'date' ? 'date' : 'text'}
          required={field.isRequired}
          autoFocus={index === 0}
          value={facts[field.name]}
          onChange={(event) => onChange(field.name, event.target.value)}
          error={Boolean(problems[field.name])}
          helperText={problems[field.name] ?? field.help}
          slotProps={{
            inputLabel: field.kind === 'date' ? { shrink: true } : undefined,
            htmlInput: { maxLength: 120, 'data-testid': `move-field-${field.name}` },
          }}
        />
      ))}
      <TextField
        id={`${idPrefix}-note`}
        label="Note for the timeline"
        multiline
        minRows={2}
        autoFocus={moveFields[to].length === 0}
        value={facts.note}
        onChange={(event) => onChange('note', event.target.value)}
        error={Boolean(problems.note)}
        helperText={problems.note ?? 'Optional: why, for colleagues reading the timeline'}
        slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'move-field-note' } }}
      />
    </Stack>
  );
}
