import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSession } from '../../src/engine/index';
import { loadAllDefinitions } from '../../src/server/definitions/index';
import { collectFiles, replayOrder, type GoldenOrder } from '../../scripts/lib/golden-orders';

const { definitions } = loadAllDefinitions('definitions');
const FAMILY = ['sunroom', 'screenroom', 'impact'];

/** The section of the page (spec 2 §2.1) holding a missing path: per-wall arrays by their wall group's anchor field. */
function sectionIndex(form: string): (path: string) => number {
  const sections = (definitions.get(form)!.bundle.ui['ui:options'] as { sections: { fields: string[] }[] }).sections;
  return (path) => {
    const top = path.split('.')[0];
    const anchor =
      /^(wallLengthsInches|doorOption|doorWidth|selectedSwingDoorOrientation|selectedPatioDoorOrientation|selectedDoorHardware|SSHinges|selectedCodes|selectedLocations)(ER[LRF])?$/.exec(
        top,
      );
    const field = anchor ? `wallLengthsFeet${anchor[2] ?? ''}` : top;
    return sections.findIndex((section) => section.fields.includes(field));
  };
}

describe('the sunroom family lists missing fields in the page order (spec 2 §2.1)', () => {
  it.each(FAMILY)(
    '%s: the empty form reads section by section, personal information after the vertical channel',
    (form) => {
      const missing = createSession(definitions.get(form)!.compiled).state.missing.map((m) => m.path);
      const sectionOf = sectionIndex(form);
      expect(missing.map(sectionOf)).toEqual([...missing.map(sectionOf)].sort((a, b) => a - b));
      expect(missing.indexOf('selectedVertChannelOption')).toBeLessThan(missing.indexOf('personalInfo.lastName'));
      expect(missing.indexOf('personalInfo.sender')).toBeLessThan(missing.indexOf('lengthFeet'));
    },
  );

  // Replays ~750 golden orders: seconds on a busy CI machine, not a unit test's default 5.
  it(
    'in every golden order of the family, each entry is in a section at or after the one before, and walls read wall by wall',
    { timeout: 60_000 },
    () => {
      let checked = 0;
      for (const file of collectFiles(FAMILY.map((form) => `tests/golden/${form}`)).files) {
        const order = JSON.parse(readFileSync(file, 'utf8')) as GoldenOrder;
        const missing = replayOrder(order, definitions.get(order.form)!.compiled).state.missing.map((m) => m.path);
        const sections = missing.map(sectionIndex(order.form)).filter((index) => index >= 0);
        expect(sections, file).toEqual([...sections].sort((a, b) => a - b));
        const walls = missing
          .filter((path) => /^wallLengths(Feet|Inches)\.\d+$/.test(path))
          .map((path) => Number(path.split('.')[1]));
        expect(walls, file).toEqual([...walls].sort((a, b) => a - b));
        checked += missing.length > 1 ? 1 : 0;
      }
      expect(checked).toBeGreaterThan(50);
    },
  );
});
