/**
 * Issue 15: the summary the dealer confirms and the order-summary PDF, in words. For every golden order the page would
 * let go (`submit.allowed`), of every form: the summary's sections and lines (`listOrderLines` on the page's payload
 * with the page's option lists, as the summary dialog renders them) and the PDF made from the stored order (its keys
 * in another order, as jsonb keeps them, named with the dealer's context as the server does) list the same captions and
 * lines in the same order, read back from the PDF's own text; and no raw code reaches the dealer: no label in
 * lowercase joined words, camelCase or shouted, no value of a fixed list shown as its code (lowercase joined words,
 * camelCase, an enum value where the schema titles it, a value repeating its label: "Skyview: Skyview NO"), no bare
 * digit for a layout, no bare wall code. And no choice of any form, offered or not, repeats its field's label.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { collectFiles, replayOrder, type GoldenOrder } from '../../scripts/lib/golden-orders';
import { listOrderLines, optionsOf, schemaAt, type CompiledDefinition, type OrderLine } from '../../src/engine';
import { listFields } from '../../src/engine/schema-paths';
import { loadAllDefinitions } from '../../src/server/definitions/index';
import { buildOrderDocument } from '../../src/server/services/order-text/order-document';
import { renderOrderSummaryPdf } from '../../src/server/services/pdf/render-order-summary';
import { extractPdfText, normalizeSpace } from '../support/pdf-text';
import { reverseKeys, storedOrder } from '../support/stored-order';

const { definitions } = loadAllDefinitions('definitions');

const allowedOrders = collectFiles(['tests/golden'])
  .files.map((file) => ({ file, order: JSON.parse(readFileSync(file, 'utf8')) as GoldenOrder }))
  .filter(({ order }) => (order.expect as { submit?: { allowed?: boolean } } | undefined)?.submit?.allowed === true);

/** What reads like code in a label or a caption: lowercase first, camelCase or PascalCase joined, a shouted word. */
function labelProblem(label: string): string | null {
  if (/^[a-z]/.test(label)) return 'starts in lowercase';
  if (/\b[a-z]+[A-Z]\w*/.test(label)) return 'camelCase';
  if (/\b[A-Z][a-z]+[A-Z][a-z]+/.test(label)) return 'joined words';
  if (/\b[A-Z]{5,}\b/.test(label)) return 'a shouted word';
  if (/\{[a-z]+\}/.test(label)) return 'an unfilled placeholder';
  return null;
}

const sideWords = new Set(['left', 'right', 'front', 'back']);
const wordsOf = (text: string) => text.match(/[A-Za-z/]+/g) ?? [];

/**
 * A value that repeats its label's words, so it does not read on its own: all of them ("Skyview: Skyview NO", "A/C: A/C
 * Location"), or its first one written as a code would ("Pergola Type: PERGOLA FIXED"). A label naming its choices
 * ("Cleats or Bond Tape") and the side a per-wall label starts with ("Left Door Location: Left Side") do not count.
 */
function repeatsLabel(label: string, value: string): boolean {
  if (/\bor\b/i.test(label)) return false;
  const labelWords = wordsOf(label.replace(/\{n\}/g, '')).filter((word) => !sideWords.has(word.toLowerCase()));
  if (labelWords.length === 0) return false;
  const valueWords = wordsOf(value);
  const lowerValueWords = new Set(valueWords.map((word) => word.toLowerCase()));
  if (labelWords.every((word) => lowerValueWords.has(word.toLowerCase()))) return true;
  const [first] = valueWords;
  const [labelFirst] = labelWords;
  return (
    first !== undefined &&
    first.length >= 4 &&
    first.toLowerCase() === labelFirst!.toLowerCase() &&
    first !== labelFirst
  );
}

/** What reads like code in a value: a code of a fixed list, a bare layout digit, a bare wall code, its label again. */
function valueProblem(definition: CompiledDefinition, line: OrderLine, offered: boolean): string | null {
  if (/layout/i.test(line.label) && /^\d+$/.test(line.value)) return 'a bare digit for a layout';
  if (/wall code/i.test(line.label) && /^[A-Z0-9-]+$/.test(line.value)) return 'a wall code without words';
  if (repeatsLabel(line.label, line.value)) return 'its label repeated';
  const schema = schemaAt(definition.bundle.schema, line.path);
  const choices = optionsOf(schema);
  if (!choices && !offered) return null; // free text: the dealer's own words
  if (/^[a-z]+$/.test(line.value) && line.value.length > 3) return 'lowercase joined words';
  if (/\b[a-z]+[A-Z]\w*/.test(line.value)) return 'camelCase';
  const titled = choices?.find((choice) => String(choice.value) === line.value && choice.label !== line.value);
  if (titled) return `the code of "${titled.label}"`;
  return null;
}

