import type { CataloguePart } from './api/catalogue-parts';
import type { CategoryNode } from './api/get-categories';

const levels = ['parentCategory', 'secondCategory', 'thirdCategory'] as const;

/** A category tree of the parts of a short list (marketing), in first-seen order, with counts. */
export function buildCategoryTree(parts: readonly CataloguePart[]): CategoryNode[] {
  const root: CategoryNode = { name: '', count: 0, children: [] };
  for (const part of parts) {
    let node = root;
    for (const level of levels) {
      const name = part[level];
      if (!name) break;
      let child = node.children.find((candidate) => candidate.name === name);
      if (!child) node.children.push((child = { name, count: 0, children: [] }));
      child.count += 1;
      node = child;
    }
  }
  return root.children;
}

/** The parts of a short list that match the search (name, description or part number) and the chosen category. */
export function filterParts(
  parts: readonly CataloguePart[],
  search: string,
  category: readonly string[],
): CataloguePart[] {
  const needle = search.trim().toLowerCase();
  return parts.filter(
    (part) =>
      category.every((name, i) => part[levels[i]] === name) &&
      (needle === '' ||
        [part.name, part.description, part.partNumber].some((text) => text.toLowerCase().includes(needle))),
  );
}
