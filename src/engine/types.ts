/**
 * Public types of the form engine. Everything here is plain data so the browser, the server and
 * scripts share it; the rule vocabulary is documented in schemas/definition.schema.json.
 */

/** A JSON-Logic expression (json-logic-engine dialect plus the custom operators in operators.ts). */
export type Expression = unknown;

/** A JSON Schema object (draft 2020-12 / draft-07 subset understood by ajv and rjsf). */
export type JsonSchema = Record<string, unknown>;

/** One choice offered for a field: the stored value and the text shown to the dealer. */
export interface Option {
  value: string | number | boolean;
  label: string;
}

/** What the server knows about the signed-in dealer; rules read it as `{"var": "$context.…"}`. */
export interface FormContext {
  /** Dealer locations, id -> name; `{}` or absent: the dealer has no locations. */
  locations?: Record<string, string>;
  /** The dealer's product line. */
  productLine?: 'SUNROOMS' | 'PATIO COVERS' | string;
  /** Live part prices by part name (e.g. 'GROUND', 'RENDERING FULL COLOR'); override definition defaults. */
  prices?: Record<string, number>;
  /** Anything else a definition may read (additions are allowed by the golden-order contract). */
  [key: string]: unknown;
}

/** A toast produced by the last edit. */
export interface Notice {
  level: 'info' | 'success' | 'warning' | 'error';
  message: string;
  path?: string;
}

/** A field that must be filled before submitting, with the label shown to the dealer. */
export interface MissingField {
  path: string;
  label: string;
}

/** One definition folder read into memory, before compilation. */
export interface DefinitionBundle {
  /** Form id, the folder name (`engineering`, `sunroom`, ...). */
  form: string;
  /** schema.json: JSON Schema of the form data (= the submission payload's shape). */
  schema: JsonSchema;
  /** ui.json: rjsf uiSchema (widgets by name, order, sections). */
  ui: Record<string, unknown>;
  /** rules.json: the rule file (see RulesFile). */
  rules: RulesFile;
  /** Every other *.json file of the folder by base name (catalogues, price tables); rules read `$data.<name>`. */
  data?: Record<string, unknown>;
  /** Where each part came from, for error messages: `{ schema: 'definitions/engineering/schema.json', ... }`. */
  files?: Partial<Record<'schema' | 'ui' | 'rules', string>> & Record<string, string>;
}

/** The rule file of a definition (validated by schemas/definition.schema.json). */
export interface RulesFile {
  $schema?: string;
  form: string;
  title?: string;
  description?: string;
  /** Named conditions (JSON-Logic); any expression may use one as `{"cond": "name"}`, and a condition may use others. */
  conditions?: Record<string, Expression>;
  /** Named constants; rules read them as `{"var": "$const.name"}`. */
  constants?: Record<string, unknown>;
  /** Label shown for a path when no rule gives one (default: the schema's `title`). Keys may use `{i}`. */
  labels?: Record<string, string>;
  /** The rules, evaluated in order within each kind. */
  rules: Rule[];
  /** What gets posted. */
  payload?: PayloadSpec;
  /**
   * Order of the missing-fields list: `rules` (default) the order of the required/validate rules; `page` the order the
   * page shows the fields in (root ui:options.sections, then ui:order), per-wall paths wall by wall, ties in rule order.
   */
  missingOrder?: 'rules' | 'page';
  /** Name of a `compute` rule whose value is the order's price (number or text such as 'No Price Available'). */
  price?: string;
  /** Flags of the submit call and how the server stores the order (file-name prefix, who may order, jobs). */
  submit?: SubmitSpec;
  /** How the order reads as labelled lines (the summary the dealer confirms and the order's text file and PDFs). */
  orderLines?: OrderLinesSpec;
  /** How drawings read the room from the order; forms without it get no drawings. */
  drawing?: DrawingSpec;
  /** Who the order is for, who sent it, its job name and where it ships: paths into the payload (merged key by key). */
  parties?: PartiesSpec;
}

/**
 * `parties` of a rules file: which fields say who an order is for, who sent it, the job it is filed under and where it
 * ships (the order lists, job and folder names, the order's documents, a shipped order's address). Every value is a
 * path into the form's data; role names never equal a field name. A form without it lists its orders under their
 * file name, with empty names and no ship-to address.
 */
export interface PartiesSpec {
  /** The customer (home owner): family name (the lists' lastName) and, when the form asks it, given name. */
  customer?: { familyName: string; givenName?: string };
  /** Who sent the order (the lists' sentBy). */
  sentBy?: string;
  /** The sender's e-mail (one or more comma-separated addresses): where the order desk e-mails the order by default. */
  email?: string;
  /**
   * The field naming the job: when filled, the job name (trimmed; upper-cased with `upperCase`); otherwise the job name
   * is the customer's "FAMILY, GIVEN" upper-cased, else the file name. A form with no `customer` lists its orders with
   * this field's text as lastName.
   */
  jobName?: { path: string; upperCase?: boolean };
  /** The address a shipped order goes to when staff give none: used when `street` and `locality` or `postalCode` are filled. */
  shipTo?: { street: string; locality?: string; region?: string; postalCode?: string };
}

