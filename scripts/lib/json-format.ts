/**
 * The canonical layout of definitions/ (npm run format:definitions): objects and arrays broken over lines, two spaces
 * a level, but each leaf on one line: an array of plain values (a list of choices, a row of a price table) whatever
 * its length, and any object or array whose one-line form fits the width (a JSON-Logic condition, a short rule).
 * Key order and values are kept; `JSON.parse(formatJson(value))` equals `value`.
 */

/** Columns a one-line leaf may take, its indentation, key and comma included. */
export const LINE_WIDTH = 100;

function isScalar(value: unknown): boolean {
  return value === null || typeof value !== 'object';
}

/** One line, with a space after each colon and comma: `{"==": [{"var": "x"}, "Solarium"]}`. */
export function oneLine(value: unknown): string {
  if (isScalar(value)) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(oneLine).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}: ${oneLine(item)}`).join(', ')}}`;
}

/**
 * `prefix` is what precedes the value on its line (indentation and key), `suffix` what follows (a comma or nothing):
 * both count for the width.
 */
function layout(value: unknown, indent: string, prefixLength: number, suffixLength: number, width: number): string {
  if (isScalar(value)) return JSON.stringify(value);
  const isArray = Array.isArray(value);
  const entries: [string | undefined, unknown][] = isArray
    ? value.map((item) => [undefined, item])
    : Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return isArray ? '[]' : '{}';
  const flat = oneLine(value);
  if ((isArray && value.every(isScalar)) || prefixLength + flat.length + suffixLength <= width) return flat;
  const inner = `${indent}  `;
  const lines = entries.map(([key, item], i) => {
    const head = key === undefined ? '' : `${JSON.stringify(key)}: `;
    const comma = i < entries.length - 1 ? 1 : 0;
    return `${inner}${head}${layout(item, inner, inner.length + head.length, comma, width)}${comma ? ',' : ''}`;
  });
  return `${isArray ? '[' : '{'}\n${lines.join('\n')}\n${indent}${isArray ? ']' : '}'}`;
}

/** The canonical text of a JSON value (ending with a newline). */
export function formatJson(value: unknown, width = LINE_WIDTH): string {
  return `${layout(value, '', 0, 0, width)}\n`;
}