describe('a value repeating its label', () => {
  it.each([
    ['Skyview', 'Skyview NO', true],
    ['Electrical', 'ELECTRICAL NO', true],
    ['A/C', 'A/C Location', true],
    ['Angled Layout', 'Angled Layout 1: Left Angle, Front, Right Angle', true],
    ['Pergola Type', 'PERGOLA FIXED', true],
    ['Skyview', 'No', false],
    ['Pergola Type', 'Fixed', false],
    ['Cleats or Bond Tape', 'Bond Tape', false],
    ['Left Door Location {n}', 'Left Side', false],
    ['Existing Slab Option', 'Existing Footing', false],
    ['Door Width {n}', "3' Door", false],
  ] as const)('%s: %s repeats it: %s', (label, value, repeats) => {
    expect(repeatsLabel(label, value)).toBe(repeats);
  });

  it('no choice of any form repeats its field label (the page shows the same titles as radio and select labels)', () => {
    const repeated: string[] = [];
    for (const [form, { compiled }] of definitions)
      for (const field of listFields(compiled.bundle.schema))
        for (const choice of field.options ?? [])
          if (field.title && repeatsLabel(field.title, choice.label))
            repeated.push(`${form} ${field.pattern}: "${field.title}: ${choice.label}"`);
    expect(repeated).toEqual([]);
  });
});

describe('the summary and the order-summary PDF of every allowed golden order, in words', () => {
  it('has allowed golden orders of every configurator and cart', () => {
    const forms = new Set(allowedOrders.map(({ order }) => order.form));
    for (const form of ['sunroom', 'screenroom', 'impact', 'pergola', 'pavilion', 'engineering', 'glass-cart'])
      expect(forms, form).toContain(form);
  });

  it.each(allowedOrders.map(({ file, order }) => [file.replace('tests/golden/', ''), order] as const))(
    '%s',
    async (_name, order) => {
      const definition = definitions.get(order.form)!.compiled;
      const state = replayOrder(order, definition).state;
      // The summary dialog: the page's payload and option lists.
      const summary = listOrderLines(definition, state.payload, { options: state.options });
      expect(summary.sections.length).toBeGreaterThan(0);

      const problems: string[] = [];
      for (const section of summary.sections) {
        const problem = labelProblem(section.title);
        if (problem) problems.push(`caption "${section.title}": ${problem}`);
        for (const line of section.lines) {
          const labelIssue = labelProblem(line.label);
          if (labelIssue) problems.push(`label "${line.label}": ${labelIssue}`);
          const valueIssue = valueProblem(definition, line, state.options[line.path] !== undefined);
          if (valueIssue) problems.push(`${line.label}: "${line.value}" is ${valueIssue}`);
        }
      }
      expect(problems).toEqual([]);

      // The PDF: the stored order (keys in another order), named with the dealer's context as the server does.
      const stored = reverseKeys(JSON.parse(JSON.stringify(state.payload)));
      const document = buildOrderDocument(storedOrder(order.form, stored), 'Dealer', 'Form', definition, {
        locations: (order.context?.locations ?? {}) as Record<string, string>,
      });
      const expected = summary.sections.flatMap((section) => [
        [0, section.title, ''],
        ...section.lines.map((line) => [1, line.label, line.value]),
      ]);
      const selections = document.details.slice(0, expected.length);
      expect(selections.map((line) => [line.depth, line.label, line.value])).toEqual(expected);

      // And the PDF's own text prints them, in that order: each caption, then each label followed by its value.
      const text = extractPdfText(await renderOrderSummaryPdf(document, new Date(0)));
      let at = text.indexOf('ORDER DETAILS') >= 0 ? text.indexOf('ORDER DETAILS') : 0;
      for (const [, label, value] of expected) {
        const row = normalizeSpace(`${label} ${value}`);
        const found = text.indexOf(row, at);
        expect(found, `PDF text after offset ${at} lacks "${row}"`).toBeGreaterThanOrEqual(0);
        at = found + row.length;
      }
    },
  );
});