/** `orderLines` of a rules file (included pieces add to `notListed`; the last `instructions` wins). */
export interface OrderLinesSpec {
  /** Paths that are page bookkeeping, not selections (a path covers everything under it): never listed. */
  notListed?: string[];
  /** The special-instruction lines, in order: listed under their own heading, not among the selections. */
  instructions?: string[];
  /** Paths the bill of materials leaves out when it lists the selections (who and where the order is for). */
  notOnBill?: string[];
}

/** A length given as feet and inches fields. */
export interface FeetInchesPaths {
  feet: string;
  inches: string;
}

/** The fields of one group of walls (arrays, one entry per wall). */
export interface WallFieldPaths {
  wallFeet: string;
  wallInches: string;
  /** Yes/No: the wall has a door. */
  door: string;
  /** The door's width as chosen ("3' Door", "5' Patio Door"). */
  doorSize: string;
  /** The wall code (its door position is looked up in the wall-code catalogue). */
  code: string;
  /** The door's position as chosen, when the page asks it. */
  doorLocation: string;
}

/** `drawing` of a rules file: which field is what for the drawings (merged key by key across includes). */
export type DrawingSpec = RoomDrawingSpec | PatioCoverDrawingSpec;

/** What both drawing models may name. */
interface DrawingSpecBase {
  /** Fields of the customer's name for the sheets' title block, joined with spaces. */
  customer?: string[];
}

export interface RoomDrawingSpec extends DrawingSpecBase {
  /** A room on walls against the house (sunroom, screen room, Impact). */
  model: 'room';
  /** The room's name after its type in the title ("Vista View sunroom"). */
  title: string;
  type: string;
  /** The room style (studio, cathedral, existing roof). */
  roofStyle: string;
  /** Yes/No: angled layout. */
  angled: string;
  angle: string;
  layout: string;
  /** Yes/No: breeze way (a two-wall layout's walls are both projections). */
  breezeWay: string;
  railSide: string;
  /** The window wall style field, shown as "Window wall <value>"; `windowWallNote` instead when the form has a fixed one. */
  windowWall?: string;
  windowWallNote?: string;
  width: FeetInchesPaths;
  length: FeetInchesPaths;
  leftAngle: FeetInchesPaths;
  rightAngle: FeetInchesPaths;
  houseHeight: FeetInchesPaths;
  frontWallHeight: FeetInchesPaths;
  /** The door width used when a wall has a door but no width: by the value of `path`, else `otherwise`. */
  defaultDoorWidth: { path: string; byValue: Record<string, string>; otherwise: string };
  /** The walls of a new roof (left to right by the layout). */
  walls: WallFieldPaths;
  /** The walls of an existing roof, per side, in drawing order. */
  existingRoofWalls: ({ side: 'left' | 'front' | 'right'; name: string } & WallFieldPaths)[];
}

export interface PatioCoverDrawingSpec extends DrawingSpecBase {
  /** A roof on posts, against the house when attached (pergola, pavilion). */
  model: 'patioCover';
  title: string;
  width: FeetInchesPaths;
  length: FeetInchesPaths;
  /** Fields whose values, read together, say ATTACHED or FREE STANDING. */
  attached: string[];
  /** Fields naming the model, joined after the title. */
  modelName: string[];
  /** The size, shown as "Size <value>". */
  size?: string;
  /** Post height, in feet (below 20) or inches. */
  postsHeight?: string;
  houseHeight?: FeetInchesPaths;
  frontWallHeight?: FeetInchesPaths;
}

/** Job kinds a stored order can start (the server runs them after the commit). */
export type SubmitJob = 'drawings';

/** Price list the server hands the rules as `$context.prices` when it re-checks a submission. */
export type SubmitPriceList = 'parts' | 'glass';

