import type { ProductLine } from '../../shared/api/dealer/get-product-line';

/** The banner warning of spec 1 §1 for the dealer's product line, or null when the line is unknown. */
export function describeProductLineLimit(productLine: ProductLine | undefined): string | null {
  if (productLine === 'SUNROOMS') return 'As a sunroom dealer, you cannot order patio covers or pavilions.';
  if (productLine === 'PATIO COVERS') return 'As a patio cover dealer, you cannot order sunrooms.';
  return null;
}
