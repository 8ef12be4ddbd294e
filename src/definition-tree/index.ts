/**
 * The definitions tree, browser-safe: reading, merging, checking and compiling a form from files in memory (a draft,
 * a version) or through any other DefinitionFiles (the server's disk adapter), and golden orders run against it. No
 * node:* import: the workbench runs this in a Web Worker, the server and the CLI run the same code.
 */
export { createMemoryFiles, type DefinitionFiles, type FileContents } from './definition-files';
export { definitionLimits, findTooDeep } from './definition-limits';
export {
  deepMerge,
  fillParams,
  mapProblemsToSources,
  mergeFolder,
  toBundle,
  type IncludeEntry,
  type MergedFolder,
  type RuleSource,
  type SourceMap,
} from './merge-includes';
export {
  DEFINITIONS_ROOT,
  formatProblems,
  listForms,
  loadAllDefinitionsFromFiles,
  loadDefinitionFolder,
  loadDefinitionFromFiles,
  type LoadedDefinition,
  type LoadedDefinitions,
  type LoadedFromFiles,
  type LoadOptions,
} from './load-definition';
export { folderOf, isWithin, joinPath, nameOf, normalizePath } from './tree-paths';
export {
  EXPECT_KEYS,
  checkGoldenOrder,
  checkGoldenOrderText,
  compareExpectations,
  coverageOf,
  findDifferences,
  formOfOrderText,
  formatRun,
  isEquivalent,
  replayOrder,
  replayWithNotices,
  validateGoldenOrder,
  type CheckOrderOptions,
  type CompiledForms,
  type FormCoverage,
  type GoldenDifference,
  type GoldenOrder,
  type GoldenOrderOutcome,
  type GoldenRun,
  type OrderResult,
} from './golden-orders';
export {
  DefinitionCompiler,
  GOLDEN_ROOT,
  runGoldenOrdersInMemory,
  type CompiledFormInMemory,
  type FormCheck,
  type FormCoverageDetail,
  type GoldenOrdersReport,
  type RunInMemoryOptions,
} from './run-golden-orders';
export {
  createWorkbenchHandler,
  type FormCheckAnswer,
  type WorkbenchAnswer,
  type WorkbenchRequest,
} from './workbench-worker';
