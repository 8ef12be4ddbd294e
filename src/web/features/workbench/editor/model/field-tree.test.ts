import { describe, expect, it } from 'vitest';
import { buildFieldTree, fieldKey, findField, flattenFields, orderKeys } from './field-tree';
import { mergeForm, priceTableNames } from './merged-form';
import { repoTree } from './repo-tree.test-support';

describe('the field tree', () => {
  it('lays the pergola out as its page does: sections in order, each with its fields, nested objects under them', () => {
    const tree = buildFieldTree(mergeForm(repoTree(), 'pergola'));
    expect(tree.map((node) => node.label).slice(0, 3)).toEqual(['Trim Color', 'Pergola Type', 'Post Style']);
    expect(tree[1].children.map((node) => node.path)).toEqual([
      'operableOption',
      'attachedOption',
      'gutterOption',
      'actuatorOption',
    ]);
    const personalInfo = findField(tree, 'personalInfo');
    expect(personalInfo?.children.map((node) => node.path)).toContain('personalInfo.zip');
    // Fields no section names follow the sections (the page draws them last too).
    expect(tree.at(-1)?.kind).toBe('field');
    expect(tree.map((node) => node.path)).toContain('currentCADImagesFiles');
  });

  it('labels each field by the rules file labels, else its schema title, and lists its choices', () => {
    const tree = buildFieldTree(mergeForm(repoTree(), 'pergola'));
    const postHeight = findField(tree, 'postHeight');
    expect(postHeight?.label).toBe('Post Height');
    expect(postHeight?.options?.[0]).toEqual({ value: 8, title: "8'" });
    expect(findField(tree, 'trim')?.options?.map((option) => option.value)).toEqual([
      'SANDSTONE',
      'WHITE',
      'BRONZE',
      'BLACK',
    ]);
  });

  it('fills include params into field names (the sunroom wall groups) and lists array items under the array', () => {
    const sunroom = flattenFields(buildFieldTree(mergeForm(repoTree(), 'sunroom'))).map((node) => node.path);
    expect(sunroom).toEqual(expect.arrayContaining(['doorOption', 'doorOptionERL', 'doorOptionERR', 'doorOptionERF']));
    expect(sunroom.some((path) => path.includes('{{'))).toBe(false);
    const cart = buildFieldTree(mergeForm(repoTree(), 'spare-parts-cart'));
    expect(findField(cart, 'OrderSpareParts.3.partNumber')?.path).toBe('OrderSpareParts.{i}.partNumber');
  });

  it('orders keys by ui:order with * standing for the rest', () => {
    expect(orderKeys(['a', 'b', 'c', 'd'], ['c', '*', 'a'])).toEqual(['c', 'b', 'd', 'a']);
    expect(orderKeys(['a', 'b'], ['b', 'zz'])).toEqual(['b', 'a']);
    expect(fieldKey('doorOption.{i}')).toBe('doorOption');
    expect(fieldKey('OrderSpareParts.2.price')).toBe('OrderSpareParts.price');
  });

  it('knows the price tables a form reads', () => {
    expect(priceTableNames(mergeForm(repoTree(), 'pergola'))).toEqual([
      'pergola-fixed-attached',
      'pergola-fixed-free-standing',
      'pergola-motor-city',
      'pergola-operable-attached',
      'pergola-operable-free-standing',
    ]);
  });
});
