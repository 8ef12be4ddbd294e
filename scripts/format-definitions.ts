/**
 * npm run format:definitions [-- --check] [DIR]: rewrite every JSON file under definitions/ in the canonical layout
 * (scripts/lib/json-format.ts). With --check nothing is written: it names the files that are not formatted and exits 1.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { formatJson } from './lib/json-format';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
const isCheck = args.includes('--check');
const dir = args.find((arg) => !arg.startsWith('--')) ?? 'definitions';

function jsonFiles(folder: string): string[] {
  return readdirSync(folder)
    .sort()
    .flatMap((name) => {
      const file = path.join(folder, name);
      if (statSync(file).isDirectory()) return jsonFiles(file);
      return name.endsWith('.json') ? [file] : [];
    });
}

const unformatted: string[] = [];
const broken: string[] = [];
const files = jsonFiles(dir);
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    broken.push(`${file}: not JSON: ${(error as Error).message}`);
    continue;
  }
  const formatted = formatJson(value);
  if (formatted === text) continue;
  unformatted.push(file);
  if (!isCheck) writeFileSync(file, formatted);
}
for (const line of broken) process.stderr.write(`${line}\n`);
if (isCheck) {
  for (const file of unformatted) process.stdout.write(`not formatted: ${file}\n`);
  if (unformatted.length > 0)
    process.stdout.write(
      `${unformatted.length} of ${files.length} file(s) not formatted: run npm run format:definitions\n`,
    );
} else process.stdout.write(`${unformatted.length} of ${files.length} file(s) rewritten\n`);
process.exitCode = broken.length > 0 || (isCheck && unformatted.length > 0) ? 1 : 0;
