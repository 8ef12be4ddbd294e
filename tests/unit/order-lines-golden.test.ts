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
import type { LifecycleOrder } from '../../src/server/repositories/order-lifecycle-repository';
import { buildOrderDocument } from '../../src/server/services/order-text/order-document';
import { renderOrderText } from '../../src/server/services/order-text/render-order-text';

const { definitions } = loadAllDefinitions('definitions');
const forms = ['sunroom', 'screenroom', 'impact', 'pergola', 'pavilion', 'engineering'];

/** The same object with its keys in reverse order, at every level (stored jsonb keeps no key order). */
function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .reverse()
      .map(([key, item]) => [key, reverseKeys(item)]),
  );
}

function storedOrder(form: string, data: unknown): LifecycleOrder {
  return {
    id: 1,
    dealerId: 1,
    userId: 1,
    formId: form,
    fileName: `${form}-1`,
    status: 'unprocessed',
    isOrdered: true,
    data,
    createdAt: new Date(0),
    folderName: null,
    jobName: null,
    detailer: null,
    emailedOn: null,
    confirmation: null,
    schedDate: null,
    dateShipped: null,
    shipTo: null,
    definitionVersionId: null,
  };
}

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