/** The `submit` section of rules.json: the page's isOrdered flag and the server's per-form choices when storing. */
export interface SubmitSpec {
  /** The isOrdered flag of the submit call (default true). */
  isOrdered?: Expression;
  /** First part of the order's file name (`SUN` -> `SUN-1001-20261122-153005-K7QX`); default the form id's first three letters, upper-cased. */
  fileNamePrefix?: string;
  /**
   * Dealer product lines that may order the form. When set, the dealer's status is checked before anything else: 999 on
   * hold, 998 a manufacturer employee, 997 a dealer of another product line. Unset: any signed-in dealer, no status codes.
   */
  productLines?: string[];
  /** Status of a stored order (isOrdered true): `unprocessed` (default) or `initial` (listed with the initial orders). A preview is always `initial`. */
  orderStatus?: 'initial' | 'unprocessed';
  /** Jobs started for each stored (or changed) order, e.g. `drawings`. Default none. */
  jobs?: SubmitJob[];
  /** The field an order names the preview it follows with (its drawing names or file name): configurators with previews. */
  previewReference?: string;
  /** Order lines the server re-prices from catalogues by part number (never trusting the body's prices). */
  lines?: SubmitLines;
  /** Price list given to the rules as `$context.prices` (default `parts`, the live part prices). */
  prices?: SubmitPriceList;
}

/** Where a form's order lines are and which catalogues price them. */
export interface SubmitLines {
  /** The array of lines (e.g. `OrderSpareParts`). */
  path: string;
  /** Field of a line holding the part number, and those the catalogue's price and description are written to. */
  partNumber: string;
  price: string;
  description: string;
  /** Catalogues looked up, in no order (a part number is unique across them). */
  catalogues: string[];
  /** Message at a line whose part number none of the catalogues holds (default 'Unknown part number'). */
  unknownPartMessage?: string;
}

/** The `submit` section with every default filled in, as the server reads it from the compiled definition. */
export interface SubmitSettings {
  fileNamePrefix: string;
  productLines?: readonly string[];
  orderStatus: 'initial' | 'unprocessed';
  jobs: readonly SubmitJob[];
  previewReference?: string;
  lines?: Readonly<Required<SubmitLines>>;
  prices: SubmitPriceList;
}

/** How the posted body is made from the form data. */
export interface PayloadSpec {
  /** Leave hidden fields out (default true). */
  omitHidden?: boolean;
  /** Paths never posted. */
  exclude?: string[];
  /** Extra payload values: path -> expression. */
  add?: Record<string, Expression>;
}

/** Repeat a rule per array element: an array path, or a count expression. Inside: `{i}` `{n}` in strings, `$index` `$n` and the `item` operator in expressions. */
export type ForEach = string | { count: Expression };

interface RuleBase {
  /** Stable id for coverage reports and error messages; default `<kind>:<path>` plus the position. */
  id?: string;
  /** Free text for people reading the definition. */
  description?: string;
  /** Repeat the rule for each array element. */
  forEach?: ForEach;
}

/** The rule vocabulary. Each kind is documented in schemas/definition.schema.json. */
export type Rule =
  | ({ kind: 'show'; path?: string; paths?: string[]; when: Expression } & RuleBase)
  | ({ kind: 'hide'; path?: string; paths?: string[]; when?: Expression; keepsValue?: boolean } & RuleBase)
  | ({ kind: 'disable'; path?: string; paths?: string[]; when?: Expression } & RuleBase)
  | ({
      kind: 'onChange';
      of: string | string[];
      when?: Expression;
      reset?: string[];
      set?: Record<string, Expression>;
      notice?: { level?: Notice['level']; message: string };
    } & RuleBase)
  | ({ kind: 'force'; when?: Expression; set: Record<string, Expression> } & RuleBase)
  | ({ kind: 'size'; paths: string[]; atLeast: Expression } & RuleBase)
  | ({
      kind: 'options';
      path: string;
      from?: Option[] | Expression;
      where?: Expression;
      clearUnoffered?: boolean;
    } & RuleBase)
  | ({
      kind: 'clamp';
      path: string;
      min?: Expression;
      max?: Expression;
      step?: number;
      decimals?: number;
      emptyBecomes?: Expression;
      on?: 'blur' | 'set';
      when?: Expression;
    } & RuleBase)
  | ({ kind: 'normalize'; path: string; steps: NormalizeStep[] } & RuleBase)
  | ({
      kind: 'required';
      path?: string;
      paths?: string[];
      when?: Expression;
      label?: string;
      message?: string;
    } & RuleBase)
  | ({
      kind: 'validate';
      path: string;
      pattern?: string;
      flags?: string;
      test?: Expression;
      when?: Expression;
      message: string;
      checkEmpty?: boolean;
      listAsMissing?: boolean;
    } & RuleBase)
  | ({ kind: 'compute'; name: string; value: Expression; path?: string } & RuleBase);

/** Input normalisation steps applied by `set`, in order. */
export type NormalizeStep =
  | 'upper'
  | 'lower'
  | 'trim'
  | 'stripSpaces'
  | 'postalCode'
  | { keep: string }
  | { maxLength: number }
  | { replace: string; with: string; flags?: string };

