import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileDefinition, type DefinitionBundle } from '../../../engine';
import { checkPiece, filterSideText, piecePath, shownSides } from './glass-piece';
import { cartFieldsOf } from '../carts';

const folder = path.resolve(import.meta.dirname, '../../../../definitions/glass-cart');
const read = (name: string) => JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as Record<string, unknown>;
const rules = read('rules.json');
const definition = compileDefinition({
  form: 'glass-cart',
  schema: read('schema.json'),
  ui: read('ui.json'),
  rules,
  data: {},
} as unknown as DefinitionBundle);
const context = { locations: {}, prices: { 'Tempered Glass': 14.5, 'Tempered Insulated Glass': 26.75 } };

describe('glass piece', () => {
  it('keeps digits and one dot only', () => {
    expect(filterSideText('1a2.5.0')).toBe('12.50');
    expect(filterSideText('..4')).toBe('.4');
    expect(filterSideText('-7 in')).toBe('7');
  });

  it('shows two sides for a rectangle, three otherwise', () => {
    expect(shownSides('Rectangular')).toEqual(['leftSideInches', 'bottomSideInches']);
    expect(shownSides('Left High')).toHaveLength(3);
  });

  it("prices one piece with the definition's rule and reports its 13-inch slope", () => {
    const priced = checkPiece(definition, context, 'Tempered Insulated Glass', {
      glassShape: 'Left High',
      leftSideInches: '31',
      bottomSideInches: '41',
      rightSideInches: '20',
    });
    expect((priced.data.OrderGlassParts as { price: number }[])[0].price).toBe(249.67);
    const square = checkPiece(definition, context, 'Tempered Insulated Glass', {
      glassShape: 'Rectangular',
      leftSideInches: '12',
      bottomSideInches: '16',
      rightSideInches: '',
    });
    expect((square.data.OrderGlassParts as { price: number; name: string }[])[0]).toMatchObject({
      price: 80.25,
      name: '12 x 16 x 12',
    });
    const steep = checkPiece(definition, context, 'Tempered Glass', {
      glassShape: 'Right High',
      leftSideInches: '10',
      bottomSideInches: '12',
      rightSideInches: '15',
    });
    expect(steep.errors[piecePath(cartFieldsOf(definition).lines, 'bottomSideInches')]).toBe(
      'The hypotenuse of the trapezoid has a minimum of 14 inches',
    );
  });
});
