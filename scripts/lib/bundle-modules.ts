/**
 * What a built chunk holds: each source module's share of the chunk's bytes, read from the chunk's source map (each
 * generated span goes to the source its mapping segment names), so a route's weight can be traced to packages.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((char, index) => [char, index]));

/** One segment's fields of a source map's `mappings` (Base64 VLQ, each field relative to the previous segment's). */
export function decodeVlqSegment(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`not a Base64 VLQ digit: ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return fields;
}

/** Bytes of `code` per source of its map (unmapped bytes under `(unmapped)`), largest first. */
export function bytesPerSource(code: string, map: { sources: string[]; mappings: string }): Map<string, number> {
  const totals = new Map<string, number>();
  const add = (source: string, bytes: number) => totals.set(source, (totals.get(source) ?? 0) + bytes);
  const lines = code.split('\n');
  let sourceIndex = 0;
  map.mappings.split(';').forEach((lineMappings, lineNumber) => {
    const line = lines[lineNumber] ?? '';
    let column = 0;
    let spanStart = 0;
    let spanSource = '(unmapped)';
    for (const segment of lineMappings ? lineMappings.split(',') : []) {
      const fields = decodeVlqSegment(segment);
      column += fields[0];
      add(spanSource, Buffer.byteLength(line.slice(spanStart, column)));
      spanStart = column;
      if (fields.length >= 4) {
        sourceIndex += fields[1];
        spanSource = map.sources[sourceIndex] ?? '(unmapped)';
      } else spanSource = '(unmapped)';
    }
    add(spanSource, Buffer.byteLength(line.slice(spanStart)) + 1);
  });
  return new Map([...totals].sort((a, b) => b[1] - a[1]));
}

/** A source path as a short name: `pkg` (or `@scope/pkg`) for node_modules, else the path under src/. */
export function moduleGroup(source: string): string {
  const nodeModules = source.lastIndexOf('node_modules/');
  if (nodeModules >= 0) {
    const parts = source.slice(nodeModules + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const src = source.indexOf('src/');
  return src >= 0 ? source.slice(src) : source;
}

/** Bytes per package (or own source file) in a built chunk; empty when the chunk has no map. */
export function chunkModules(distDir: string, file: string): Map<string, number> {
  const mapFile = path.join(distDir, `${file}.map`);
  if (!existsSync(mapFile)) return new Map();
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
  const grouped = new Map<string, number>();
  for (const [source, bytes] of bytesPerSource(readFileSync(path.join(distDir, file), 'utf8'), map)) {
    const group = moduleGroup(source);
    grouped.set(group, (grouped.get(group) ?? 0) + bytes);
  }
  return new Map([...grouped].sort((a, b) => b[1] - a[1]));
}
