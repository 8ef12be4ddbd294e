/** Staff order moves (token role `staff`): GET/POST /api/staff/orders... (the same service as `npm run orders`). */
import { Type, type Static } from '@sinclair/typebox';
import { NullableString, OpenObject, StringEnum } from './schema-helpers';

/** An order's states, in lifecycle order (also the database's enum). */
export const orderStatuses = ['initial', 'unprocessed', 'processed', 'confirmed', 'shipped'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
const OrderStatusSchema = StringEnum(orderStatuses);

export const StaffOrdersQuery = Type.Object({
  status: Type.Optional(OrderStatusSchema),
  /** PostgreSQL integer range. */
  dealerId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
});
export type StaffOrdersQuery = Static<typeof StaffOrdersQuery>;

export const StaffOrderParams = Type.Object({ fileName: Type.String() });

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
export const StaffOrdersAnswer = Type.Object({ orders: Type.Array(StaffOrderRow) });
export type StaffOrdersAnswer = Static<typeof StaffOrdersAnswer>;
