/**
 * Golden orders (docs/golden-orders.md) from files: collect the files, read them, run them. The validation, replay and
 * comparison are src/definition-tree/golden-orders.ts (browser-safe: the workbench runs them in a Web Worker); this is
 * the core of `npm run check:orders`, callable from tests.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { CompiledDefinition } from '../../src/engine/index';
import { checkGoldenOrderText, coverageOf, type GoldenRun, type OrderResult } from '../../src/definition-tree/index';
import { loadAllDefinitions } from '../../src/server/definitions/index';

export {
  EXPECT_KEYS,
  checkGoldenOrderText,
  compareExpectations,
  formatRun,
  isEquivalent,
  replayOrder,
  replayWithNotices,
  validateGoldenOrder,
  type GoldenOrder,
  type GoldenRun,
  type OrderResult,
} from '../../src/definition-tree/index';

/** Every *.json below the targets (files as given), sorted; a missing target is reported. */
export function collectFiles(targets: string[]): { files: string[]; missingTargets: string[] } {
  const files: string[] = [];
  const missingTargets: string[] = [];
  const walk = (target: string) => {
    const stat = statSync(target);
    if (stat.isDirectory()) {
      for (const name of readdirSync(target).sort()) walk(path.join(target, name));
    } else if (target.endsWith('.json')) files.push(target);
  };
  for (const target of targets) {
    if (!existsSync(target)) missingTargets.push(target);
    else if (statSync(target).isFile()) files.push(target);
    else walk(target);
  }
  return { files, missingTargets };
}

/** Options of runGoldenOrders. */
export interface RunOptions {
  definitionsDir?: string;
  definitions?: Map<string, { compiled: CompiledDefinition }>;
}

/** Check every golden order below the targets (default tests/golden). */
export function runGoldenOrders(targets: string[] = ['tests/golden'], options: RunOptions = {}): GoldenRun {
  const definitions = options.definitions ?? loadAllDefinitions(options.definitionsDir ?? 'definitions').definitions;
  const { files, missingTargets } = collectFiles(targets);
  const results: OrderResult[] = missingTargets.map((file) => ({
    file,
    title: '',
    status: 'invalid',
    details: ['no such file or directory'],
  }));
  const fired = new Map<string, Set<string>>();
  for (const file of files) results.push(checkGoldenOrderText(file, readFileSync(file, 'utf8'), definitions, fired));
  const passed = results.filter((r) => r.status === 'pass').length;
  const invalid = results.filter((r) => r.status === 'invalid').length;
  const failed = results.length - passed;
  return {
    results,
    passed,
    failed,
    invalid,
    coverage: coverageOf(fired, definitions),
    exitCode: invalid > 0 ? 2 : failed > 0 ? 1 : 0,
  };
}
