/**
 * Named conditions: a definition's top-level `conditions` ({"isSolarium": <JSON-Logic>}) used anywhere an expression
 * is accepted as `{"cond": "isSolarium"}`. They are expanded in place at compile time, so a named condition runs
 * exactly like the inline expression it stands for (no operator call, no extra scope lookup).
 */

/** A reference to a named condition: `{"cond": "name"}`. */
export function condNameOf(node: unknown): string | undefined {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
  const keys = Object.keys(node);
  if (keys.length !== 1 || keys[0] !== 'cond') return undefined;
  const name = (node as { cond: unknown }).cond;
  return typeof name === 'string' ? name : undefined;
}

/** One problem with the conditions, at a JSON pointer of the rules file (`/conditions/isSolarium`, `/rules/3/when`). */
export interface ConditionProblem {
  path: string;
  reason: string;
}

/** The conditions with every `cond` inside them expanded; unknown names and cycles are reported, their `cond` left as is. */
export function resolveConditions(
  conditions: Record<string, unknown>,
  problems: ConditionProblem[],
): Map<string, unknown> {
  const resolved = new Map<string, unknown>();
  const visiting: string[] = [];
  const resolve = (name: string): unknown => {
    if (resolved.has(name)) return resolved.get(name);
    visiting.push(name);
    const body = expandWith(conditions[name], `/conditions/${name}`, (inner, where) => {
      if (!Object.hasOwn(conditions, inner)) {
        problems.push({ path: where, reason: `unknown condition "${inner}"` });
        return undefined;
      }
      if (visiting.includes(inner)) {
        problems.push({
          path: where,
          reason: `condition cycle: ${[...visiting.slice(visiting.indexOf(inner)), inner].join(' -> ')}`,
        });
        return undefined;
      }
      return resolve(inner);
    });
    visiting.pop();
    resolved.set(name, body);
    return body;
  };
  for (const name of Object.keys(conditions)) resolve(name);
  return resolved;
}

/** A rules file with its conditions expanded everywhere and the problems found. */
export interface ExpandedRules<T> {
  rules: T;
  problems: ConditionProblem[];
}

/**
 * Expand every `{"cond": name}` of a rules file (rules, payload.add, submit...) with its resolved condition; the
 * result has no `conditions` key. Unknown names are reported at their JSON pointer and left in place.
 */
export function expandRulesFile<T extends { conditions?: Record<string, unknown> }>(rulesFile: T): ExpandedRules<T> {
  const problems: ConditionProblem[] = [];
  const conditions = rulesFile.conditions ?? {};
  const resolved = resolveConditions(conditions, problems);
  const { conditions: _conditions, ...rest } = rulesFile;
  const rules = expandWith(rest, '', (name, where) => {
    if (!resolved.has(name)) {
      problems.push({
        path: where,
        reason: `unknown condition "${name}" (defined: ${[...resolved.keys()].join(', ') || 'none'})`,
      });
      return undefined;
    }
    return resolved.get(name);
  }) as T;
  return { rules, problems };
}

/** Replace each `{"cond": name}` by lookup(name, where) (undefined: left as is); unchanged subtrees keep their identity. */
function expandWith(logic: unknown, where: string, lookup: (name: string, where: string) => unknown): unknown {
  if (logic === null || typeof logic !== 'object') return logic;
  const name = condNameOf(logic);
  if (name !== undefined) {
    const body = lookup(name, where);
    return body === undefined ? logic : body;
  }
  if (Array.isArray(logic)) {
    let copy: unknown[] | undefined;
    logic.forEach((item, i) => {
      const next = expandWith(item, `${where}/${i}`, lookup);
      if (next !== item) (copy ??= [...logic])[i] = next;
    });
    return copy ?? logic;
  }
  let copy: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(logic)) {
    const next = expandWith(value, `${where}/${key}`, lookup);
    if (next !== value) (copy ??= { ...(logic as Record<string, unknown>) })[key] = next;
  }
  return copy ?? logic;
}
