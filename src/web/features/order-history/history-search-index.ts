import { historyColumns, type HistoryFilters, type HistoryRow } from './history-rows';

/**
 * The column searches' prepared index: per column, every row's cell as shown, lower-cased, made once per rows list
 * (a keystroke does no case folding and reads no row objects).
 */
export interface HistorySearch {
  rows: readonly HistoryRow[];
  /** `cells[column][row]`, columns in `historyColumns` order. */
  cells: readonly (readonly string[])[];
}

/** Which rows a set of column searches lets through. */
export interface HistoryMatches {
  search: HistorySearch;
  /** The searches in force: [column position, lower-cased text], blanks dropped. */
  needles: readonly (readonly [number, string])[];
  /** Positions in `search.rows` of the rows shown, ascending; null when no search is set (every row shows). */
  rowIndexes: Uint32Array | null;
  count: number;
}

const built = new WeakMap<readonly HistoryRow[], HistorySearch>();

// Never in a cell read from the server's JSON text fields (a cell holding it falls back to lower-casing cell by cell).
const separator = '\u0000';

/**
 * The index of `rows`: each column's cells joined into one text, lower-cased at once and split again, so the cells
 * a keystroke scans are flat strings side by side in memory (scanning per-row strings was several times slower).
 */
export function buildHistorySearch(rows: readonly HistoryRow[]): HistorySearch {
  const cells = historyColumns.map((column) => {
    const shown: string[] = [];
    for (let i = 0; i < rows.length; i++) shown.push(rows[i][column]);
    if (rows.length === 0) return shown;
    const lowered = shown.join(separator).toLowerCase().split(separator);
    return lowered.length === rows.length ? lowered : shown.map((text) => text.toLowerCase());
  });
  return { rows, cells };
}

/** The index of `rows`, made the first time it is asked for and kept while the list lives. */
export function historySearchOf(rows: readonly HistoryRow[]): HistorySearch {
  let search = built.get(rows);
  if (!search) {
    search = buildHistorySearch(rows);
    built.set(rows, search);
  }
  return search;
}

function toNeedles(filters: HistoryFilters): [number, string][] {
  const needles: [number, string][] = [];
  historyColumns.forEach((column, position) => {
    const needle = filters[column]?.trim().toLowerCase();
    if (needle) needles.push([position, needle]);
  });
  return needles;
}

// Every row the new searches let through passed the old ones when each old search is contained in the new one's text.
function narrows(previous: HistoryMatches, needles: readonly (readonly [number, string])[]): boolean {
  return previous.needles.every(([column, old]) => needles.some(([c, text]) => c === column && text.includes(old)));
}

/**
 * The rows whose cells contain every search (case-insensitive, as shown). Given the previous key's answer over the
 * same index, a narrowing search (a letter added) only re-tests the rows that showed.
 */
export function searchHistory(
  search: HistorySearch,
  filters: HistoryFilters,
  previous?: HistoryMatches,
): HistoryMatches {
  const needles = toNeedles(filters);
  const total = search.rows.length;
  if (needles.length === 0) return { search, needles, rowIndexes: null, count: total };
  const candidates = previous?.search === search && narrows(previous, needles) ? previous.rowIndexes : null;
  const columns = needles.map(([column]) => search.cells[column]);
  const texts = needles.map(([, text]) => text);
  const found = new Uint32Array(candidates ? candidates.length : total);
  let count = 0;
  const limit = candidates ? candidates.length : total;
  for (let k = 0; k < limit; k++) {
    const row = candidates ? candidates[k] : k;
    let isMatch = true;
    for (let n = 0; n < texts.length; n++) {
      if (!columns[n][row].includes(texts[n])) {
        isMatch = false;
        break;
      }
    }
    if (isMatch) found[count++] = row;
  }
  return { search, needles, rowIndexes: found.slice(0, count), count };
}

/** The row shown at `place` (0 = the first shown), or undefined past the last. */
export function shownRowAt(matches: HistoryMatches, place: number): HistoryRow | undefined {
  if (place >= matches.count) return undefined;
  return matches.search.rows[matches.rowIndexes ? matches.rowIndexes[place] : place];
}

/** The rows an answer shows, in list order (the CSV export's rows). */
export function shownRows({ search, rowIndexes }: HistoryMatches): readonly HistoryRow[] {
  return rowIndexes ? Array.from(rowIndexes, (index) => search.rows[index]) : search.rows;
}

/** The rows a set of searches lets through, in list order. */
export function filterHistoryRows(rows: readonly HistoryRow[], filters: HistoryFilters): readonly HistoryRow[] {
  return shownRows(searchHistory(historySearchOf(rows), filters));
}
