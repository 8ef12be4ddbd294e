/**
 * The `size` rule: lists that hold at least `atLeast` entries, a shorter one padded with empty entries at its end.
 * It runs with the forces, in file order, as a force: its condition "some list is shorter than the count", its values
 * the padded lists. The count is evaluated once for all its lists, and each list is read and written alone, so the
 * static check sees no list depending on another (twelve forces, one per list, said the same at twelve times the cost).
 */
import { toCount, type Evaluate } from './operators';
import { getAtKeys, PathTemplate, splitPath } from './paths';

/** A count above this is taken as this: no list of a form holds more, and a wrong count must not fill the memory. */
export const MAX_SIZE = 1000;

/** The entries a count asks for: a whole number from 0 to MAX_SIZE (empty, negative or not a number: 0). */
export const sizeOf = (count: unknown): number => Math.min(toCount(count), MAX_SIZE);

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The list with empty entries added up to `size`; the same list when it is long enough (not a list: counted empty). */
export function paddedTo(value: unknown, size: number): unknown {
  const list = listOf(value);
  return list.length >= size ? value : [...list, ...new Array<null>(size - list.length).fill(null)];
}

/** Compile a size rule over `paths` (no `{i}`: a size rule is not repeated) from its compiled count: a force's parts. */
export function compileSizeRule(paths: readonly string[], atLeast: Evaluate) {
  const lists = paths.map(splitPath);
  const inputs = atLeast.inputs && [...new Set([...atLeast.inputs, ...lists.map((keys) => keys[0])])];
  const when: Evaluate = (scope) => {
    const size = sizeOf(atLeast(scope));
    return lists.some((keys) => listOf(getAtKeys(scope, keys)).length < size);
  };
  when.inputs = inputs;
  const set = lists.map((keys, i): [PathTemplate, Evaluate] => {
    const value: Evaluate = (scope) => paddedTo(getAtKeys(scope, keys), sizeOf(atLeast(scope)));
    value.inputs = inputs;
    return [new PathTemplate(paths[i]), value];
  });
  return { when, set };
}
