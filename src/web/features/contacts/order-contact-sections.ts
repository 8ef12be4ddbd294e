import type { ContactSection } from './api/get-contact-list';

/** The sections of spec 1 §2, in the order the page shows them. */
export const contactSectionOrder = [
  'Production',
  'Shipping Department',
  'Design Center',
  'Sales Director',
  'Regional Consultants',
  'Finance',
  'Administrative Assistant',
  'Admin Support',
  'Marketing',
] as const;

/** Puts the sections in the spec's order; sections the spec does not name follow, in the order received. */
export function orderContactSections(sections: readonly ContactSection[]): ContactSection[] {
  const rank = (name: string) => {
    const index = contactSectionOrder.findIndex((known) => known.toLowerCase() === name.toLowerCase());
    return index === -1 ? contactSectionOrder.length : index;
  };
  return sections
    .map((section, received) => ({ section, received }))
    .sort((a, b) => rank(a.section.name) - rank(b.section.name) || a.received - b.received)
    .map(({ section }) => section);
}

/** The tel: address for a printed phone number (digits, and a leading + if any). */
export function toTelHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('+') ? '+' + digits.slice(1).replace(/\+/g, '') : digits.replace(/\+/g, '')}`;
}
