/**
 * API contract of definition versions, drafts, publish, rollback, diff and audit (issue 12), as TypeBox schemas:
 * the routes validate and serialise with them, clients and tests take the static types.
 */
import { Type, type Static } from '@sinclair/typebox';

const hash = Type.String({ pattern: '^[0-9a-f]{64}$', description: 'sha256 (hex)' });
const nullableHash = Type.Union([hash, Type.Null()]);
const id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const note = Type.String({ maxLength: 2000 });

/** A tree path: definitions/... (not demo-data) or tests/golden/..., plain names, ending in .json. */
export const TreePath = Type.String({
  pattern: '^(definitions|tests/golden)(/[A-Za-z0-9_][A-Za-z0-9._-]{0,127}){1,8}\\.json$',
  maxLength: 1100,
});

export const IdParams = Type.Object({ id }, { additionalProperties: false });
export type IdParams = Static<typeof IdParams>;

export const PathQuery = Type.Object({ path: TreePath }, { additionalProperties: false });
export type PathQuery = Static<typeof PathQuery>;

/** A folder of the tree: definitions or tests/golden, optionally deeper (`tests/golden/pergola`). */
export const TreeFolder = Type.String({
  pattern: '^(definitions|tests/golden)(/[A-Za-z0-9_][A-Za-z0-9._-]{0,127}){0,7}$',
  maxLength: 1100,
});

export const FolderQuery = Type.Object({ under: TreeFolder }, { additionalProperties: false });
export type FolderQuery = Static<typeof FolderQuery>;

export const NoteBody = Type.Object({ note: Type.Optional(note) }, { additionalProperties: false });
export type NoteBody = Static<typeof NoteBody>;

