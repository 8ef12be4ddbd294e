/** Staff order moves (token role `staff`): GET/POST /api/staff/orders... (the same service as `npm run orders`). */
import { Type, type Static } from '@sinclair/typebox';
import { NullableString, OpenObject, StringEnum } from './schema-helpers';

/** An order's states, in lifecycle order (also the database's enum). */
export const orderStatuses = ['initial', 'unprocessed', 'processed', 'confirmed', 'shipped'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
const OrderStatusSchema = StringEnum(orderStatuses);

/** How the order desk's grid can be sorted (GET /api/staff/orders?sort=&dir=). */
export const staffOrderSortKeys = [
  'createdAt',
  'fileName',
  'jobName',
  'dealerName',
  'formId',
  'status',
  'emailedOn',
] as const;
export type StaffOrderSortKey = (typeof staffOrderSortKeys)[number];

/**
 * GET /api/staff/orders: one page of every dealer's orders. The filters combine (AND); `q` matches file name or job
 * name (case-insensitive, anywhere); `from`/`to` bound the day an order was sent (yyyy-mm-dd, inclusive).
 */
export const StaffOrdersQuery = Type.Object({
  status: Type.Optional(OrderStatusSchema),
  /** PostgreSQL integer range. */
  dealerId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  /** The product: a definition's form id (sunroom, pergola, ...). */
  formId: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
  from: Type.Optional(Type.String({ format: 'date' })),
  to: Type.Optional(Type.String({ format: 'date' })),
  q: Type.Optional(Type.String({ maxLength: 100 })),
  sort: Type.Optional(StringEnum(staffOrderSortKeys)),
  dir: Type.Optional(StringEnum(['asc', 'desc'] as const)),
  offset: Type.Integer({ minimum: 0, maximum: 10_000_000, default: 0 }),
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
});
export type StaffOrdersQuery = Static<typeof StaffOrdersQuery>;

export const StaffOrderParams = Type.Object({ fileName: Type.String() });
/** GET /api/staff/orders/{fileName}/files/{name}: one of the order's files (a name the details list). */
export const StaffOrderFileParams = Type.Object({ fileName: Type.String(), name: Type.String() });

/** Where a shipped order went. */
export const ShipTo = Type.Object({
  streetAddress: Type.String({ maxLength: 120 }),
  cityStateZip: Type.String({ maxLength: 120 }),
});
export type ShipTo = Static<typeof ShipTo>;

/** POST .../transition: the state to move to and the facts that move needs (unknown fields are refused by the route). */
export const TransitionBody = Type.Object({
  to: OrderStatusSchema,
  detailer: Type.Optional(Type.String({ maxLength: 120 })),
  emailedOn: Type.Optional(Type.String({ maxLength: 10 })),
  confirmation: Type.Optional(Type.String({ maxLength: 10 })),
  schedDate: Type.Optional(Type.String({ maxLength: 10 })),
  dateShipped: Type.Optional(Type.String({ maxLength: 10 })),
  shipTo: Type.Optional(ShipTo),
  /** Why, for the timeline (any move). */
  note: Type.Optional(Type.String({ maxLength: 500 })),
  /** The state the mover saw: if a colleague moved the order since, the move is refused with 409 and names that move. */
  from: Type.Optional(OrderStatusSchema),
});
export type TransitionBody = Static<typeof TransitionBody>;

/** POST .../emailed: when the bill of materials was e-mailed (default today); the body may be absent. */
export const EmailedBody = Type.Unsafe<{ emailedOn?: string } | null | undefined>({
  type: ['object', 'null'],
  properties: { emailedOn: { type: 'string', maxLength: 10 } },
  additionalProperties: false,
});

/** One move of an order. */
export const OrderEvent = Type.Object({
  from: OrderStatusSchema,
  to: OrderStatusSchema,
  actor: Type.String(),
  at: Type.String(),
  details: OpenObject(),
});
export type OrderEvent = Static<typeof OrderEvent>;

/** The latest drawing job of an order: a 'failed' one is why the dealer's page says the drawings could not be made. */
export const DrawingJobState = Type.Object({
  status: Type.String(),
  attempts: Type.Integer(),
  maxAttempts: Type.Integer(),
  /** The last failure's message; null once the job is done. */
  lastError: NullableString(),
  updatedAt: Type.String(),
});

/** An order's lifecycle facts: what every staff answer says about it. */
const orderFacts = {
  fileName: Type.String(),
  dealerId: Type.Integer(),
  formId: Type.String(),
  status: OrderStatusSchema,
  createdAt: Type.String(),
  folderName: NullableString(),
  jobName: NullableString(),
  detailer: NullableString(),
  emailedOn: NullableString(),
  confirmation: NullableString(),
  schedDate: NullableString(),
  dateShipped: NullableString(),
};

/** An order as staff see it after a move or in GET .../:fileName: its lifecycle facts and every move so far. */
export const StaffOrder = Type.Object(
  {
    ...orderFacts,
    shipTo: Type.Union([ShipTo, Type.Null()]),
    events: Type.Array(OrderEvent),
    drawings: Type.Optional(Type.Union([DrawingJobState, Type.Null()])),
  },
  { title: 'StaffOrder' },
);
export type StaffOrder = Static<typeof StaffOrder>;

/** A row of GET /api/staff/orders: the facts and the dealer's name. */
export const StaffOrderRow = Type.Object({ ...orderFacts, dealerName: Type.String() });
export type StaffOrderRow = Static<typeof StaffOrderRow>;
/** A page of the grid: its rows, how many match the filters, and per state how many match the other filters. */
export const StaffOrdersAnswer = Type.Object({
  orders: Type.Array(StaffOrderRow),
  total: Type.Integer(),
  counts: Type.Record(Type.String(), Type.Integer(), { description: 'per status, ignoring the status filter' }),
});
export type StaffOrdersAnswer = Static<typeof StaffOrdersAnswer>;

/** GET /api/staff/order-filters: what the desk's filters offer. */
export const StaffOrderFilters = Type.Object({
  dealers: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  products: Type.Array(Type.Object({ formId: Type.String(), title: Type.String() })),
});
export type StaffOrderFilters = Static<typeof StaffOrderFilters>;

/**
 * POST /api/staff/orders/transitions: one move for many orders, each judged on its own (a refused row leaves the
 * others moving). The facts are those of TransitionBody and apply to every row.
 */
export const BulkTransitionBody = Type.Object({
  fileNames: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { minItems: 1, maxItems: 500 }),
  move: TransitionBody,
});
export type BulkTransitionBody = Static<typeof BulkTransitionBody>;
export const BulkTransitionAnswer = Type.Object({
  results: Type.Array(
    Type.Object({
      fileName: Type.String(),
      outcome: StringEnum(['moved', 'refused', 'not-found', 'invalid'] as const),
      /** Why a row did not move, in words for staff. */
      message: Type.Optional(Type.String()),
      status: Type.Optional(OrderStatusSchema),
    }),
  ),
});
export type BulkTransitionAnswer = Static<typeof BulkTransitionAnswer>;

