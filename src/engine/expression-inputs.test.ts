import { describe, expect, it } from 'vitest';
import { listExpressionInputs } from './expression-inputs';

describe('listExpressionInputs', () => {
  it('lists the top-level keys vars read, $ variables included', () => {
    expect(
      listExpressionInputs({
        and: [
          { '==': [{ var: 'personalInfo.zip' }, '12207'] },
          { '>': [{ var: ['$value', 0] }, 3] },
          { in: [{ var: 'type' }, { var: '$const.types' }] },
        ],
      }),
    ).toEqual(['personalInfo', '$value', 'type', '$const']);
  });

  it('counts item as its array and $index, price as $context, priceTable as $data', () => {
    expect(
      listExpressionInputs({
        '+': [{ item: 'wallLengthsFeet' }, { price: ['FAN', 10] }, { priceTable: ['deck', { var: 'length' }, 4] }],
      }),
    ).toEqual(['wallLengthsFeet', '$index', '$context', '$data', 'length']);
  });

  it('reads val heads and the expressions inside them', () => {
    expect(listExpressionInputs({ val: ['$const', 'hardware', { var: 'type' }] })).toEqual(['$const', 'type']);
  });

  it('ignores the element vars inside an iterator body but follows ../ out of it', () => {
    expect(
      listExpressionInputs({
        reduce: [
          { var: 'doors' },
          { '+': [{ var: 'accumulator' }, { var: 'current' }, { var: '../extra' }] },
          { var: 'start' },
        ],
      }),
    ).toEqual(['doors', 'extra', 'start']);
  });

  it('follows ../../ and val level 2 out of an iterator body to the scope, two levels per body', () => {
    // The wall editor's door notes: each wall's text reads the room style and the wall's index.
    expect(
      listExpressionInputs({
        map: [
          { var: 'wallLengthsFeet' },
          {
            if: [
              { '==': [{ var: '../../selectedRoomStyle' }, 'CATHEDRAL'] },
              { '==': [{ val: [[1], 'index'] }, 0] },
              { '==': [{ val: [[2], 'selectedAngled'] }, 'Yes'] },
            ],
          },
        ],
      }),
    ).toEqual(['wallLengthsFeet', 'selectedRoomStyle', 'selectedAngled']);
    expect(
      listExpressionInputs({ map: [{ var: 'a' }, { map: [{ var: '../../b' }, { var: '../../../../c.d' }] }] }),
    ).toEqual(['a', 'b', 'c']);
    expect(listExpressionInputs({ map: [{ var: 'a' }, { var: '../../../x' }] })).toBeNull();
    expect(listExpressionInputs({ map: [{ var: 'a' }, { val: [[3], 'x'] }] })).toBeNull();
    expect(listExpressionInputs({ map: [{ var: 'a' }, { val: [[2], { var: 'which' }] }] })).toBeNull();
  });

  it('knows the first key of a path built from a literal start', () => {
    expect(listExpressionInputs({ var: { cat: ['parts.', { var: '$index' }, '.shape'] } })).toEqual([
      'parts',
      '$index',
    ]);
  });

  it('gives up (null) on paths built at run time, the whole scope and unknown operators', () => {
    expect(listExpressionInputs({ var: { cat: [{ var: 'which' }, '.x'] } })).toBeNull();
    expect(listExpressionInputs({ var: '' })).toBeNull();
    expect(listExpressionInputs({ missing: ['a', 'b'] })).toBeNull();
    expect(listExpressionInputs({ somethingNew: [1] })).toBeNull();
  });

  it('finds no inputs in constants', () => {
    expect(listExpressionInputs({ '+': [1, 2] })).toEqual([]);
    expect(listExpressionInputs({ preserve: { var: 'x' } })).toEqual([]);
  });

  it('sees through named conditions (and conditions using conditions); an unknown or cyclic one is unknowable', () => {
    const conditions = new Map<string, unknown>([
      ['isSolarium', { '==': [{ var: 'selectedSunRoomType' }, 'Solarium'] }],
      ['isAngledSolarium', { and: [{ cond: 'isSolarium' }, { '==': [{ var: 'selectedAngled' }, 'YES'] }] }],
      ['loop', { '!': { cond: 'loop' } }],
    ]);
    expect(listExpressionInputs({ or: [{ cond: 'isAngledSolarium' }, { var: 'x.y' }] }, conditions)).toEqual([
      'selectedSunRoomType',
      'selectedAngled',
      'x',
    ]);
    expect(listExpressionInputs({ cond: 'isMissing' }, conditions)).toBeNull();
    expect(listExpressionInputs({ cond: 'loop' }, conditions)).toBeNull();
    expect(listExpressionInputs({ cond: 'isSolarium' })).toBeNull();
  });
});
