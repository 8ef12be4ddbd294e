import type { NamedContact } from './api/get-configurator-contacts';
import type { SubmitOutcome } from './api/submit-configurator';

export const orderedMessage = 'SUCCESS! Your file has been sent. Thank you for ordering from the manufacturer!';
export const notOrderedYetMessage =
  'You have not ordered yet. Review your drawings, then press I am done making changes.';
export const systemErrorMessage = 'There was an error with our system.';

/** A preview's Yes in the summary: what a dealer's Yes would have sent, said instead of sending it. */
export function previewNotSentMessage(isOrdered: boolean): string {
  return isOrdered
    ? 'Preview: nothing is sent. On a dealer’s page this Yes sends the order to TEMO (isOrdered true).'
    : 'Preview: nothing is sent. On a dealer’s page this Yes asks for the initial drawing package (isOrdered false); the order goes with “I am done making changes”.';
}

/**
 * The product rules were published anew while the page was open and judge this order differently (409
 * definitions-changed): nothing was sent; the page has reloaded the new rules and kept what was typed.
 */
export function definitionsChangedMessage(outcome: {
  missing: { label: string }[];
  errors: Record<string, string>;
}): string {
  const what = [
    ...outcome.missing.map((field) => `${field.label} is now required`),
    ...Object.values(outcome.errors).filter(
      (message) => !outcome.missing.some((field) => message.startsWith(field.label)),
    ),
  ];
  const details = what.length > 0 ? ` What changed for your order: ${[...new Set(what)].join('; ')}.` : '';
  return `The product rules were updated while you were working, so your order was not sent.${details} The form now uses the new rules and your entries are kept; please review them and submit again.`;
}

/** The texts of 999 (on hold), 998 (employee) and 997 (product line), used when the server's answer has none. */
export type RefusalTexts = Record<999 | 998 | 997, string>;

/** Spec 2 §8 (the sunroom family); a page passes its own (spec 3 §8: pergolas and pavilions name sunrooms in 997). */
export const defaultRefusalTexts: RefusalTexts = {
  999: 'You are currently on hold. Please contact',
  998: 'You are currently logged on as a TEMO Employee. TEMO Employees cannot order.',
  997: 'You are only allowed to Order Patio Covers and Pergolas',
};

/** A status line: the text and the contact named after it. */
export interface StatusMessage {
  severity: 'success' | 'info' | 'error';
  text: string;
  contact: NamedContact | null;
  /** 997 names its contact "for more information". */
  contactLead?: string;
}

/** The message a failed submission shows (spec 2 §8, spec 3 §8), with the contact from the answer (or customer service). */
export function describeFailure(
  outcome: Exclude<SubmitOutcome, { kind: 'sent' } | { kind: 'incomplete' } | { kind: 'definitions-changed' }>,
  support: NamedContact | null,
  refusalTexts: Partial<RefusalTexts> = {},
): StatusMessage {
  if (outcome.kind === 'refused') {
    const text = outcome.message || refusalTexts[outcome.status] || defaultRefusalTexts[outcome.status];
    return {
      severity: 'error',
      text,
      contact: outcome.contact,
      contactLead: outcome.status === 997 ? 'For more information contact' : undefined,
    };
  }
  return {
    severity: 'error',
    text: systemErrorMessage,
    contact: outcome.contact ?? support,
    contactLead: 'Please contact',
  };
}

/** "Name, phone, email". */
export function formatContact(contact: NamedContact): string {
  return [contact.name, contact.phone, contact.email].filter(Boolean).join(', ');
}
