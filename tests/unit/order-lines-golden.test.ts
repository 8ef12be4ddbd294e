/**
 * Issue 16: the summary the dealer confirms and the order's text file (and PDFs, made from the same document) say the
 * same thing (issue 15: in the same sections). For the golden orders of every configurator, the summary's lines (`listOrderLines` on the page's payload)
 * appear in the text file made from the stored order (its keys in another order, as jsonb keeps them), in the same
 * order, and the special instructions likewise.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { collectFiles, replayOrder, type GoldenOrder } from '../../scripts/lib/golden-orders';
import { listOrderLines } from '../../src/engine';
import { loadAllDefinitions } from '../../src/server/definitions/index';
import { buildOrderDocument } from '../../src/server/services/order-text/order-document';
import { renderOrderText } from '../../src/server/services/order-text/render-order-text';
import { reverseKeys, storedOrder } from '../support/stored-order';

const { definitions } = loadAllDefinitions('definitions');
const forms = ['sunroom', 'screenroom', 'impact', 'pergola', 'pavilion', 'engineering'];

describe.each(forms)('%s golden orders: summary lines = text file lines', (form) => {
  const served = definitions.get(form)!;
  const orders = collectFiles([`tests/golden/${form}`]).files.map((file) => ({
    file,
    order: JSON.parse(readFileSync(file, 'utf8')) as GoldenOrder,
  }));

  it('has golden orders with selections', () => {
    expect(orders.length).toBeGreaterThan(0);
  });

  it.each(orders.map(({ file, order }) => [file.split('/').pop()!, order] as const))('%s', (_name, order) => {
    const state = replayOrder(order, served.compiled).state;
    const summary = listOrderLines(served.compiled, state.payload);
    const stored = reverseKeys(JSON.parse(JSON.stringify(state.payload)));
    const document = buildOrderDocument(storedOrder(form, stored), 'Dealer', 'Form', served.compiled);
    // Each section's caption (depth 0) over its lines (depth 1), then the special instructions under their heading.
    const expected = summary.sections.flatMap((section) => [
      [0, section.title, ''],
      ...section.lines.map((line) => [1, line.label, line.value]),
    ]);
    expect(document.details.slice(0, expected.length).map((line) => [line.depth, line.label, line.value])).toEqual(
      expected,
    );
    const instructions = document.details.slice(expected.length + 1).map((line) => line.value);
    expect(instructions).toEqual(summary.instructions.filter((line) => line !== ''));
    // And the text file prints them, in that order.
    const text = renderOrderText(document).split('\n');
    let at = 0;
    for (const line of summary.selections) {
      const found = text.findIndex(
        (row, index) =>
          index >= at &&
          row.trimStart().startsWith(`${line.label} `) &&
          row.endsWith(` ${line.value.replace(/\r?\n/g, ' ')}`),
      );
      expect(found, `${line.label}: ${line.value}`).toBeGreaterThanOrEqual(0);
      at = found + 1;
    }
  });
});
