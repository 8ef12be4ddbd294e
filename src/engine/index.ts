/**
 * The form engine: one framework-free implementation of every business rule, shared by the browser,
 * the server and scripts/. See src/engine/README.md and schemas/definition.schema.json.
 *
 * @example
 * const def = compileDefinition(bundle);                       // once per definition
 * const session = createSession(def, { context: { locations: {} } });
 * session.set('shippingMethod', 'Mail Only');                  // an edit: rules fire, state re-derived once
 * session.state.missing;                                       // [{ path: 'mailMethod', label: 'Mail Method' }, ...]
 * checkSubmission(def, body, context);                         // server-side re-check -> { ok, missing, errors, payload }
 */
export type {
  CompiledDefinition,
  DefinitionBundle,
  EvaluatorMode,
  Expression,
  ForEach,
  FormContext,
  FormSession,
  FormState,
  JsonSchema,
  MissingField,
  NormalizeStep,
  Notice,
  Option,
  PayloadSpec,
  OrderLinesSpec,
  PartiesSpec,
  DrawingSpec,
  RoomDrawingSpec,
  PatioCoverDrawingSpec,
  WallFieldPaths,
  FeetInchesPaths,
  Problem,
  Rule,
  RulesFile,
  SessionOptions,
  SubmissionCheck,
  SubmitJob,
  SubmitLines,
  SubmitPriceList,
  SubmitSettings,
  SubmitSpec,
} from './types';
export { compileDefinition } from './structure-check';
export {
  compileCheckedDefinition,
  submitSettingsOf,
  DefinitionError,
  type CompileOptions,
  type DefinitionProblem,
} from './compile';
export { createSession } from './session';
export { checkSubmission, type CheckSubmissionOptions } from './submission';
export { checkDefinition, checkAndCompileDefinition } from './check-definition';
export { getIn, setIn, isEmpty } from './paths';
export { isEmailList, toNumber, CUSTOM_OPERATORS } from './operators';
export { formatPostalCode, applyNormalizeSteps } from './normalize';
export { checkPattern, MAX_PATTERN_INPUT, patternEngine, safeRegExp, testPattern } from './safe-pattern';
export { optionsOf, schemaAt, DEFAULT_MAX_TEXT_LENGTH } from './schema-paths';
export { findPriceTableProblems } from './price-table-problems';
export {
  lookupPrice,
  roundDimensionUp,
  isPriceTable,
  type PriceTable,
  type PriceLookup,
  type RoundUpTo,
} from './price-table';
export {
  listOrderLines,
  readSummaryPairs,
  humanizeKey,
  SUMMARY_COMPUTE,
  type OrderLine,
  type OrderLines,
  type LinesDefinition,
} from './order-lines';
export {
  expressionsOf,
  listReadVariables,
  rulesActingOn,
  specReferenceOf,
  type FieldAction,
  type FieldRules,
  type RuleOnField,
  type RuleSourceRef,
  type RulesOnFieldOptions,
} from './rules-on-field';
export {
  explainField,
  explainPrice,
  type ExplainInput,
  type FieldExplanation,
  type PriceExplanation,
  type PriceLookupExplanation,
  type ReadValue,
  type RuleExplanation,
} from './explain';
