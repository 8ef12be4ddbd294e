/**
 * Issue 15: the summary and the PDF caption every wall as the Wall Choices editor heads it. For every golden order of
 * the sunroom family, each wall section of the order's lines (`listOrderLines`, which the PDF prints as is) carries
 * the editor's name of that wall (`listWallSlots`: "Projection"/"Front" on a 2-wall layout, "Left Wall 2" on an
 * Existing Roof side), in the editor's order; no wall is left a bare "Wall 1".
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { collectFiles, replayOrder, type GoldenOrder } from '../../scripts/lib/golden-orders';
import { listOrderLines } from '../../src/engine';
import { loadAllDefinitions } from '../../src/server/definitions/index';
import { readRoomFields } from '../../src/web/features/sunroom/room-fields';
import { listWallSlots, readAngledLayouts } from '../../src/web/features/sunroom/walls/wall-slots';

const { definitions } = loadAllDefinitions('definitions');
const roomForms = new Set(['sunroom', 'screenroom', 'impact']);

const roomOrders = collectFiles(['tests/golden'])
  .files.map((file) => ({ file, order: JSON.parse(readFileSync(file, 'utf8')) as GoldenOrder }))
  .filter(({ order }) => roomForms.has(order.form));

/** The editor's name a wall section's title carries: "Wall 2: Front" -> "Front"; "Left Wall 1" as it is. */
function editorName(title: string): string {
  return title.replace(/^Wall \d+: /, '');
}

/** The wall sections' titles of an order and the editor's names of its walls. */
function wallsOf(order: GoldenOrder): { titles: string[]; names: string[] } {
  const definition = definitions.get(order.form)!.compiled;
  const state = replayOrder(order, definition).state;
  const fields = readRoomFields(definition);
  const names = listWallSlots(state, fields, readAngledLayouts(definition.bundle.data)).map((slot) => slot.name);
  const wallGroupFields = new Set(fields.groups.flatMap((group) => Object.values(group.fields)));
  const titles = listOrderLines(definition, state.payload, { options: state.options })
    .sections.filter((section) => section.lines.some((line) => wallGroupFields.has(line.path.split('.')[0])))
    .map((section) => section.title);
  return { titles, names };
}

describe("the wall captions of the summary and the PDF are the wall editor's", () => {
  it('is checked on golden orders of 3-wall and 1-wall layouts, angled rooms and Existing Roof sides', () => {
    const titles = new Set(roomOrders.flatMap(({ order }) => wallsOf(order).titles));
    for (const title of ['Wall 3: Right Projection', 'Wall 1: Front', 'Wall 1: Left Angle', 'Left Wall 1'])
      expect(titles).toContain(title);
  });

  it.each(roomOrders.map(({ file, order }) => [file.replace('tests/golden/', ''), order] as const))(
    '%s',
    (_name, order) => {
      const { titles, names } = wallsOf(order);
      // A payload whose walls the editor does not show (a price order's bare start, an Existing Roof side without its
      // cavity count) has no editor's words to compare with.
      if (names.length === 0) return;
      const listed = titles.map(editorName);
      // Each listed wall is one the editor shows, by the same words, in the editor's order; none a bare "Wall 1".
      for (const name of listed) expect(names, `"${name}" of ${JSON.stringify(titles)}`).toContain(name);
      expect(listed).toEqual(names.filter((name) => listed.includes(name)));
      for (const title of titles) expect(title).not.toMatch(/^Wall \d+$/);
    },
  );
});
