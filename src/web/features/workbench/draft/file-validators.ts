import { isPriceTable } from '../../../../engine';
import { checkPriceTable } from '../prices/price-sheet';
import { isPriceTablePath } from '../tree-paths';

/** Every definition and golden-order file is JSON, and a price table passes its checks: otherwise it is not sent. */
export function jsonValidator(path: string, content: string | null): string[] {
  if (content === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch (error) {
    return [`${path} is not valid JSON: ${(error as Error).message}`];
  }
  // A price table is checked as its grid checks it (sizes, gaps, numbers) before the server sees it.
  return isPriceTablePath(path) && isPriceTable(value) ? checkPriceTable(value) : [];
}
