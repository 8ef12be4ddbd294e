/**
 * The "why" panel's first lines: what a field is now and which rule makes it so ("Hidden now by hide:motorCity"),
 * read from the engine's explanation of the field.
 */
import type { FieldExplanation, RuleExplanation } from '../../../../engine';

export interface WhyVerdict {
  text: string;
  /** The rules the line names, in rule order. */
  ruleIds: string[];
}

const show = (value: unknown) =>
  value === undefined || value === null || value === '' ? 'empty' : JSON.stringify(value);

function acting(rules: readonly RuleExplanation[], action: RuleExplanation['actions'][number]): RuleExplanation[] {
  return rules.filter((rule) => rule.actions.includes(action));
}

function ids(rules: readonly RuleExplanation[]): string[] {
  return rules.map((rule) => rule.id);
}

function watched(rule: RuleExplanation): string {
  return rule.rule.kind === 'onChange' ? [rule.rule.of].flat().join(', ') : 'a field';
}

function via(rule: RuleExplanation): string {
  return rule.viaAncestor ? ` (it acts on ${rule.viaAncestor})` : '';
}

/** What the field is now and the rules that make it so, most telling first. */
export function verdictsOf(explanation: FieldExplanation): WhyVerdict[] {
  const { rules } = explanation;
  const out: WhyVerdict[] = [];
  const hiding = acting(rules, 'hide').filter((rule) => rule.applies);
  const unmetShows = acting(rules, 'show').filter((rule) => rule.applies === false);
  if (explanation.hidden) {
    for (const rule of hiding) out.push({ text: `Hidden now by ${rule.id}${via(rule)}`, ruleIds: [rule.id] });
    for (const rule of unmetShows)
      out.push({
        text: `Hidden now: ${rule.id} shows it only when its condition holds${via(rule)}`,
        ruleIds: [rule.id],
      });
    if (hiding.length === 0 && unmetShows.length === 0)
      out.push({ text: 'Hidden now (by the page, not by a rule on this field)', ruleIds: [] });
  } else {
    const visibility = [...acting(rules, 'hide'), ...acting(rules, 'show')];
    if (visibility.length > 0)
      out.push({ text: `Shown now: ${visibility.map((r) => r.id).join(', ')} let it show`, ruleIds: ids(visibility) });
  }
  const forcing = acting(rules, 'force').filter((rule) => rule.applies);
  for (const rule of forcing)
    out.push({ text: `Set to ${show(rule.value)} and held by ${rule.id}`, ruleIds: [rule.id] });
  // Change rules act once, when the field they watch changes: those that fired in this preview.
  for (const rule of acting(rules, 'change').filter((r) => r.fired && r.holds !== false))
    out.push({ text: `Set to ${show(rule.value)} by ${rule.id} on a change of ${watched(rule)}`, ruleIds: [rule.id] });
  for (const rule of acting(rules, 'reset').filter((r) => r.fired))
    out.push({ text: `Cleared by ${rule.id} on a change of ${watched(rule)}`, ruleIds: [rule.id] });
  const disabling = acting(rules, 'disable').filter((rule) => rule.applies);
  if (disabling.length > 0) out.push({ text: `Disabled by ${ids(disabling).join(', ')}`, ruleIds: ids(disabling) });
  if (explanation.missing) {
    const requiring = acting(rules, 'required').filter((rule) => rule.applies);
    out.push({
      text: `Missing: required${requiring.length > 0 ? ` by ${ids(requiring).join(', ')}` : ''} and empty`,
      ruleIds: ids(requiring),
    });
  }
  if (explanation.error !== undefined) {
    const validating = acting(rules, 'validate').filter((rule) => rule.applies);
    out.push({
      text: `Message “${explanation.error}”${validating.length > 0 ? ` from ${ids(validating).join(', ')}` : ''}`,
      ruleIds: ids(validating),
    });
  }
  const offering = acting(rules, 'options').filter((rule) => rule.applies);
  if (offering.length > 0 && explanation.options)
    out.push({
      text: `${explanation.options.length} choice${explanation.options.length === 1 ? '' : 's'} offered by ${ids(offering).join(', ')}`,
      ruleIds: ids(offering),
    });
  for (const rule of acting(rules, 'clamp').filter((r) => r.applies)) {
    const bounds = (rule.value ?? {}) as { min?: number | null; max?: number | null };
    out.push({
      text: `Kept ${bounds.min != null ? `at least ${bounds.min}` : ''}${bounds.min != null && bounds.max != null ? ' and ' : ''}${bounds.max != null ? `at most ${bounds.max}` : ''} when left, by ${rule.id}`,
      ruleIds: [rule.id],
    });
  }
  for (const rule of acting(rules, 'size').filter((r) => r.applies))
    out.push({ text: `Padded to at least ${show(rule.value)} entries by ${rule.id}${via(rule)}`, ruleIds: [rule.id] });
  for (const rule of acting(rules, 'compute'))
    out.push({ text: `Computed by ${rule.id}: ${show(rule.value)}`, ruleIds: [rule.id] });
  const pricing = rules.filter((rule) => rule.actions.includes('price'));
  if (pricing.length > 0) out.push({ text: `The price reads it (${ids(pricing).join(', ')})`, ruleIds: ids(pricing) });
  return out;
}