export const Version = Type.Object({
  id,
  treeHash: hash,
  parentId: Type.Union([id, Type.Null()]),
  author: Type.String(),
  note: Type.String(),
  source: Type.Union([Type.Literal('deployment'), Type.Literal('publish'), Type.Literal('rollback')]),
  fromDraftId: Type.Union([id, Type.Null()]),
  rolledBackTo: Type.Union([id, Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  fileCount: Type.Optional(Type.Integer()),
  isPublished: Type.Boolean(),
  /**
   * This build's checks of the version's content, once run (the published one at load, others in the background after
   * a list asks): a version that fails them (stored before a check was added) cannot be rolled back to.
   */
  checks: Type.Optional(
    Type.Object({
      ok: Type.Boolean(),
      /** The first problems, as the static checks and golden orders name them (at most three). */
      problems: Type.Array(Type.String()),
    }),
  ),
});
export type Version = Static<typeof Version>;

export const VersionList = Type.Object({ published: Type.Union([id, Type.Null()]), versions: Type.Array(Version) });
export type VersionList = Static<typeof VersionList>;

export const VersionWithManifest = Type.Intersect([
  Version,
  Type.Object({ manifest: Type.Record(Type.String(), hash) }),
]);
export type VersionWithManifest = Static<typeof VersionWithManifest>;

export const FileContent = Type.Object({
  path: TreePath,
  hash: nullableHash,
  content: Type.Union([Type.String(), Type.Null()]),
});
export type FileContent = Static<typeof FileContent>;

/** Every file under a folder, in one answer: the workbench needs a form's definitions and all its golden orders. */
export const FolderContents = Type.Object({
  under: TreeFolder,
  files: Type.Array(Type.Object({ path: TreePath, hash, content: Type.String() })),
});
export type FolderContents = Static<typeof FolderContents>;

export const Problem = Type.Object({
  file: Type.String(),
  path: Type.String(),
  reason: Type.String(),
  check: Type.String(),
  severity: Type.String(),
});

export const OrderResult = Type.Object({
  file: Type.String(),
  title: Type.String(),
  status: Type.Union([Type.Literal('pass'), Type.Literal('fail'), Type.Literal('invalid')]),
  details: Type.Array(Type.String()),
});

/** What every draft change answers: check:definitions and check:orders of the draft, computed by the same code. */
export const Checks = Type.Object({
  ok: Type.Boolean({ description: 'no static check error and every golden order passes: the draft may be published' }),
  staticChecks: Type.Object({
    errors: Type.Integer(),
    warnings: Type.Integer(),
    problems: Type.Array(Problem),
    forms: Type.Array(
      Type.Object({ form: Type.String(), rules: Type.Optional(Type.Integer()), problems: Type.Integer() }),
    ),
  }),
  goldenOrders: Type.Object({
    total: Type.Integer(),
    passed: Type.Integer(),
    failed: Type.Integer(),
    invalid: Type.Integer(),
    failures: Type.Array(OrderResult),
  }),
  tookMs: Type.Integer(),
});
export type Checks = Static<typeof Checks>;

export const Draft = Type.Object({
  id,
  baseVersionId: id,
  author: Type.String(),
  note: Type.String(),
  status: Type.Union([Type.Literal('open'), Type.Literal('published'), Type.Literal('discarded')]),
  revision: Type.Integer(),
  publishedVersionId: Type.Union([id, Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  changes: Type.Array(Type.Object({ path: Type.String(), baseHash: nullableHash, hash: nullableHash })),
});
export type Draft = Static<typeof Draft>;

export const DraftWithChecks = Type.Object({ draft: Draft, checks: Checks });
export type DraftWithChecks = Static<typeof DraftWithChecks>;

export const DraftList = Type.Object({ drafts: Type.Array(Draft) });
export type DraftList = Static<typeof DraftList>;

export const DraftListQuery = Type.Object(
  { status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('published'), Type.Literal('discarded')])) },
  { additionalProperties: false },
);

/** PUT a draft's file: the new content and the hash of the file the editor started from (null: a new file). */
export const PutFileBody = Type.Object(
  { path: TreePath, content: Type.String({ maxLength: 2 * 1024 * 1024 }), baseHash: nullableHash },
  { additionalProperties: false },
);
export type PutFileBody = Static<typeof PutFileBody>;

/** DELETE a draft's file: its path and the hash the editor saw. */
export const DeleteFileQuery = Type.Object({ path: TreePath, baseHash: hash }, { additionalProperties: false });
export type DeleteFileQuery = Static<typeof DeleteFileQuery>;

/** 409 on an edit: nothing saved; both versions of the file. */
export const EditConflict = Type.Object({
  statusCode: Type.Literal(409),
  error: Type.String(),
  message: Type.String(),
  conflict: Type.Object({
    path: Type.String(),
    yours: Type.Object({
      baseHash: nullableHash,
      hash: nullableHash,
      content: Type.Union([Type.String(), Type.Null()]),
    }),
    theirs: Type.Object({
      hash: nullableHash,
      content: Type.Union([Type.String(), Type.Null()]),
      revision: Type.Integer(),
    }),
  }),
});
export type EditConflict = Static<typeof EditConflict>;

export const PublishAnswer = Type.Object({ version: Version, checks: Checks });
export type PublishAnswer = Static<typeof PublishAnswer>;

/** 422 on publish or rollback: the checks failed; the failing golden orders named. */
export const PublishRefused = Type.Object({
  statusCode: Type.Literal(422),
  error: Type.String(),
  message: Type.String(),
  failingOrders: Type.Array(Type.String()),
  checks: Checks,
});
export type PublishRefused = Static<typeof PublishRefused>;

export const Failure = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
  paths: Type.Optional(Type.Array(Type.String())),
});

const RuleChange = Type.Object({
  id: Type.String(),
  kind: Type.Optional(Type.String()),
  keys: Type.Array(Type.String()),
});
const GoldenOrderChange = Type.Object({ path: Type.String(), title: Type.String() });

