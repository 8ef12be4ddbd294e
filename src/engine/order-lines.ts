/**
 * The labelled lines of an order: what the dealer confirms in the summary and what the order's text file and PDFs
 * say. One function for both, so the dealer signs exactly what the PDF shows: sections with the page's captions, in
 * the page's section order, each line a label and a value in the words the definition gives them.
 */
import { internalsOf, pageRanks } from './compile';
import { contextForRules, createSession } from './session';
import { getIn } from './paths';
import { schemaAt } from './schema-paths';
import type { CompiledDefinition, FormContext, Option } from './types';

// The declared summary reads the payload alone (the server has no page when it writes the PDF), so the page's does too.
const noContext: FormContext = {};

/** One labelled line: the path it reads (the feet path of a feet-and-inches line), its label and its value in words. */
export interface OrderLine {
  path: string;
  label: string;
  value: string;
}

/** A caption and its lines: a section of the page, one wall, one line of a cart. */
export interface OrderSection {
  title: string;
  lines: OrderLine[];
}

/**
 * The order as lines: the sections (only those with a filled value), every line of them in the same order
 * (`selections`), then the special instructions (the definition's `orderLines.instructions`, one per path).
 */
export interface OrderLines {
  sections: OrderSection[];
  selections: OrderLine[];
  instructions: string[];
}

/** What the lines read besides the payload: the page's option lists, or the dealer's context to derive them. */
export interface OrderLinesOptions {
  /** Choices offered by path (the session's `state.options`): a value is named by its option's label. */
  options?: Record<string, Option[]>;
  /** The dealer's context (locations ...): the option lists are derived from it when `options` is not given. */
  context?: FormContext;
}

/** The compute rule whose value, when a definition has it, is the summary itself: [label, value] pairs. */
export const SUMMARY_COMPUTE = 'summarySelections';

/** What the lines need of a definition; undefined labels keys in words (an order whose form is no longer served). */
export type LinesDefinition = Pick<CompiledDefinition, 'labelOf' | 'valueLabelOf' | 'bundle' | 'internal'>;

/** The caption of the lines of a definition without sections, and of keys no section holds. */
const otherSectionTitle = 'Other Selections';

/**
 * The order's lines from its payload (the body as posted and stored): the definition's computed `summarySelections`
 * when it has one (one section), else every filled value by the root `ui:options.sections` (then `ui:order`, then the
 * schema), labelled by the schema's titles and valued by the titles of enum values or the offered options' labels:
 * feet and inches as one length (12' 6"), a number with its `ui:options.unit`, the walls of each `wallGroups` entry as
 * one section per wall (its wall code with the catalogue's words), an array of objects as one section per item.
 */
export function listOrderLines(
  definition: LinesDefinition | undefined,
  payload: Record<string, unknown>,
  options: OrderLinesOptions = {},
): OrderLines {
  const declared = definition ? readDeclaredSummary(definition, payload) : null;
  const sections = declared
    ? declared.length > 0
      ? [{ title: formTitleOf(definition) ?? otherSectionTitle, lines: declared }]
      : []
    : walkSections(definition, payload, optionListsOf(definition, payload, options));
  return {
    sections,
    selections: sections.flatMap((section) => section.lines),
    instructions: readInstructions(definition, payload),
  };
}

function formTitleOf(definition: LinesDefinition | undefined): string | undefined {
  const title = definition?.bundle.schema.title;
  return typeof title === 'string' ? title : undefined;
}

/** The option lists by path: the page's, else derived from the dealer's context (a session loaded with the payload). */
function optionListsOf(
  definition: LinesDefinition | undefined,
  payload: Record<string, unknown>,
  { options, context }: OrderLinesOptions,
): Record<string, Option[]> {
  if (options) return options;
  if (!definition || !context) return {};
  try {
    return createSession(definition as CompiledDefinition, { context, start: payload }).state.options;
  } catch {
    // A stored order the definition can no longer load is still listed, its values as stored.
    return {};
  }
}

/** The definition's `orderLines`: paths that are page bookkeeping (not listed) and the special-instruction paths. */
function orderLinesOf(definition: LinesDefinition | undefined): { notListed: string[]; instructions: string[] } {
  const declared = definition?.bundle.rules.orderLines;
  return { notListed: declared?.notListed ?? [], instructions: declared?.instructions ?? [] };
}

