/**
 * The order lifecycle as the desk shows it: state names in staff words, the one move each state allows, the facts
 * that move asks for, and what a move changes in a sentence. The server judges every move again (409 / 400).
 */
import type { OrderStatus, StaffOrderRow, TransitionBody } from '../../../contracts/staff';

export type { OrderStatus };

/** initial -> unprocessed -> processed -> confirmed -> shipped (the contract's order; a value import would bundle TypeBox). */
export const lifecycle = [
  'initial',
  'unprocessed',
  'processed',
  'confirmed',
  'shipped',
] as const satisfies readonly OrderStatus[];

export const statusLabels: Record<OrderStatus, string> = {
  initial: 'Initial',
  unprocessed: 'Unprocessed',
  processed: 'Processed',
  confirmed: 'Confirmed',
  shipped: 'Shipped',
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (lifecycle as readonly string[]).includes(value);
}

/** The one state an order may move to next, or undefined for a shipped order. */
export function nextStatusOf(status: OrderStatus): OrderStatus | undefined {
  return lifecycle[lifecycle.indexOf(status) + 1];
}

/** The state a move to `to` starts from (undefined for initial, which no move reaches). */
export function previousStatusOf(to: OrderStatus): OrderStatus | undefined {
  const index = lifecycle.indexOf(to);
  return index > 0 ? lifecycle[index - 1] : undefined;
}

/** The facts the move form collects, as typed (dates yyyy-mm-dd from date inputs; empty = not given). */
export interface MoveFacts {
  detailer: string;
  emailedOn: string;
  schedDate: string;
  confirmation: string;
  dateShipped: string;
  streetAddress: string;
  cityStateZip: string;
  note: string;
}

export type MoveFactName = keyof MoveFacts;

export const emptyFacts: MoveFacts = {
  detailer: '',
  emailedOn: '',
  schedDate: '',
  confirmation: '',
  dateShipped: '',
  streetAddress: '',
  cityStateZip: '',
  note: '',
};

export interface MoveField {
  name: MoveFactName;
  label: string;
  kind: 'text' | 'date';
  isRequired: boolean;
  help?: string;
}

/** The fields a move to `to` asks for, besides the note (what the server's lifecycle rules take). */
export const moveFields: Record<OrderStatus, MoveField[]> = {
  initial: [],
  unprocessed: [],
  processed: [
    { name: 'detailer', label: 'Detailer', kind: 'text', isRequired: true },
    { name: 'emailedOn', label: 'E-mailed to the dealer on', kind: 'date', isRequired: false },
  ],
  confirmed: [
    { name: 'schedDate', label: 'Scheduled date', kind: 'date', isRequired: true },
    { name: 'confirmation', label: 'Confirmed on', kind: 'date', isRequired: false, help: 'Empty: today' },
  ],
  shipped: [
    { name: 'dateShipped', label: 'Shipped on', kind: 'date', isRequired: false, help: 'Empty: today' },
    {
      name: 'streetAddress',
      label: 'Ship to: street',
      kind: 'text',
      isRequired: false,
      help: 'Empty: the address on the order',
    },
    { name: 'cityStateZip', label: 'Ship to: city, state, ZIP', kind: 'text', isRequired: false },
  ],
};

/** Why a move offered from `order` cannot go ahead as it stands (shown at the button), or undefined. */
export function moveBlocker(order: Pick<StaffOrderRow, 'status' | 'emailedOn'>, to: OrderStatus): string | undefined {
  const next = nextStatusOf(order.status);
  if (next !== to) {
    return next
      ? `The order is ${statusLabels[order.status]}: it can move only to ${statusLabels[next]}`
      : 'The order is Shipped: it moves no further';
  }
  // The dealer confirms by signing the bill of materials e-mailed to them (the server refuses otherwise).
  if (to === 'confirmed' && !order.emailedOn?.trim()) {
    return 'The order has not been e-mailed to the dealer yet: e-mail it first';
  }
  return undefined;
}

const trimmed = (value: string) => value.trim();

/** Problems the form can tell before sending (the server checks again), by field. */
export function checkFacts(to: OrderStatus, facts: MoveFacts): Partial<Record<MoveFactName, string>> {
  const problems: Partial<Record<MoveFactName, string>> = {};
  for (const field of moveFields[to]) {
    if (field.isRequired && !trimmed(facts[field.name])) problems[field.name] = `${field.label} is required`;
  }
  if (to === 'shipped' && Boolean(trimmed(facts.streetAddress)) !== Boolean(trimmed(facts.cityStateZip))) {
    const missing = trimmed(facts.streetAddress) ? 'cityStateZip' : 'streetAddress';
    problems[missing] = 'Give both lines of the address, or neither to use the address on the order';
  }
  return problems;
}

/** The body of POST .../transition for a move to `to` with the form's facts (only what that move takes). */
export function toTransitionBody(to: OrderStatus, facts: MoveFacts, from?: OrderStatus): TransitionBody {
  const body: TransitionBody = { to };
  const given = (name: MoveFactName) => trimmed(facts[name]) || undefined;
  if (to === 'processed') {
    body.detailer = given('detailer');
    body.emailedOn = given('emailedOn');
  }
  if (to === 'confirmed') {
    body.schedDate = given('schedDate');
    body.confirmation = given('confirmation');
  }
  if (to === 'shipped') {
    body.dateShipped = given('dateShipped');
    const streetAddress = given('streetAddress');
    const cityStateZip = given('cityStateZip');
    if (streetAddress && cityStateZip) body.shipTo = { streetAddress, cityStateZip };
  }
  const note = given('note');
  if (note) body.note = note;
  if (from) body.from = from;
  for (const key of Object.keys(body) as (keyof TransitionBody)[]) if (body[key] === undefined) delete body[key];
  return body;
}

/** What a move changes, one phrase each: the state first, then each fact it records. */
export function describeMove(from: OrderStatus, to: OrderStatus, facts: MoveFacts): string[] {
  const changes = [`State: ${statusLabels[from]} → ${statusLabels[to]}`];
  const given = (name: MoveFactName) => trimmed(facts[name]);
  if (to === 'processed') {
    changes.push(given('detailer') ? `Detailer: ${given('detailer')}` : 'Detailer: (required)');
    if (given('emailedOn')) changes.push(`E-mailed on: ${given('emailedOn')}`);
  }
  if (to === 'confirmed') {
    changes.push(given('schedDate') ? `Scheduled: ${given('schedDate')}` : 'Scheduled: (required)');
    changes.push(`Confirmed on: ${given('confirmation') || 'today'}`);
  }
  if (to === 'shipped') {
    changes.push(`Shipped on: ${given('dateShipped') || 'today'}`);
    const address = [given('streetAddress'), given('cityStateZip')].filter(Boolean).join(', ');
    changes.push(`Ship to: ${address || 'the address on the order'}`);
  }
  if (given('note')) changes.push(`Note: ${given('note')}`);
  return changes;
}

/** The moves a set of rows can make: for each target, which rows it is legal for (by the state the grid shows). */
export function legalRowsFor<Row extends Pick<StaffOrderRow, 'status' | 'emailedOn'>>(
  rows: readonly Row[],
  to: OrderStatus,
): { legal: Row[]; illegal: Row[] } {
  const legal: Row[] = [];
  const illegal: Row[] = [];
  for (const row of rows) (moveBlocker(row, to) ? illegal : legal).push(row);
  return { legal, illegal };
}