export const FormDiff = Type.Object({
  form: Type.String(),
  status: Type.Union([Type.Literal('added'), Type.Literal('removed'), Type.Literal('changed')]),
  rules: Type.Object({
    added: Type.Array(RuleChange),
    removed: Type.Array(RuleChange),
    changed: Type.Array(RuleChange),
  }),
  labels: Type.Array(
    Type.Object({
      path: Type.String(),
      source: Type.Union([Type.Literal('labels'), Type.Literal('schema'), Type.Literal('ui')]),
      from: Type.Union([Type.String(), Type.Null()]),
      to: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  options: Type.Array(
    Type.Object({ path: Type.String(), added: Type.Array(Type.Unknown()), removed: Type.Array(Type.Unknown()) }),
  ),
  prices: Type.Array(
    Type.Object({
      table: Type.String(),
      row: Type.String(),
      from: Type.Union([Type.Number(), Type.Null()]),
      to: Type.Union([Type.Number(), Type.Null()]),
    }),
  ),
  priceTables: Type.Array(
    Type.Object({
      table: Type.String(),
      change: Type.Union([Type.Literal('added'), Type.Literal('removed'), Type.Literal('settings')]),
    }),
  ),
  goldenOrders: Type.Object({
    added: Type.Array(GoldenOrderChange),
    removed: Type.Array(GoldenOrderChange),
    changed: Type.Array(GoldenOrderChange),
  }),
  other: Type.Array(Type.String()),
});
export type FormDiff = Static<typeof FormDiff>;

export const TreeDiff = Type.Object({
  files: Type.Object({
    added: Type.Array(Type.String()),
    removed: Type.Array(Type.String()),
    changed: Type.Array(Type.String()),
  }),
  forms: Type.Array(FormDiff),
});
export type TreeDiff = Static<typeof TreeDiff>;

export const DiffQuery = Type.Object({ from: id, to: id }, { additionalProperties: false });
export type DiffQuery = Static<typeof DiffQuery>;

export const AuditQuery = Type.Object(
  {
    limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
    draftId: Type.Optional(id),
    versionId: Type.Optional(id),
    action: Type.Optional(Type.String({ pattern: '^[a-z.-]{1,40}$' })),
  },
  { additionalProperties: false },
);
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditEntry = Type.Object({
  id,
  at: Type.String({ format: 'date-time' }),
  actor: Type.String(),
  action: Type.String({
    description:
      'deployment, draft.open, draft.put-file, draft.delete-file, draft.discard, publish, publish.refused, rollback, rollback.refused',
  }),
  versionId: Type.Union([Type.Integer(), Type.Null()]),
  draftId: Type.Union([Type.Integer(), Type.Null()]),
  path: Type.Union([Type.String(), Type.Null()]),
  note: Type.Union([Type.String(), Type.Null()]),
  details: Type.Record(Type.String(), Type.Unknown()),
});
export const AuditList = Type.Object({ entries: Type.Array(AuditEntry) });
export type AuditEntry = Static<typeof AuditEntry>;
export type AuditList = Static<typeof AuditList>;

/** What would change for one stored order under a draft (impact analysis). */
export const OrderImpact = Type.Object({
  fileName: Type.String(),
  /** The price under the published version and under the draft (a number, a text such as "No Price Available", or null). */
  price: Type.Optional(Type.Object({ from: Type.Unknown(), to: Type.Unknown() })),
  /** Required fields the draft finds missing that the published version did not, and its new messages. */
  incomplete: Type.Optional(
    Type.Object({ missing: Type.Array(Type.String()), errors: Type.Record(Type.String(), Type.String()) }),
  ),
  /** Top-level fields of the posted body that would differ. */
  body: Type.Optional(Type.Array(Type.String())),
});
export type OrderImpact = Static<typeof OrderImpact>;

export const FormImpact = Type.Object({
  form: Type.String(),
  orders: Type.Integer(),
  changedPrice: Type.Integer(),
  becameIncomplete: Type.Integer(),
  changedBody: Type.Integer(),
  unknownForm: Type.Integer(),
  changed: Type.Array(OrderImpact),
});
export type FormImpact = Static<typeof FormImpact>;

export const ImpactReport = Type.Object({
  days: Type.Integer(),
  since: Type.String({ format: 'date-time' }),
  orders: Type.Integer(),
  forms: Type.Array(FormImpact),
  tookMs: Type.Integer(),
});
export type ImpactReport = Static<typeof ImpactReport>;

/** An impact analysis run: its progress (`done` of `total` orders replayed) and, once done, its report. */
export const ImpactRun = Type.Object({
  id,
  draftId: id,
  days: Type.Integer(),
  requestedBy: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  done: Type.Integer(),
  total: Type.Integer(),
  report: Type.Union([ImpactReport, Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type ImpactRun = Static<typeof ImpactRun>;

export const ImpactRunAnswer = Type.Object({ run: ImpactRun });
export type ImpactRunAnswer = Static<typeof ImpactRunAnswer>;

export const ImpactBody = Type.Object(
  { days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })) },
  { additionalProperties: false },
);