/** A path is listed unless it, or a path above it, is declared not listed or is a special-instruction line. */
function isListed(skipped: string[], path: string): boolean {
  return !skipped.some((declared) => path === declared || path.startsWith(`${declared}.`));
}

type UiNode = Record<string, unknown>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** The ui schema node of a path (array indexes go to `items`), undefined when it has none. */
function uiAt(ui: UiNode | undefined, path: string): UiNode | undefined {
  let node: unknown = ui;
  for (const segment of path.split('.')) {
    node = isRecord(node) ? (/^\d+$/.test(segment) ? node.items : node[segment]) : undefined;
  }
  return isRecord(node) ? node : undefined;
}

function uiOptionsOf(node: UiNode | undefined): Record<string, unknown> {
  const options = node?.['ui:options'];
  return isRecord(options) ? options : {};
}

function stringOption(options: Record<string, unknown>, key: string): string | undefined {
  const value = options[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** One wall group of the root `ui:options.wallGroups`: per-wall arrays by role, the name and captions of its walls. */
interface WallGroup {
  fields: Record<string, string>;
  /** An Existing Roof side's walls are named by it and numbered ("Left Wall 1"), as the wall editor heads them. */
  wallName?: string;
  /** The room's own walls: each wall's caption by structure layout, as the wall editor heads them. */
  captionsByLayout?: Record<string, string[]>;
  /** The captions of a group without captionsByLayout (used when the walls are exactly as many). */
  captions?: string[];
}

function stringsOf(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;
}

function readWallGroups(rootOptions: Record<string, unknown>): WallGroup[] {
  const groups = Array.isArray(rootOptions.wallGroups) ? rootOptions.wallGroups : [];
  return groups.filter(isRecord).map((group) => ({
    fields: isRecord(group.fields)
      ? Object.fromEntries(
          Object.entries(group.fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
        )
      : {},
    wallName: typeof group.wallName === 'string' ? group.wallName : undefined,
    captionsByLayout: isRecord(group.captionsByLayout)
      ? Object.fromEntries(
          Object.entries(group.captionsByLayout).map(([layout, captions]) => [layout, stringsOf(captions) ?? []]),
        )
      : undefined,
    captions: stringsOf(group.captions),
  }));
}

/**
 * Where the room's walls stand now, as the wall editor reads it: the structure layout (the top-level field the ui
 * draws with `ui:field: structureLayout`), or, when the room is angled (`roomFields.angled` Yes), the angled layout
 * (`ui:field: angledLayout`) with its slots' names and left-to-right order from the data file `angled-layouts`.
 */
interface WallLayout {
  layout: string;
  angledSlots?: string[];
  angledOrder?: number[];
}

function readWallLayout(definition: LinesDefinition | undefined, payload: Record<string, unknown>): WallLayout {
  const ui = (definition?.bundle.ui ?? {}) as UiNode;
  const fieldDrawnBy = (part: string): string | undefined =>
    Object.entries(ui).find(([, node]) => isRecord(node) && node['ui:field'] === part)?.[0];
  const layoutField = fieldDrawnBy('structureLayout');
  const layout = layoutField && !isEmptyValue(payload[layoutField]) ? String(payload[layoutField]) : '';
  const roomFields = uiOptionsOf(ui).roomFields;
  const angledField = isRecord(roomFields) ? stringOption(roomFields, 'angled') : undefined;
  if (!angledField || payload[angledField] !== 'Yes') return { layout };
  const angled = definition?.bundle.data?.['angled-layouts'];
  if (!isRecord(angled)) return { layout };
  const angleField = fieldDrawnBy('angledLayout');
  const byLayout = isRecord(angled.layouts) && angleField ? angled.layouts[String(payload[angleField])] : undefined;
  const order = isRecord(byLayout) && Array.isArray(byLayout.slots) ? byLayout.slots : undefined;
  return {
    layout,
    angledSlots: stringsOf(angled.slots) ?? [],
    angledOrder: order?.filter((slot): slot is number => typeof slot === 'number'),
  };
}

/** The order in which a wall's values are listed: the length, the door and its details, then the wall code. */
const wallRoles = [
  'door',
  'doorSize',
  'swingOrientation',
  'patioOrientation',
  'hardware',
  'hinges',
  'doorLocation',
  'code',
];

/** A wall-code catalogue (`data/wall-codes`: tables[prefix][table][choice][position] -> codes) as words by code. */
const codeWordsCache = new WeakMap<object, Map<string, string>>();
function codeWordsOf(definition: LinesDefinition): Map<string, string> {
  const cached = codeWordsCache.get(definition.bundle);
  if (cached) return cached;
  const words = new Map<string, string>();
  const tables = (definition.bundle.data?.['wall-codes'] as { tables?: unknown } | undefined)?.tables;
  if (isRecord(tables))
    for (const byTable of Object.values(tables))
      for (const byChoice of Object.values(isRecord(byTable) ? byTable : {}))
        for (const [choice, byPosition] of Object.entries(isRecord(byChoice) ? byChoice : {}))
          for (const [position, codes] of Object.entries(isRecord(byPosition) ? byPosition : {}))
            for (const code of Array.isArray(codes) ? codes : [])
              if (typeof code === 'string' && !words.has(code))
                words.set(code, position === 'No Door' ? choice : `${choice}, ${position}`);
  codeWordsCache.set(definition.bundle, words);
  return words;
}

/** 12 and 6 -> 12' 6"; inches alone -> 0' 6"; feet alone -> 12'. */
export function formatFeetInches(feet: unknown, inches: unknown): string {
  const hasFeet = !isEmptyValue(feet);
  const hasInches = !isEmptyValue(inches);
  if (!hasFeet && !hasInches) return '';
  return `${hasFeet ? String(feet) : '0'}'${hasInches ? ` ${String(inches)}"` : ''}`;
}

/** "Wall Length Feet" -> "Wall Length": the label of a length given as feet and inches. */
function lengthLabel(title: string): string {
  return title.replace(/\s*\(?\b(feet|ft)\b\)?\s*$/i, '').trim() || title;
}

function walkSections(
  definition: LinesDefinition | undefined,
  payload: Record<string, unknown>,
  optionLists: Record<string, Option[]>,
): OrderSection[] {
  const ui = definition?.bundle.ui as UiNode | undefined;
  const rootOptions = uiOptionsOf(ui);
  const declaredSections = Array.isArray(rootOptions.sections) ? rootOptions.sections.filter(isRecord) : [];
  const wallGroups = readWallGroups(rootOptions);
  const wallLayout = readWallLayout(definition, payload);
  const { notListed, instructions } = orderLinesOf(definition);
  const skipped = [...notListed, ...instructions];
  const pageRankOf = definition ? pageRanks(definition.bundle.ui) : () => undefined;

  const titleOf = (path: string): string => labelOf(definition, path);
  const valueOf = (path: string, value: unknown): string => {
    const offered = optionLists[path]?.find(
      (option) => option.value === value || String(option.value) === String(value),
    );
    // An offered option's label names a value its schema does not title (a dealer's location: its name, not its key).
    const named = offered && offered.label !== String(value) ? offered.label : formatValue(definition, path, value);
    const unit = stringOption(uiOptionsOf(uiAt(ui, path)), 'unit');
    if (!unit || typeof value !== 'number' || !Number.isFinite(value) || named !== String(value)) return named;
    // A currency goes before the amount, in cents; any other unit after the number.
    return /^[$€£]$/.test(unit)
      ? `${unit}${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
      : `${named} ${unit}`;
  };

  // Inches fields shown with their feet (a feetInches widget names its inches path) are listed on the feet's line.
  const inchesOfFeet = new Map<string, string>();
  for (const [key, node] of Object.entries(ui ?? {})) {
    if (!isRecord(node) || node['ui:widget'] !== 'feetInches') continue;
    const inchesPath = stringOption(uiOptionsOf(node), 'inchesPath');
    if (inchesPath) inchesOfFeet.set(key, inchesPath);
  }
  const consumed = new Set<string>(inchesOfFeet.values());
  const groupOfKey = new Map<string, WallGroup>();
  for (const group of wallGroups) for (const field of Object.values(group.fields)) groupOfKey.set(field, group);
  const listedGroups = new Set<WallGroup>();

  /** The lines of one path (a top-level key, an object's child or an array item); sections it opens go to `extra`. */
  const linesOf = (path: string, value: unknown, lines: OrderLine[], extra: OrderSection[]): void => {
    if (isEmptyValue(value) || !isListed(skipped, path)) return;
    const node = uiAt(ui, path);
    const options = uiOptionsOf(node);
    // A feet-and-inches object (heightAtHouse {heightfeet, heightinches}): one length.
    const feetKey = stringOption(options, 'feet');
    const inchesKey = stringOption(options, 'inches');
    if (isRecord(value) && feetKey && inchesKey) {
      const length = formatFeetInches(value[feetKey], value[inchesKey]);
      if (length) lines.push({ path: `${path}.${feetKey}`, label: feetInchesTitle(path, options), value: length });
      return;
    }
    if (isRecord(value)) {
      for (const key of orderedKeys(definition, pageRankOf, path, Object.keys(value)))
        linesOf(`${path}.${key}`, value[key], lines, extra);
      return;
    }
    if (Array.isArray(value)) {
      if (value.some(isRecord)) {
        // One section per item: a cart's line, a piece of glass.
        value.forEach((item, index) => {
          const itemLines: OrderLine[] = [];
          linesOf(`${path}.${index}`, item, itemLines, extra);
          if (itemLines.length > 0) extra.push({ title: itemTitle(path, index), lines: itemLines });
        });
        return;
      }
      value.forEach((item, index) => linesOf(`${path}.${index}`, item, lines, extra));
      return;
    }
    const inchesPath = inchesOfFeet.get(path);
    if (inchesPath) {
      const length = formatFeetInches(value, getIn(payload, inchesPath));
      lines.push({ path, label: lengthLabel(titleOf(path)), value: length });
      return;
    }
    lines.push({ path, label: titleOf(path), value: valueOf(path, value) });
  };

  /** The heading of a feet-and-inches object: its title by the room style when the ui gives one (Peak Height). */
  const feetInchesTitle = (path: string, options: Record<string, unknown>): string => {
    const byStyle = options.titleByStyle;
    if (isRecord(byStyle)) {
      const roomFields = uiOptionsOf(ui).roomFields;
      const stylePath = isRecord(roomFields) && typeof roomFields.roofStyle === 'string' ? roomFields.roofStyle : '';
      const style = stylePath ? getIn(payload, stylePath) : undefined;
      const titled = byStyle[String(style)] ?? byStyle.default;
      if (typeof titled === 'string') return titled;
    }
    return titleOf(path);
  };

  const itemTitle = (path: string, index: number): string => {
    const items = definition ? schemaAt(definition.bundle.schema, `${path}.${index}`) : undefined;
    const title = typeof items?.title === 'string' ? items.title : undefined;
    if (title) return title.includes('{n}') ? title.replace('{n}', String(index + 1)) : `${title} ${index + 1}`;
    return `${titleOf(path)} ${index + 1}`;
  };

  /** One section per wall of a group that has a value: its length, door and its details, wall code in words. */
  const wallSections = (group: WallGroup): OrderSection[] => {
    const arrayAt = (role: string): unknown[] => {
      const path = group.fields[role];
      const value = path && isListed(skipped, path) ? payload[path] : undefined;
      return Array.isArray(value) ? value : [];
    };
    const feet = arrayAt('wallFeet');
    const inches = arrayAt('wallInches');
    const count = Math.max(feet.length, inches.length, ...wallRoles.map((role) => arrayAt(role).length));
    const codeWords = definition ? codeWordsOf(definition) : new Map<string, string>();
    const sections: (OrderSection & { rank: number })[] = [];
    for (let index = 0; index < count; index += 1) {
      const lines: OrderLine[] = [];
      const length = formatFeetInches(feet[index], inches[index]);
      if (length && group.fields.wallFeet)
        lines.push({
          path: `${group.fields.wallFeet}.${index}`,
          label: lengthLabel(arrayTitleOf(group.fields.wallFeet)),
          value: length,
        });
      for (const role of wallRoles) {
        const arrayPath = group.fields[role];
        const value = arrayAt(role)[index];
        if (!arrayPath || isEmptyValue(value)) continue;
        const path = `${arrayPath}.${index}`;
        let named = valueOf(path, value);
        const words = role === 'code' ? codeWords.get(String(value)) : undefined;
        if (words) named = `${named} (${words})`;
        lines.push({ path, label: arrayTitleOf(arrayPath), value: named });
      }
      if (lines.length === 0) continue;
      sections.push({ ...wallTitle(group, index, count), lines });
    }
    // Angled walls are listed left to right, as the layout's picture and the wall editor show them.
    return sections.sort((a, b) => a.rank - b.rank).map(({ title, lines }) => ({ title, lines }));
  };

  /**
   * A wall's caption in the wall editor's words: an Existing Roof side's "Left Wall 2"; the room's own walls by the
   * group's captions for the structure layout or by the angled slot's name, numbered left to right ("Wall 2: Front").
   */
  const wallTitle = (group: WallGroup, index: number, count: number): { title: string; rank: number } => {
    if (group.wallName) return { title: `${group.wallName} ${index + 1}`, rank: index };
    const { layout, angledSlots, angledOrder } = wallLayout;
    const inOrder = angledOrder?.indexOf(index) ?? -1;
    const position = inOrder >= 0 ? inOrder : index;
    const byLayout = angledSlots ? undefined : group.captionsByLayout?.[layout];
    const caption = angledSlots
      ? angledSlots[index]
      : (byLayout?.[index] ?? (group.captions?.length === count ? group.captions[index] : undefined));
    const name = `Wall ${position + 1}`;
    // A wall the angled layout does not use (it should hold nothing) goes after those it does.
    return { title: caption ? `${name}: ${caption}` : name, rank: angledOrder && inOrder < 0 ? 100 + index : position };
  };

  /** The title of a per-wall array itself ("Door Width"), not of its items ("Door Width {n}"). */
  const arrayTitleOf = (arrayPath: string): string => {
    const title = definition ? schemaAt(definition.bundle.schema, arrayPath)?.title : undefined;
    return typeof title === 'string' ? title : humanizeKey(arrayPath);
  };

  const keys = orderedKeys(definition, pageRankOf, '', Object.keys(payload));
  const sections: OrderSection[] = [];
  const emitKeys = (title: string, sectionKeys: string[]): void => {
    const lines: OrderLine[] = [];
    const extra: OrderSection[] = [];
    for (const key of sectionKeys) {
      const group = groupOfKey.get(key);
      if (group) {
        if (listedGroups.has(group)) continue;
        listedGroups.add(group);
        extra.push(...wallSections(group));
        continue;
      }
      if (consumed.has(key)) continue;
      linesOf(key, payload[key], lines, extra);
    }
    if (lines.length > 0) sections.push({ title, lines });
    sections.push(...extra);
  };
  declaredSections.forEach((section, index) => {
    const title = typeof section.title === 'string' ? section.title : otherSectionTitle;
    emitKeys(
      title,
      keys.filter((key) => pageRankOf(key) === index),
    );
  });
  // Keys no section holds (ui:order only, or unknown to the page) come last, under the ui's `summaryOtherTitle`.
  emitKeys(
    stringOption(rootOptions, 'summaryOtherTitle') ??
      (declaredSections.length === 0 ? (formTitleOf(definition) ?? otherSectionTitle) : otherSectionTitle),
    keys.filter((key) => {
      const rank = pageRankOf(key);
      return rank === undefined || rank >= declaredSections.length;
    }),
  );
  return sections;
}

/**
 * The page's order at a path: at the top, the root ui:options.sections then the root ui:order (as the missing list's
 * `"missingOrder": "page"`); inside an object, its ui:order; then the schema's property order; keys neither knows after
 * them, alphabetically (stored jsonb keeps no order).
 */
function orderedKeys(
  definition: LinesDefinition | undefined,
  pageRankOf: (top: string) => number | undefined,
  path: string,
  keys: string[],
): string[] {
  const node = definition ? (path ? schemaAt(definition.bundle.schema, path) : definition.bundle.schema) : undefined;
  const known = Object.keys((node?.properties as Record<string, unknown> | undefined) ?? {});
  const uiOrder = path ? uiOrderAt(definition?.bundle.ui, path) : [];
  const placed = (key: string): number | undefined => {
    if (!path) return pageRankOf(key);
    const index = uiOrder.indexOf(key);
    return index < 0 ? undefined : index;
  };
  const rank = (key: string): [number, number] => {
    const page = placed(key);
    const index = known.indexOf(key);
    return [page ?? Number.MAX_SAFE_INTEGER, index < 0 ? known.length : index];
  };
  return [...keys].sort((a, b) => {
    const [pageA, schemaA] = rank(a);
    const [pageB, schemaB] = rank(b);
    return pageA - pageB || schemaA - schemaB || a.localeCompare(b);
  });
}

/** The ui:order of the ui schema node of an object path (array indexes skipped), [] when it has none. */
function uiOrderAt(ui: Record<string, unknown> | undefined, path: string): string[] {
  let node: unknown = ui;
  for (const segment of path.split('.')) {
    if (/^\d+$/.test(segment)) node = (node as Record<string, unknown> | undefined)?.items;
    else node = (node as Record<string, unknown> | undefined)?.[segment];
  }
  const order = (node as Record<string, unknown> | undefined)?.['ui:order'];
  return Array.isArray(order) ? order.filter((key): key is string => typeof key === 'string') : [];
}

function labelOf(definition: LinesDefinition | undefined, path: string): string {
  const label = definition?.labelOf(path);
  if (label) return label;
  const key =
    path
      .split('.')
      .filter((segment) => !/^\d+$/.test(segment))
      .pop() ?? path;
  return humanizeKey(key);
}

function formatValue(definition: LinesDefinition | undefined, path: string, value: unknown): string {
  const named = definition ? definition.valueLabelOf(path, value) : String(value);
  // A yes/no answer without titles in the schema reads as the form asks it.
  if (typeof value === 'boolean' && named === String(value)) return value ? 'Yes' : 'No';
  return named;
}

/** "userFileName" -> "User File Name". */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The definition's `summarySelections` evaluated on the payload, as the session computes it on the page: hidden answers
 * are not in the payload, and the compute rules before it run first so it may read their `$name`. Null without one.
 */
function readDeclaredSummary(definition: LinesDefinition, payload: Record<string, unknown>): OrderLine[] | null {
  const internals = internalsOf(definition as CompiledDefinition);
  const last = internals.compute.findIndex((rule) => rule.name === SUMMARY_COMPUTE);
  if (last < 0) return null;
  const scope: Record<string, unknown> = {
    ...payload,
    $context: contextForRules(noContext),
    $const: internals.constants,
    $data: internals.data,
  };
  let value: unknown;
  for (const rule of internals.compute.slice(0, last + 1)) {
    value = rule.value(scope);
    scope[`$${rule.name}`] = value;
  }
  return readSummaryPairs(value);
}

/** [label, value] pairs as lines, without the pairs whose value is empty; null when it is no list. */
export function readSummaryPairs(selections: unknown): OrderLine[] | null {
  if (!Array.isArray(selections)) return null;
  return selections
    .filter(
      (pair): pair is [unknown, unknown] =>
        Array.isArray(pair) && pair.length >= 2 && pair[1] !== null && pair[1] !== undefined && pair[1] !== '',
    )
    .map(([label, value]) => ({ path: String(label), label: String(label), value: String(value) }));
}

/** The definition's special-instruction lines, each cut to its schema's maxLength; [] when it declares none. */
function readInstructions(definition: LinesDefinition | undefined, payload: Record<string, unknown>): string[] {
  return orderLinesOf(definition).instructions.map((path) => {
    const text = getIn(payload, path);
    const maxLength = definition ? schemaAt(definition.bundle.schema, path)?.maxLength : undefined;
    const line = typeof text === 'string' || typeof text === 'number' ? String(text) : '';
    return typeof maxLength === 'number' ? line.slice(0, maxLength) : line;
  });
}
