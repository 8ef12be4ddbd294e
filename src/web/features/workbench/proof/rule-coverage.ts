/**
 * A form's rule coverage as the proof shows it: how many rules fired in at least one golden order, and each rule none
 * fired with its description and the file it is written in (from the check's source map).
 */
import type { ProofResult } from './proof-client';

export interface UnfiredRule {
  id: string;
  description: string | undefined;
  /** Tree path of the file the rule is written in (an include's file for a shared rule). */
  file: string | undefined;
}

export interface RuleCoverage {
  fired: number;
  defined: number;
  unfired: UnfiredRule[];
}

/** The rules of a file as written (`{ "rules": [...] }`); empty when it does not parse. */
function rulesOfFile(text: string | undefined): unknown[] {
  try {
    const parsed = JSON.parse(text ?? '') as { rules?: unknown };
    return Array.isArray(parsed.rules) ? parsed.rules : [];
  } catch {
    return [];
  }
}

/** Coverage of `form` in a run; undefined when the form did not compile (its orders did not run). */
export function ruleCoverageOf(result: ProofResult, form: string): RuleCoverage | undefined {
  const coverage = result.report.coverage.find((entry) => entry.form === form);
  if (!coverage) return undefined;
  const check = result.check;
  const parsed = new Map<string, unknown[]>();
  const describe = (id: string): UnfiredRule => {
    const index = check?.ruleIds.indexOf(id) ?? -1;
    const source = index >= 0 ? check?.ruleSources[index] : undefined;
    if (!source) return { id, description: undefined, file: undefined };
    if (!parsed.has(source.file)) parsed.set(source.file, rulesOfFile(result.files[source.file]));
    const rule = parsed.get(source.file)?.[source.index] as { description?: unknown } | undefined;
    return { id, description: typeof rule?.description === 'string' ? rule.description : undefined, file: source.file };
  };
  return { fired: coverage.fired, defined: coverage.defined, unfired: coverage.unfired.map(describe) };
}
