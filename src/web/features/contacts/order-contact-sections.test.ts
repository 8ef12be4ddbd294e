import { describe, expect, it } from 'vitest';
import { orderContactSections, toTelHref } from './order-contact-sections';

const section = (name: string) => ({ name, groups: [] });

describe('orderContactSections', () => {
  it('shows the sections in the order of the spec, unknown ones last', () => {
    const ordered = orderContactSections([
      section('Marketing'),
      section('Warranty'),
      section('Production'),
      section('Regional Consultants'),
      section('Sales Director'),
    ]);
    expect(ordered.map((s) => s.name)).toEqual([
      'Production',
      'Sales Director',
      'Regional Consultants',
      'Marketing',
      'Warranty',
    ]);
  });
});

describe('toTelHref', () => {
  it('keeps only what a phone dials', () => {
    expect(toTelHref('(555) 010-2030')).toBe('tel:5550102030');
    expect(toTelHref('+1 555.010.2030 ext')).toBe('tel:+15550102030');
  });
});
