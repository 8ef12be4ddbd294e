import { CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { json } from '@codemirror/lang-json';
import { ensureSyntaxTree } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { definitionCompletionSource, type CompletionVocabulary } from './definition-completion';

const vocabulary: CompletionVocabulary = {
  fields: [
    { path: 'trim', label: 'Trim Color', type: 'string', options: [{ value: 'WHITE' }, { value: 'BLACK' }] },
    {
      path: 'postHeight',
      label: 'Post Height',
      type: 'integer',
      options: [
        { value: 8, title: "8'" },
        { value: 10, title: "10'" },
      ],
    },
    { path: 'personalInfo.zip', label: 'Zip', type: 'string' },
  ],
  conditions: ['isMotorCity'],
  priceTables: ['pergola-motor-city'],
};

/** Completions at the `|` of a document, explicit (as Ctrl-Space asks). */
function complete(docWithCursor: string): CompletionResult | null {
  const pos = docWithCursor.indexOf('|');
  const doc = docWithCursor.replace('|', '');
  const state = EditorState.create({ doc, extensions: [json()] });
  ensureSyntaxTree(state, doc.length, 5000);
  const result = definitionCompletionSource(() => vocabulary)(new CompletionContext(state, pos, true));
  return result instanceof Promise ? null : result;
}
const labels = (result: CompletionResult | null) => result?.options.map((option) => option.label) ?? [];

describe('definition completion', () => {
  it('offers field paths in var, item and path properties, and as set keys', () => {
    expect(labels(complete('{"when": {"==": [{"var": "tr|"}, "WHITE"]}}'))).toEqual([
      'trim',
      'postHeight',
      'personalInfo.zip',
    ]);
    expect(complete('{"when": {"==": [{"var": "tr|"}, "WHITE"]}}')?.from).toBe('{"when": {"==": [{"var": "'.length);
    expect(labels(complete('{"kind": "show", "path": "|"}'))).toContain('personalInfo.zip');
    expect(labels(complete('{"kind": "hide", "paths": ["trim", "|"]}'))).toContain('postHeight');
    expect(labels(complete('{"kind": "force", "set": {"|": 1}}'))).toContain('trim');
    expect(labels(complete('{"kind": "show", "description": "|"}'))).toEqual([]);
  });

  it('offers the choices of the field a comparison reads, quoted or not as the schema stores them', () => {
    expect(labels(complete('{"when": {"==": [{"var": "trim"}, "|"]}}'))).toEqual(['WHITE', 'BLACK']);
    expect(labels(complete('{"when": {"in": [{"var": "trim"}, ["WHITE", "|"]]}}'))).toEqual(['WHITE', 'BLACK']);
    expect(labels(complete('{"when": {"==": [{"var": "postHeight"}, |]}}'))).toEqual(['8', '10']);
  });

  it('offers named conditions and price tables', () => {
    expect(labels(complete('{"when": {"cond": "|"}}'))).toEqual(['isMotorCity']);
    expect(labels(complete('{"value": {"priceTable": ["|", 10, 12]}}'))).toEqual(['pergola-motor-city']);
  });
});
