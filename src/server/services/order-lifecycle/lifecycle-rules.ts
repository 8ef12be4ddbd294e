/** Which moves an order may make, and what each move needs; pure, shared by the staff API and the admin command. */
import type { ShipTo as ContractShipTo } from '../../../contracts/staff';
import { getIn, type PartiesSpec } from '../../../engine/index';
import { orderStatuses, type OrderStatus } from '../../db/schema';

/** initial -> unprocessed -> processed -> confirmed -> shipped: one step forward at a time. */
export function nextStatusOf(status: OrderStatus): OrderStatus | undefined {
  const index = orderStatuses.indexOf(status);
  return orderStatuses[index + 1];
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (orderStatuses as readonly string[]).includes(value);
}

/** Why `from -> to` is not allowed, or undefined when it is. */
export function findMoveRefusal(from: OrderStatus, to: OrderStatus): string | undefined {
  if (from === to) return `The order is already ${from}`;
  const next = nextStatusOf(from);
  if (!next) return `The order is ${from}; a shipped order moves no further`;
  const direction = orderStatuses.indexOf(to) < orderStatuses.indexOf(from) ? 'back' : 'ahead';
  if (to !== next) return `The order is ${from}; it can move only to ${next} (not ${direction} to ${to})`;
  return undefined;
}

/** True for a real calendar date written yyyy-mm-dd. */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Today as yyyy-mm-dd (UTC). */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Strips leading bracketed single-letter prefixes such as "(C) " (spec 1 §2), as the pages show a job name. */
export function stripJobPrefixes(jobName: string): string {
  return jobName.replace(/^(\s*\([A-Za-z]\)\s*)+/, '').trim();
}

/**
 * The manufacturer's folder for an order: `<yy>-<order id, 5 digits>-<JOB>` (e.g. "25-00042-SMITH"), letters,
 * digits and spaces only, so it is safe as a file parameter.
 */
export function makeFolderName(orderId: number, jobName: string, createdAt: Date): string {
  const yy = String(createdAt.getUTCFullYear()).slice(2);
  const job = stripJobPrefixes(jobName)
    .toUpperCase()
    .replace(/[^A-Z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .split(' ')[0]
    ?.slice(0, 20);
  return `${yy}-${String(orderId).padStart(5, '0')}${job ? `-${job}` : ''}`;
}

/**
 * What an order is read with: its form's compiled definition (any object carrying the rules' `parties` will do), or
 * undefined when the form is no longer served (the order lists under its file name, with empty names).
 */
export interface PartiesDefinition {
  readonly bundle: { readonly rules: { readonly parties?: PartiesSpec } };
}

/**
 * The definition a caller reads each order with: today the published version of the order's form
 * (order-definition.ts), once orders are pinned the version each was sent with. May answer asynchronously.
 */
export type DefinitionForOrder<O> = (
  order: O,
) => PartiesDefinition | undefined | Promise<PartiesDefinition | undefined>;

/** Text at a declared path of the order's data, as typed; '' when the path is not declared or holds no text. */
function textAt(data: unknown, path: string | undefined): string {
  const value = path ? getIn(data, path) : undefined;
  return typeof value === 'string' ? value : '';
}

export interface CustomerNames {
  lastName: string;
  firstName: string;
  sentBy: string;
}

/**
 * Who the order is for and who sent it, as typed (initialOrders lists them so), by the definition's `parties`: the
 * customer's family and given names, or, for a form that names no customer (engineering), its job-name field's text
 * as lastName and no firstName; the sender. All empty without a definition.
 */
export function readPartyNames(definition: PartiesDefinition | undefined, data: unknown): CustomerNames {
  const parties = definition?.bundle.rules.parties;
  const customer = parties?.customer;
  return {
    lastName: customer ? textAt(data, customer.familyName) : textAt(data, parties?.jobName?.path),
    firstName: customer ? textAt(data, customer.givenName) : '',
    sentBy: textAt(data, parties?.sentBy),
  };
}

/** readPartyNames, trimmed: the unprocessed list and the order's documents. */
export function readCustomer(definition: PartiesDefinition | undefined, data: unknown): CustomerNames {
  const { lastName, firstName, sentBy } = readPartyNames(definition, data);
  return { lastName: lastName.trim(), firstName: firstName.trim(), sentBy: sentBy.trim() };
}

/** The customer as the order's documents name them ("GIVEN FAMILY"); empty when the form names no customer. */
export function customerNameOf(definition: PartiesDefinition | undefined, data: unknown): string {
  if (!definition?.bundle.rules.parties?.customer) return '';
  const { lastName, firstName } = readCustomer(definition, data);
  return [firstName, lastName].filter(Boolean).join(' ');
}

/**
 * The job name the manufacturer files an order under: the definition's job-name field when filled (upper-cased when
 * it says so), else the customer's "LAST, FIRST" upper-cased, else the file name.
 */
export function deriveJobName(definition: PartiesDefinition | undefined, data: unknown, fileName: string): string {
  const jobName = definition?.bundle.rules.parties?.jobName;
  const named = textAt(data, jobName?.path).trim();
  if (named) return jobName?.upperCase ? named.toUpperCase() : named;
  const { lastName, firstName } = readCustomer(definition, data);
  if (lastName) return (firstName ? `${lastName}, ${firstName}` : lastName).toUpperCase();
  return fileName;
}

/** Where a shipped order went (the staff API's contract). */
export type ShipTo = ContractShipTo;

/** The ship-to address the order itself gives (the definition's `parties.shipTo`), when it gives one. */
export function deriveShipTo(definition: PartiesDefinition | undefined, data: unknown): ShipTo | undefined {
  const shipTo = definition?.bundle.rules.parties?.shipTo;
  if (!shipTo) return undefined;
  const street = textAt(data, shipTo.street).trim();
  const city = textAt(data, shipTo.locality).trim();
  const state = textAt(data, shipTo.region).trim();
  const zip = textAt(data, shipTo.postalCode).trim();
  if (!street || !(city || zip)) return undefined;
  return {
    streetAddress: street,
    cityStateZip: `${city}${city && (state || zip) ? ', ' : ''}${[state, zip].filter(Boolean).join(' ')}`,
  };
}
