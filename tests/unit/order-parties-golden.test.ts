/**
 * Issue 16: who an order is for, who sent it, its job name and where it ships moved from TypeScript (the form ids and
 * field names of lifecycle-rules.ts and orders.ts) to each definition's `parties`. For the golden orders of every form,
 * the declared parties give exactly what the code gave before (kept below as `before`): the initialOrders columns, the
 * unprocessed list's names, the job name, the documents' customer and sender, the ship-to of a shipped order.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { collectFiles, replayOrder, type GoldenOrder } from '../../scripts/lib/golden-orders';
import { loadAllDefinitions } from '../../src/server/definitions/index';
import {
  customerNameOf,
  deriveJobName,
  deriveShipTo,
  readCustomer,
} from '../../src/server/services/order-lifecycle/lifecycle-rules';
import { toInitialOrder } from '../../src/server/services/orders';

const { definitions } = loadAllDefinitions('definitions');

/** The code as it was before the move (lifecycle-rules.ts and orders.ts at the merge of issue 16's lint zones). */
const before = {
  text(value: unknown): string {
    return typeof value === 'string' ? value.trim() : '';
  },
  raw(value: unknown): string {
    return typeof value === 'string' ? value : '';
  },
  initialOrder(formId: string, data: unknown) {
    const d = (data ?? {}) as Record<string, unknown>;
    const personalInfo = (d.personalInfo ?? {}) as Record<string, unknown>;
    const isEngineering = formId === 'engineering';
    return {
      lastName: isEngineering
        ? before.raw(d.userFileName)
        : before.raw(d.lastName) || before.raw(personalInfo.lastName),
      firstName: isEngineering ? '' : before.raw(d.firstName) || before.raw(personalInfo.firstName),
      sentBy: before.raw(personalInfo.sender),
    };
  },
  customer(formId: string, data: unknown) {
    const d = (data ?? {}) as Record<string, unknown>;
    const info = (d.personalInfo ?? {}) as Record<string, unknown>;
    const customer = (d.customer ?? {}) as Record<string, unknown>;
    if (formId === 'engineering')
      return { lastName: before.text(d.userFileName), firstName: '', sentBy: before.text(info.sender) };
    return {
      lastName: before.text(info.lastName) || before.text(d.lastName) || before.text(customer.lastName),
      firstName: before.text(info.firstName) || before.text(d.firstName) || before.text(customer.firstName),
      sentBy: before.text(info.sender) || before.text(d.sentBy),
    };
  },
  jobName(formId: string, data: unknown, fileName: string): string {
    const d = (data ?? {}) as Record<string, unknown>;
    const explicit = before.text(d.jobName);
    if (explicit) return explicit;
    if (formId === 'engineering' && before.text(d.userFileName)) return before.text(d.userFileName).toUpperCase();
    const { lastName, firstName } = before.customer(formId, data);
    if (lastName) return (firstName ? `${lastName}, ${firstName}` : lastName).toUpperCase();
    return fileName;
  },
  documentCustomer(formId: string, data: unknown): string {
    const { firstName, lastName } = before.customer(formId, data);
    return formId === 'engineering' ? '' : [firstName, lastName].filter(Boolean).join(' ');
  },
  shipTo(data: unknown) {
    const d = (data ?? {}) as Record<string, unknown>;
    const sources = [d.jobSite, d.shipTo, d.personalInfo, d.customer, d].map(
      (s) => (s ?? {}) as Record<string, unknown>,
    );
    for (const s of sources) {
      const street = before.text(s.streetAddress) || before.text(s.address);
      const city = before.text(s.city);
      const state = before.text(s.stateProvince) || before.text(s.state);
      const zip = before.text(s.zip) || before.text(s.postalCode);
      if (street && (city || zip)) {
        return {
          streetAddress: street,
          cityStateZip: `${city}${city && (state || zip) ? ', ' : ''}${[state, zip].filter(Boolean).join(' ')}`,
        };
      }
    }
    return undefined;
  },
};

/** Each golden order's payload (the body as posted and stored), plus the same with padded names (trimming matters). */
function payloadsOf(form: string): { name: string; data: Record<string, unknown> }[] {
  const served = definitions.get(form)!;
  return collectFiles([`tests/golden/${form}`]).files.flatMap((file) => {
    const order = JSON.parse(readFileSync(file, 'utf8')) as GoldenOrder;
    const data = JSON.parse(JSON.stringify(replayOrder(order, served.compiled).state.payload)) as Record<
      string,
      unknown
    >;
    const padded = JSON.parse(JSON.stringify(data), (_key, value: unknown) =>
      typeof value === 'string' && value !== '' ? ` ${value} ` : value,
    ) as Record<string, unknown>;
    const name = file.split('/').pop()!;
    return [
      { name, data },
      { name: `${name} (padded)`, data: padded },
    ];
  });
}

const forms = [...definitions.keys()].sort();

describe.each(forms)('%s: the declared parties read the golden orders as the code did', (form) => {
  const definition = definitions.get(form)!.compiled;
  const payloads = payloadsOf(form);
  const fileName = `${form.slice(0, 3).toUpperCase()}-1001-20260101-120000-ABCD`;

  it('has golden orders naming someone', () => {
    expect(payloads.length).toBeGreaterThan(0);
    expect(payloads.some(({ data }) => before.customer(form, data).lastName !== '')).toBe(true);
    expect(payloads.some(({ data }) => before.jobName(form, data, fileName) !== fileName)).toBe(true);
    if (definition.bundle.rules.parties?.shipTo)
      expect(payloads.some(({ data }) => before.shipTo(data) !== undefined)).toBe(true);
  });

  it.each(payloads.map(({ name, data }) => [name, data] as const))('%s', (_name, data) => {
    const initial = toInitialOrder(
      { fileName, formId: form, data, createdAt: new Date(0), isOrdered: true },
      definition,
    );
    expect({ lastName: initial.lastName, firstName: initial.firstName, sentBy: initial.sentBy }).toEqual(
      before.initialOrder(form, data),
    );
    expect(readCustomer(definition, data)).toEqual(before.customer(form, data));
    expect(deriveJobName(definition, data, fileName)).toBe(before.jobName(form, data, fileName));
    expect(customerNameOf(definition, data)).toBe(before.documentCustomer(form, data));
    expect(deriveShipTo(definition, data)).toEqual(before.shipTo(data));
  });
});

describe('an order whose form is no longer served', () => {
  it('lists under its file name with empty names and no ship-to', () => {
    const data = { personalInfo: { lastName: 'Lee', firstName: 'Kim', sender: 'Sam', address: '1 Main St', zip: '1' } };
    const initial = toInitialOrder(
      { fileName: 'OLD-1', formId: 'gazebo', data, createdAt: new Date(0), isOrdered: false },
      undefined,
    );
    expect(initial).toMatchObject({ lastName: '', firstName: '', sentBy: '', fileName: 'OLD-1' });
    expect(deriveJobName(undefined, data, 'OLD-1')).toBe('OLD-1');
    expect(deriveShipTo(undefined, data)).toBeUndefined();
  });
});

describe('the forms declare', () => {
  it('a ship-to address wherever the order names one', () => {
    for (const form of forms) {
      const named = payloadsOf(form).some(({ data }) => before.shipTo(data) !== undefined);
      expect(!!definitions.get(form)!.compiled.bundle.rules.parties?.shipTo || !named, form).toBe(true);
    }
  });
});