/** PUT /api/staff/orders/{fileName}/detailer: who details the order (recorded as an event; the state stays). */
export const DetailerBody = Type.Object({
  detailer: Type.String({ minLength: 1, maxLength: 120 }),
  note: Type.Optional(Type.String({ maxLength: 500 })),
});

/** POST /api/staff/orders/{fileName}/email: e-mail the dealer the order's PDFs (the recipients default to the order's e-mail). */
export const EmailOrderBody = Type.Object({
  to: Type.Optional(Type.String({ maxLength: 500 })),
  subject: Type.Optional(Type.String({ maxLength: 200 })),
  message: Type.Optional(Type.String({ maxLength: 5000 })),
});
export type EmailOrderBody = Static<typeof EmailOrderBody>;

/** A message as sent: in the embedded default it is written to the outbox folder, in production through SMTP. */
export const SentEmail = Type.Object({
  id: Type.String(),
  transport: StringEnum(['outbox', 'smtp'] as const),
  to: Type.Array(Type.String()),
  subject: Type.String(),
  text: Type.String(),
  attachments: Type.Array(Type.Object({ filename: Type.String(), bytes: Type.Integer() })),
  sentAt: Type.String(),
});
export type SentEmail = Static<typeof SentEmail>;
export const EmailOrderAnswer = Type.Object({ order: StaffOrder, email: SentEmail });
export type EmailOrderAnswer = Static<typeof EmailOrderAnswer>;

/** GET /api/staff/orders/{fileName}/details: the posted data as the dealer confirmed it, and its files. */
export const StaffOrderDetails = Type.Object({
  dealerName: Type.String(),
  formTitle: Type.String(),
  /** The same labelled lines as the dealer's summary and the PDF (value '' for a section heading). */
  lines: Type.Array(Type.Object({ label: Type.String(), value: Type.String(), depth: Type.Integer() })),
  /** PDFs and drawings, each with the staff URL that serves it. */
  files: Type.Array(
    Type.Object({ name: Type.String(), kind: StringEnum(['pdf', 'drawing', 'text'] as const), url: Type.String() }),
  ),
  /** Messages sent about this order, newest first. */
  emails: Type.Array(SentEmail),
  /** Where an e-mail goes when staff name no one: the addresses the order was posted with (empty when none is valid). */
  orderRecipients: Type.Array(Type.String()),
});
export type StaffOrderDetails = Static<typeof StaffOrderDetails>;
