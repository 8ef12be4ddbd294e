import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSubmission, compileDefinition, createSession, type FormContext } from '../../../engine/index';
import { readDefinitionFolder } from '../../definitions/index';

const { bundle } = readDefinitionFolder(path.resolve('definitions/glass-cart'));
if (!bundle) throw new Error('definitions/glass-cart does not load');
const definition = compileDefinition(bundle);
const prices = { 'Tempered Glass': 10, 'Tempered Insulated Glass': 20 };

/** The price the glass-cart definition gives one piece (spec 3 §9), as the page and the server read it. */
function priceOf(
  glassShape: string,
  left: number,
  bottom: number,
  right: number,
  type = 'Tempered Glass',
  context: FormContext = { prices },
): unknown {
  const session = createSession(definition, {
    context,
    start: {
      selectedGlassType: type,
      OrderGlassParts: [
        { glassShape, leftSideInches: left, bottomSideInches: bottom, rightSideInches: right, quantity: 1 },
      ],
    },
  });
  return (session.state.data.OrderGlassParts as { price: unknown }[])[0].price;
}

describe('glass price (spec 3 §9)', () => {
  it('Left High: the left side x the bottom, each rounded up to an even inch count', () => {
    // 31 -> 32 in = 2.6667 ft; 41 -> 42 in = 3.5 ft; 9.3333 sq ft x 10
    expect(priceOf('Left High', 31, 41, 20)).toBe(93.33);
  });

  it('Right High: the right side x the bottom', () => {
    // right 30 in = 2.5 ft; bottom 48 in = 4 ft; 10 sq ft x 10
    expect(priceOf('Right High', 20, 48, 30)).toBe(100);
  });

  it('Rectangular: the left side (the right is made equal) x the bottom', () => {
    // 25 -> 26 in each: 2.1667 x 2.1667 = 4.6944 sq ft x 20 (insulated)
    expect(priceOf('Rectangular', 25, 25, 99, 'Tempered Insulated Glass')).toBe(93.89);
  });

  it('charges at least 3 square feet', () => {
    // 12 x 16 in = 1 x 1.3333 = 1.3333 sq ft -> 3 sq ft x 10
    expect(priceOf('Left High', 12, 16, 8)).toBe(30);
    expect(priceOf('Rectangular', 4, 4, 4, 'Tempered Insulated Glass')).toBe(60);
  });

  it('an even inch count stays as it is; a fraction rounds up to the next even count', () => {
    expect(priceOf('Rectangular', 36, 36, 36)).toBe(90); // 3 x 3 ft
    expect(priceOf('Rectangular', 36.25, 36, 36)).toBe(95); // 38 in = 3.1667 ft x 3
  });

  it("takes the price list from the context, else the definition's demo prices", () => {
    expect(priceOf('Rectangular', 36, 36, 36, 'Tempered Glass', { prices: { 'Tempered Glass': 12.5 } })).toBe(112.5);
    expect(priceOf('Rectangular', 36, 36, 36, 'Tempered Glass', {})).toBe(130.5);
  });

  it('has no price before the type, the shape and the sides are known', () => {
    expect(priceOf('Left High', 30, Number.NaN, 20) ?? null).toBeNull();
    expect(priceOf('Left High', 30, 40, 20, '') ?? null).toBeNull();
  });

  it("the server's re-check overwrites a posted price and names the piece left x bottom x right", () => {
    const check = checkSubmission(
      definition,
      {
        selectedGlassType: 'Tempered Glass',
        OrderGlassParts: [
          {
            name: 'cheap',
            glassShape: 'Right High',
            leftSideInches: 20,
            bottomSideInches: 48,
            rightSideInches: 30,
            price: 0.01,
            quantity: 2,
          },
        ],
        personalInfo: { lastName: 'SMITH', sender: 'Jo', email: 'jo@example.com' },
        shippingMethod: 'PICK UP',
      },
      { prices },
    );
    expect(check.ok).toBe(true);
    expect(check.payload.OrderGlassParts).toEqual([
      expect.objectContaining({ name: '20 x 48 x 30', price: 100, quantity: 2 }),
    ]);
  });
});

describe('glass sides (spec 3 §5)', () => {
  /** The messages at the piece's fields (the sidebar's required fields are left out). */
  function errorsOf(glassShape: string, left: number, bottom: number, right: number): Record<string, string> {
    const { errors } = createSession(definition, {
      context: { prices },
      start: {
        selectedGlassType: 'Tempered Glass',
        OrderGlassParts: [
          { glassShape, leftSideInches: left, bottomSideInches: bottom, rightSideInches: right, quantity: 1 },
        ],
      },
    }).state;
    return Object.fromEntries(Object.entries(errors).filter(([path]) => path.startsWith('OrderGlassParts')));
  }

  it('keeps each side within 4 to 96 inches', () => {
    expect(errorsOf('Left High', 97, 20, 10)['OrderGlassParts.0.leftSideInches']).toBe(
      'Left side must be 4 to 96 inches',
    );
    expect(errorsOf('Right High', 10, 3, 20)['OrderGlassParts.0.bottomSideInches']).toBe(
      'Bottom must be 4 to 96 inches',
    );
    expect(errorsOf('Left High', 20, 20, 3)['OrderGlassParts.0.rightSideInches']).toBe(
      'Right side must be 4 to 96 inches',
    );
    expect(errorsOf('Left High', 96, 96, 4)).toEqual({});
  });

  it('refuses a slope under 14 inches on a trapezoid, not on a rectangle', () => {
    // (20 - 12)^2 + 11^2 = 185 < 196
    expect(errorsOf('Left High', 20, 11, 12)['OrderGlassParts.0.bottomSideInches']).toBe(
      'The hypotenuse of the trapezoid has a minimum of 14 inches',
    );
    // (20 - 12)^2 + 12^2 = 208
    expect(errorsOf('Left High', 20, 12, 12)).toEqual({});
    expect(errorsOf('Rectangular', 20, 6, 20)).toEqual({});
  });

  it('keeps the high side high', () => {
    expect(errorsOf('Left High', 20, 30, 25)['OrderGlassParts.0.rightSideInches']).toBe(
      'For Left High the right side cannot be higher than the left side',
    );
    expect(errorsOf('Right High', 25, 30, 20)['OrderGlassParts.0.leftSideInches']).toBe(
      'For Right High the left side cannot be higher than the right side',
    );
  });
});
