/** The variables a rule's conditions read besides the form's fields (kept apart from the builder's code: no RQB here). */
import type { FieldInfo } from './field-tree';

/** The variables a rule's conditions may read besides the form's fields, by the rule's kind. */
export function scopeVariables(kind: string, subject: FieldInfo | undefined): FieldInfo[] {
  const like = (path: string, label: string): FieldInfo => ({
    path,
    label,
    type: subject?.type,
    options: subject?.options,
  });
  const context: FieldInfo[] = [
    {
      path: '$context.productLine',
      label: "Dealer's product line",
      type: 'string',
      options: [{ value: 'SUNROOMS' }, { value: 'PATIO COVERS' }],
    },
    { path: '$context.hasLocations', label: 'Dealer has locations', type: 'boolean' },
  ];
  if (kind === 'onChange') return [like('$value', 'New value'), like('$previous', 'Previous value'), ...context];
  if (kind === 'validate') return [like('$value', 'Value'), ...context];
  if (kind === 'options') return [like('$option', 'Offered choice'), ...context];
  return context;
}