/** A definition whose schema and expressions are checked and compiled; reusable by any number of sessions. */
export interface CompiledDefinition {
  readonly form: string;
  readonly bundle: DefinitionBundle;
  /** Evaluator in use: 'compiled' (json-logic-engine build) or 'interpreted' (run). */
  readonly evaluator: EvaluatorMode;
  /** Every rule id, for coverage. */
  readonly ruleIds: readonly string[];
  /** Label for a concrete path (`wallLengthsFeet.0` -> 'Wall Length Feet 1'). */
  labelOf(path: string): string;
  /** An answer as the form names it: an enum value's schema title ('1' -> '1 Wall'), else the value as text. */
  valueLabelOf(path: string, value: unknown): string;
  /** Whether the path (0-based indexes) exists in the form's schema. */
  hasPath(path: string): boolean;
  /** How the server stores a submission of this form (rules.json `submit`, defaults filled in). */
  readonly submit: SubmitSettings;
  /** @internal compiled rule tables used by sessions. */
  readonly internal: unknown;
}

/** How expressions are evaluated. */
export type EvaluatorMode = 'compiled' | 'interpreted';

/** Everything the page shows, derived once per edit. */
export interface FormState {
  /** Current form data (immutable: a new object after each edit that changed it). */
  data: Record<string, unknown>;
  /** Concrete paths hidden now (children of a hidden path are hidden too); the same array while unchanged. */
  hidden: string[];
  /** Concrete paths disabled now; the same array while unchanged. */
  disabled: string[];
  /** Choices offered now, by concrete path, for every field with a list; each list (and the map) the same object while unchanged. */
  options: Record<string, Option[]>;
  /** Fields to fill before submitting, in rule order, with labels. */
  missing: MissingField[];
  /** Message per path ('Email is required', 'Invalid email', ...). */
  errors: Record<string, string>;
  /** Values of `compute` rules by name. */
  computed: Record<string, unknown>;
  /** The body that would be posted (built when first read; the same object while unchanged). */
  payload: Record<string, unknown>;
  /** Toasts produced by the last edit. */
  notices: Notice[];
  /** Price per the definition's `price` (number, text such as 'No Price Available', or null). */
  price: number | string | null;
  /** The isOrdered flag the submit call would carry. */
  isOrdered: boolean;
  /** Nothing missing and no message. */
  isSubmittable: boolean;
  /**
   * Set when the last edit's pass went over the rule budget (budget.ts) and stopped: the rule, the field its message
   * stands at (in `errors` too) and the budget. The other parts are the last full pass's; nothing can be submitted.
   */
  overBudget?: { ruleId: string; path: string; limit: number };
}

/** A running form: apply edits, read the derived state. */
export interface FormSession {
  readonly definition: CompiledDefinition;
  /** The state after the last edit. */
  readonly state: FormState;
  /** A user edit of one field: normalise, store, fire change rules, re-derive. Returns the new state. */
  set(path: string, value: unknown): FormState;
  /** The user leaves a field: clamps, rounding to step, empty defaults (and change rules if that changed it). */
  blur(path: string): FormState;
  /**
   * Load saved data (a draft) as is: no normalisation, no change rules; then derive. The session keeps the objects
   * given and never changes them; the caller must not change them afterwards either (results are reused by identity).
   */
  load(data: Record<string, unknown>): FormState;
  /** Replace the context (e.g. live prices arrived; a new object, not the old one changed) and re-derive. */
  setContext(context: FormContext): FormState;
  /** Ids of rules that have fired in this session (for coverage). */
  firedRuleIds(): ReadonlySet<string>;
}

/** Options of createSession. */
export interface SessionOptions {
  context?: FormContext;
  /** Initial data, loaded like a draft. */
  start?: Record<string, unknown>;
  /**
   * Derive every edit from nothing remembered: no expression result, option list or rule's record reused. Slower; the
   * reference the incremental derivation is tested against (the same state after every edit).
   */
  recomputeAll?: boolean;
}

/** Result of re-checking a posted body on the server. */
export interface SubmissionCheck {
  ok: boolean;
  missing: MissingField[];
  errors: Record<string, string>;
  /** Body as the engine would post it (hidden and unknown fields left out, computed values recomputed). */
  payload: Record<string, unknown>;
  /** Schema violations of the body itself (wrong type, unknown field, too long), path -> reason. */
  schemaErrors: Record<string, string>;
}

/** One finding of a static check. */
export interface Problem {
  /** File the problem is in (e.g. 'definitions/engineering/rules.json'). */
  file: string;
  /** JSON pointer-ish path inside the file (`/rules/3/when`). */
  path: string;
  reason: string;
  /** Which check found it. */
  check:
    | 'schema'
    | 'unknown-path'
    | 'never-fires'
    | 'cycle'
    | 'visibility-cycle'
    | 'always-hidden'
    | 'expression'
    | 'condition'
    | 'budget';
  severity: 'error' | 'warning';
}
