/**
 * Completion of what the definition format names by value, which a JSON Schema cannot know: field paths (in `var`,
 * `item` and path properties, and as `set`/`labels` keys), the choices of the field a comparison reads, named
 * conditions (`cond`) and price tables (`priceTable`'s first argument). Works on the lezer JSON tree, so it runs
 * without a DOM (unit-tested on an EditorState).
 */
import type { Completion, CompletionContext, CompletionResult, CompletionSource } from '@codemirror/autocomplete';
import { syntaxTree } from '@codemirror/language';
import type { EditorState } from '@codemirror/state';
import type { SyntaxNode } from '@lezer/common';
import type { FieldInfo } from '../model/field-tree';

export interface CompletionVocabulary {
  /** Form fields and scope variables (`$value`, `$context.productLine`). */
  fields: readonly FieldInfo[];
  conditions: readonly string[];
  priceTables: readonly string[];
}

/** Properties whose string value (or list of strings) is a field path. */
const PATH_PROPERTIES = new Set([
  'path',
  'paths',
  'of',
  'reset',
  'forEach',
  'notListed',
  'instructions',
  'notOnBill',
  'exclude',
]);
/** Objects whose keys are field paths. */
const PATH_KEYED = new Set(['set', 'labels', 'add']);
/** JSON-Logic operators comparing a field with values. */
const COMPARISONS = new Set(['==', '!=', '===', '!==', '<', '<=', '>', '>=', 'in']);

const unquote = (text: string) => text.replace(/^"|"$/g, '');

function propertyName(state: EditorState, property: SyntaxNode | null): string | undefined {
  const name = property?.name === 'Property' ? property.getChild('PropertyName') : null;
  return name ? unquote(state.sliceDoc(name.from, name.to)) : undefined;
}

/** The property a value node belongs to, through one array level when `throughArray` (`"paths": ["a", |]`). */
function owningProperty(
  node: SyntaxNode,
  throughArray: boolean,
): { property: SyntaxNode | null; inArray: boolean; index: number } {
  const parent = node.parent;
  if (parent?.name === 'Property') return { property: parent, inArray: false, index: -1 };
  if (parent?.name === 'Array' && throughArray) {
    let index = 0;
    for (let child = parent.firstChild; child && child.from < node.from; child = child.nextSibling)
      if (child.name !== '[' && child.name !== ',' && child.name !== '⚠') index++;
    return { property: parent.parent?.name === 'Property' ? parent.parent : null, inArray: true, index };
  }
  return { property: null, inArray: false, index: -1 };
}

/** The field a comparison array reads: the `{"var": path}` among its elements. */
function comparedField(state: EditorState, array: SyntaxNode): string | undefined {
  for (let child = array.firstChild; child; child = child.nextSibling) {
    if (child.name !== 'Object') continue;
    const property = child.getChild('Property');
    if (propertyName(state, property) !== 'var') continue;
    const value = property?.lastChild;
    if (value?.name === 'String') return unquote(state.sliceDoc(value.from, value.to));
  }
  return undefined;
}

type Want = { what: 'field' | 'condition' | 'table' } | { what: 'option'; field: string };

/** What belongs at a value or key node. */
function wantAt(state: EditorState, node: SyntaxNode): Want | undefined {
  if (node.name === 'PropertyName') {
    const object = node.parent?.parent;
    const owner = object?.parent?.name === 'Property' ? propertyName(state, object.parent) : undefined;
    return owner && PATH_KEYED.has(owner) ? { what: 'field' } : undefined;
  }
  const { property, inArray, index } = owningProperty(node, true);
  const name = propertyName(state, property);
  if (name === undefined) {
    // A value inside a nested array of a comparison: `{"in": [{"var": "x"}, ["A", |]]}`.
    const outer = node.parent?.name === 'Array' ? node.parent.parent : null;
    if (outer?.name === 'Array' && COMPARISONS.has(propertyName(state, outer.parent) ?? '')) {
      const field = comparedField(state, outer);
      return field ? { what: 'option', field } : undefined;
    }
    return undefined;
  }
  if (name === 'var' || name === 'item') return !inArray || index === 0 ? { what: 'field' } : undefined;
  if (name === 'cond') return { what: 'condition' };
  if (name === 'priceTable') return inArray && index === 0 ? { what: 'table' } : undefined;
  if (PATH_PROPERTIES.has(name)) return { what: 'field' };
  if (COMPARISONS.has(name) && inArray && node.parent) {
    const field = comparedField(state, node.parent);
    return field ? { what: 'option', field } : undefined;
  }
  return undefined;
}

function optionsFor(want: Want, vocabulary: CompletionVocabulary, inString: boolean): Completion[] {
  const quote = (text: string) => (inString ? text : JSON.stringify(text));
  switch (want.what) {
    case 'field':
      return vocabulary.fields.map((field) => ({ label: quote(field.path), detail: field.label, type: 'variable' }));
    case 'condition':
      return vocabulary.conditions.map((name) => ({ label: quote(name), detail: 'named condition', type: 'function' }));
    case 'table':
      return vocabulary.priceTables.map((name) => ({ label: quote(name), detail: 'price table', type: 'constant' }));
    case 'option': {
      const field = vocabulary.fields.find((candidate) => candidate.path === want.field);
      return (field?.options ?? [])
        .filter((option) => inString === (typeof option.value === 'string'))
        .map((option) => ({
          label: typeof option.value === 'string' ? quote(option.value) : JSON.stringify(option.value),
          detail: option.title ?? `choice of ${field?.label ?? want.field}`,
          type: 'enum',
        }));
    }
  }
}

/** The completion source for a definition's JSON: add it as `jsonLanguage.data.of({autocomplete})`. */
export function definitionCompletionSource(vocabulary: () => CompletionVocabulary): CompletionSource {
  return (context: CompletionContext): CompletionResult | null => {
    const node = syntaxTree(context.state).resolveInner(context.pos, -1);
    const isText = node.name === 'String' || node.name === 'PropertyName';
    if (isText) {
      const want = wantAt(context.state, node);
      if (!want) return null;
      const closed = node.to - node.from >= 2 && context.state.sliceDoc(node.to - 1, node.to) === '"';
      const from = node.from + 1;
      if (context.pos < from || (closed && context.pos > node.to - 1)) return null;
      return {
        from,
        to: closed ? node.to - 1 : context.pos,
        options: optionsFor(want, vocabulary(), true),
        validFor: /^[^"]*$/,
      };
    }
    // Between values: `{"==": [{"var": "trim"}, |]}` offers the choices as JSON literals.
    if (!context.explicit && !context.matchBefore(/[\w-]+$/)) return null;
    const word = context.matchBefore(/[\w.-]*$/);
    const array = node.name === 'Array' ? node : node.parent?.name === 'Array' ? node.parent : null;
    if (!array || !COMPARISONS.has(propertyName(context.state, array.parent) ?? '')) return null;
    const field = comparedField(context.state, array);
    if (!field) return null;
    const options = [
      ...optionsFor({ what: 'option', field }, vocabulary(), false),
      ...optionsFor({ what: 'option', field }, vocabulary(), true).map((option) => ({
        ...option,
        label: JSON.stringify(option.label),
      })),
    ];
    return { from: word?.from ?? context.pos, options };
  };
}
