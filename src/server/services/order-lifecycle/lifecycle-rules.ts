/** Which moves an order may make, and what each move needs; pure, shared by the staff API and the admin command. */
import type { ShipTo as ContractShipTo } from '../../../contracts/staff';
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

function textAt(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The job name the manufacturer files an order under: the order's own `jobName` when it has one, the engineering
 * request's file name, else the customer's "LAST, FIRST", else the file name.
 */
export function deriveJobName(formId: string, data: unknown, fileName: string): string {
  const d = (data ?? {}) as Record<string, unknown>;
  const explicit = textAt(d.jobName);
  if (explicit) return explicit;
  if (formId === 'engineering' && textAt(d.userFileName)) return textAt(d.userFileName).toUpperCase();
  const { lastName, firstName } = readCustomer(formId, data);
  if (lastName) return (firstName ? `${lastName}, ${firstName}` : lastName).toUpperCase();
  return fileName;
}

export interface CustomerNames {
  lastName: string;
  firstName: string;
  sentBy: string;
}

/**
 * Who the order is for and who sent it. Engineering requests name no customer: lastName is the request's file
 * name (as initialOrders shows it). Configurators keep the home owner in personalInfo (definitions/shared/personal-info).
 */
export function readCustomer(formId: string, data: unknown): CustomerNames {
  const d = (data ?? {}) as Record<string, unknown>;
  const info = (d.personalInfo ?? {}) as Record<string, unknown>;
  const customer = (d.customer ?? {}) as Record<string, unknown>;
  if (formId === 'engineering') return { lastName: textAt(d.userFileName), firstName: '', sentBy: textAt(info.sender) };
  return {
    lastName: textAt(info.lastName) || textAt(d.lastName) || textAt(customer.lastName),
    firstName: textAt(info.firstName) || textAt(d.firstName) || textAt(customer.firstName),
    sentBy: textAt(info.sender) || textAt(d.sentBy),
  };
}

/** Where a shipped order went (the staff API's contract). */
export type ShipTo = ContractShipTo;

/** The ship-to address the order itself gives (the sender's or the job site's), when it gives one. */
export function deriveShipTo(data: unknown): ShipTo | undefined {
  const d = (data ?? {}) as Record<string, unknown>;
  const sources = [d.jobSite, d.shipTo, d.personalInfo, d.customer, d].map((s) => (s ?? {}) as Record<string, unknown>);
  for (const s of sources) {
    const street = textAt(s.streetAddress) || textAt(s.address);
    const city = textAt(s.city);
    const state = textAt(s.stateProvince) || textAt(s.state);
    const zip = textAt(s.zip) || textAt(s.postalCode);
    if (street && (city || zip)) {
      return {
        streetAddress: street,
        cityStateZip: `${city}${city && (state || zip) ? ', ' : ''}${[state, zip].filter(Boolean).join(' ')}`,
      };
    }
  }
  return undefined;
}
