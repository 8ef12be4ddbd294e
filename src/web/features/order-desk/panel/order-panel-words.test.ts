import { describe, expect, it } from 'vitest';
import type { StaffOrder } from '../api/order-desk-api';
import { defaultEmail } from './email-dialog';
import { groupLines } from './order-lines';
import { describeEvent } from './order-timeline';

const at = '2026-11-25T10:00:00.000Z';

describe('the order panel in staff words', () => {
  it('says who moved the order, or what an event without a move recorded', () => {
    expect(describeEvent({ from: 'unprocessed', to: 'processed', actor: 'temo.staff', at, details: {} })).toBe(
      'temo.staff moved it Unprocessed → Processed',
    );
    expect(
      describeEvent({ from: 'processed', to: 'processed', actor: 'temo.staff', at, details: { detailer: 'Dana' } }),
    ).toBe('temo.staff assigned the detailer');
    expect(
      describeEvent({
        from: 'processed',
        to: 'processed',
        actor: 'temo.staff',
        at,
        details: { emailedOn: '2026-11-25' },
      }),
    ).toBe('temo.staff recorded the e-mail to the dealer');
  });

  it('groups the lines under their headings, as the dealer summary does', () => {
    const groups = groupLines([
      { label: 'Customer', value: '', depth: 0 },
      { label: 'Name', value: 'Ada', depth: 1 },
      { label: 'Room', value: '', depth: 0 },
      { label: 'Width', value: '12 ft', depth: 1 },
    ]);
    expect(groups.map((group) => [group.heading, group.lines.map((line) => line.label)])).toEqual([
      ['Customer', ['Name']],
      ['Room', ['Width']],
    ]);
  });

  it('prefills the e-mail with a subject naming the order (job name without its tags) and a greeting', () => {
    const order = { fileName: 'SUN-1001-X', jobName: '(C) SMITH' } as StaffOrder;
    expect(defaultEmail(order, undefined)).toEqual({
      to: '',
      subject: 'TEMO order SMITH (SUN-1001-X)',
      message: 'Hello,',
    });
    const details = {
      dealerName: 'Lakeside Sunrooms',
      formTitle: 'Sunroom',
      lines: [{ label: 'Email', value: 'shown@lakeside.example', depth: 1 }],
      files: [],
      emails: [],
      orderRecipients: ['orders@lakeside.example', 'office@lakeside.example'],
    };
    expect(defaultEmail(order, details)).toMatchObject({
      to: 'orders@lakeside.example, office@lakeside.example',
      message: 'Hello Lakeside Sunrooms,',
    });
  });
});
