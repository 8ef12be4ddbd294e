import { describe, expect, it } from 'vitest';
import { firstScreenSections } from './first-screen-sections';

const section = (title: string, count: number) => ({
  title,
  fields: Array.from({ length: count }, (_, i) => `${title}${i}`),
});

describe('firstScreenSections', () => {
  it('draws the sections up to the one that completes a screenful of fields', () => {
    const sunroom = [section('Sunroom Type', 1), section('Room Style', 18), section('Transoms', 4)];
    expect(firstScreenSections(sunroom).map((s) => s.title)).toEqual(['Sunroom Type', 'Room Style']);
    const pergola = [2, 4, 3, 1, 1, 6, 2, 2].map((count, i) => section(`s${i}`, count));
    expect(firstScreenSections(pergola)).toHaveLength(6);
  });

  it('always draws the first section, and every section of a short form', () => {
    expect(firstScreenSections([section('Walls', 40), section('Roof', 2)]).map((s) => s.title)).toEqual(['Walls']);
    expect(firstScreenSections([section('a', 3), section('b', 4)])).toHaveLength(2);
    expect(firstScreenSections([])).toEqual([]);
  });
});
