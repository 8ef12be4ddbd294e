import type { ProductLine } from '../../shared/api/dealer/get-product-line';

/**
 * The banner warning of spec 1 §1 for the dealer's product line, or null when the line is unknown. A TEMO employee is
 * no dealer of a line: the server refuses every order of theirs (998), which is what they are told instead.
 */
export function describeProductLineLimit(
  productLine: ProductLine | undefined,
  roles: readonly string[] | undefined,
): string | null {
  if (roles === undefined) return null;
  if (roles.includes('employee'))
    return 'You are signed in as a TEMO employee: every configurator is open to look at, but employees cannot send orders.';
  if (productLine === 'SUNROOMS') return 'As a sunroom dealer, you cannot order patio covers or pavilions.';
  if (productLine === 'PATIO COVERS') return 'As a patio cover dealer, you cannot order sunrooms.';
  return null;
}
