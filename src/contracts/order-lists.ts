/** Order Tracking lists (spec 1 §3/§7) of the caller's dealer and its shipped history. Dates are yyyy-mm-dd. */
import { Type, type Static } from '@sinclair/typebox';
import { Dictionary, NullableString } from './schema-helpers';

/** GET /api/SQLThings/ConfirmedData rows. */
export const ConfirmedOrder = Type.Object({
  folder: Type.String(),
  jobName: Type.String(),
  fileName: Type.String(),
  confirmation: NullableString(),
  /** Production date. */
  schedDate: NullableString(),
});
export type ConfirmedOrder = Static<typeof ConfirmedOrder>;
export const ConfirmedOrdersAnswer = Type.Object({ confirmedData: Type.Array(ConfirmedOrder) });
export type ConfirmedOrdersAnswer = Static<typeof ConfirmedOrdersAnswer>;

/** GET /api/SQLThings/ProcessedData rows. */
export const ProcessedOrder = Type.Object({
  folderName: Type.String(),
  fileName: Type.String(),
  jobName: Type.String(),
  /** UTC day the order was sent. */
  dateCreated: Type.String(),
  /** Null until the bill of materials was e-mailed. */
  emailedOn: NullableString(),
  detailer: NullableString(),
});
export type ProcessedOrder = Static<typeof ProcessedOrder>;
export const ProcessedOrdersAnswer = Type.Object({ processedData: Type.Array(ProcessedOrder) });
export type ProcessedOrdersAnswer = Static<typeof ProcessedOrdersAnswer>;

/** GET /api/TxtThings/unprocessedFiles values. */
export const UnprocessedOrder = Type.Object({
  folderName: Type.String(),
  lastName: Type.String(),
  firstName: Type.String(),
  sentBy: Type.String(),
  /** UTC day the order was sent. */
  date: Type.String(),
  fileName: Type.String(),
});
export type UnprocessedOrder = Static<typeof UnprocessedOrder>;
/** Keyed by file name. */
export const UnprocessedOrdersAnswer = Dictionary(UnprocessedOrder);
export type UnprocessedOrdersAnswer = Static<typeof UnprocessedOrdersAnswer>;

/** GET /api/TxtThings/initialOrders values: orders sent and not yet queued, and previews never sent (engineering: lastName is the job name). */
export const InitialOrder = Type.Object({
  lastName: Type.String(),
  firstName: Type.String(),
  sentBy: Type.String(),
  /** UTC yyyymmddHHMMSS of the submission. */
  dateTimeSent: Type.String(),
  fileName: Type.String(),
  /**
   * True for a preview: drawings a dealer looked at (isOrdered=false) and never sent as an order. The page keeps
   * previews apart from the orders sent (issue 15); false for what was sent (engineering requests).
   */
  isPreview: Type.Boolean(),
});
export type InitialOrder = Static<typeof InitialOrder>;
/** Keyed by file name. */
export const InitialOrdersAnswer = Dictionary(InitialOrder);
export type InitialOrdersAnswer = Static<typeof InitialOrdersAnswer>;

/** Largest page of GET /api/SQLThings/OrderHistoryData. */
export const maxHistoryPageSize = 1000;
export const OrderHistoryQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: maxHistoryPageSize, default: maxHistoryPageSize }),
  },
  { additionalProperties: false },
);
export type OrderHistoryQuery = Static<typeof OrderHistoryQuery>;

/** A shipped order as recorded. */
export const OrderHistoryRow = Type.Object({
  folder: Type.String(),
  fileName: Type.String(),
  jobName: Type.String(),
  /** As recorded: yyyy-mm-dd, m/d/yy or other text; null when none. */
  dateShipped: NullableString(),
  /** Text or an object as recorded (spec 1 §3); empty, null, {} or "." are for the page to ignore. */
  streetAddress: Type.Unknown(),
  cityStateZip: Type.Unknown(),
});
export type OrderHistoryRow = Static<typeof OrderHistoryRow>;
export const OrderHistoryAnswer = Type.Object({ orderHistoryData: Type.Array(OrderHistoryRow) });
export type OrderHistoryAnswer = Static<typeof OrderHistoryAnswer>;
