import { describe, expect, it } from 'vitest';
import { describeFailure, formatContact, systemErrorMessage } from './submit-messages';

const credit = { name: 'Jason Wright', phone: '(555) 010-1', email: 'jason@example.com' };
const support = { name: 'Nadia Haddad', phone: '(555) 010-2', email: 'nadia@example.com' };

describe('submit failure messages', () => {
  it("shows the server's text and contact for 999/998/997", () => {
    expect(
      describeFailure(
        { kind: 'refused', status: 999, message: 'You are currently on hold. Please contact', contact: credit },
        support,
      ),
    ).toMatchObject({
      text: 'You are currently on hold. Please contact',
      contact: credit,
    });
    expect(describeFailure({ kind: 'refused', status: 998, message: '', contact: null }, support).text).toBe(
      'You are currently logged on as a TEMO Employee. TEMO Employees cannot order.',
    );
    expect(describeFailure({ kind: 'refused', status: 997, message: '', contact: credit }, support)).toMatchObject({
      contactLead: 'For more information contact',
    });
  });

  it("uses the page's own text when the server sends none (pergolas: 997 names sunrooms)", () => {
    const refused = { kind: 'refused', status: 997, message: '', contact: credit } as const;
    expect(describeFailure(refused, support, { 997: 'You are only allowed to Order Sunrooms' }).text).toBe(
      'You are only allowed to Order Sunrooms',
    );
    expect(describeFailure(refused, support).text).toBe('You are only allowed to Order Patio Covers and Pergolas');
  });

  it('falls back to customer service for any other failure', () => {
    expect(describeFailure({ kind: 'failed', contact: null }, support)).toMatchObject({
      text: systemErrorMessage,
      contact: support,
    });
    expect(formatContact(credit)).toBe('Jason Wright, (555) 010-1, jason@example.com');
  });
});
