/** How the definition's ui describes the Roof Span Chart (selectedRoofDensity `ui:options.spanChart`). */
export interface SpanChartSpec {
  roofs: SpanChartRoof[];
  /** Screen rooms span this many inches less. */
  screenRoomLessInches?: number;
  /** Lists of snow loads, named by each roof's `snowLoads`. */
  [snowLoads: string]: unknown;
}

/** One roof of the chart: its spans are the rules' constant `spans`, by load, at `column` when entries are lists. */
export interface SpanChartRoof {
  title: string;
  spans: string;
  column?: number;
  snowLoads: string;
  /** false: not charted in the screen-room form. */
  screenRooms?: boolean;
}

/** One table of the chart: the roofs that share a list of snow loads, a row per load. */
export interface RoofSpanTable {
  titles: string[];
  rows: { load: number; spans: string[] }[];
}

/** 203 -> 16'-11". */
export function formatFeetInches(inches: number): string {
  return `${Math.floor(inches / 12)}'-${inches % 12}"`;
}

/** A roof's span at a load, in inches, or undefined when the constants have none. */
function spanOf(roof: SpanChartRoof, constants: Record<string, unknown>, load: number): number | undefined {
  const entry = (constants[roof.spans] as Record<string, unknown> | undefined)?.[String(load)];
  const inches = Array.isArray(entry) ? entry[roof.column ?? 0] : entry;
  return typeof inches === 'number' ? inches : undefined;
}

/**
 * The Roof Span Chart (spec 2 §9): the 4 1/4" roofs at snow loads 10-40, the Solarium 3" roof at 10-70 (not for
 * screen rooms), lightest load first, spans as feet-inches from the definition's constants; screen rooms span less.
 */
export function buildRoofSpanTables(
  spec: SpanChartSpec | undefined,
  constants: Record<string, unknown>,
  isScreenRoom: boolean,
): RoofSpanTable[] {
  if (!spec) return [];
  const less = isScreenRoom ? (spec.screenRoomLessInches ?? 0) : 0;
  const byLoads = new Map<string, SpanChartRoof[]>();
  for (const roof of spec.roofs) {
    if (isScreenRoom && roof.screenRooms === false) continue;
    byLoads.set(roof.snowLoads, [...(byLoads.get(roof.snowLoads) ?? []), roof]);
  }
  return [...byLoads].map(([loadsName, roofs]) => {
    const loads = ((spec[loadsName] as number[] | undefined) ?? []).slice().sort((a, b) => a - b);
    return {
      titles: roofs.map((roof) => roof.title),
      rows: loads.map((load) => ({
        load,
        spans: roofs.map((roof) => {
          const inches = spanOf(roof, constants, load);
          return inches === undefined ? '—' : formatFeetInches(inches - less);
        }),
      })),
    };
  });
}
