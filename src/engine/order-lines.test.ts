import { describe, expect, it } from 'vitest';
import { compileDefinition } from './structure-check';
import { listOrderLines, readSummaryPairs } from './order-lines';
import type { DefinitionBundle } from './types';

function bundleOf(rules: DefinitionBundle['rules']['rules'] = []): DefinitionBundle {
  return {
    form: 'lines',
    schema: {
      type: 'object',
      properties: {
        layout: {
          type: 'string',
          title: 'Structure Layout',
          oneOf: [
            { const: '1', title: '1 Wall' },
            { const: '3', title: '3 Walls' },
          ],
        },
        roomType: { type: 'string', title: 'Sunroom Type' },
        personalInfo: {
          type: 'object',
          properties: {
            lastName: { type: 'string', title: 'Last Name' },
            firstName: { type: 'string', title: 'First Name' },
          },
        },
        wallLengthsFeet: { type: 'array', items: { type: 'integer' } },
        isHeated: { type: 'boolean', title: 'Heated' },
        selectedImages: { type: 'array', items: { type: 'string' } },
        additionalInfo: {
          type: 'object',
          properties: { Line1: { type: 'string', maxLength: 48 }, Line2: { type: 'string', maxLength: 48 } },
        },
        currentCADImagesFiles: { type: 'array', items: { type: 'string' } },
      },
    },
    // The page shows the room before the layout, the name after the walls; inside personalInfo first name first.
    ui: {
      'ui:order': ['roomType', 'layout', 'wallLengthsFeet', '*'],
      personalInfo: { 'ui:order': ['firstName', 'lastName'] },
    },
    rules: {
      form: 'lines',
      labels: { 'wallLengthsFeet.{i}': 'Wall Length Feet {n}' },
      orderLines: {
        notListed: ['selectedImages', 'currentCADImagesFiles'],
        instructions: ['additionalInfo.Line1', 'additionalInfo.Line2'],
      },
      rules,
    },
  };
}

describe('listOrderLines', () => {
  it("lists the filled values in the page's order, labelled and valued as the form names them, without what the definition says is not listed", () => {
    const definition = compileDefinition(bundleOf());
    // Keys in another order than the page's (stored jsonb keeps none): the lines keep the page's (ui:order, then the schema's).
    const lines = listOrderLines(definition, {
      wallLengthsFeet: [12, null, 10],
      personalInfo: { lastName: 'Smith', firstName: 'Ann' },
      roomType: 'Vista View',
      layout: '1',
      isHeated: false,
      selectedImages: ['Glass/CSD-12.jpg'],
      additionalInfo: { Line1: 'hello', Line2: 'x'.repeat(60) },
      currentCADImagesFiles: ['x'],
      extra: 'kept',
    });
    expect(lines.selections).toEqual([
      { path: 'roomType', label: 'Sunroom Type', value: 'Vista View' },
      { path: 'layout', label: 'Structure Layout', value: '1 Wall' },
      { path: 'wallLengthsFeet.0', label: 'Wall Length Feet 1', value: '12' },
      { path: 'wallLengthsFeet.2', label: 'Wall Length Feet 3', value: '10' },
      { path: 'personalInfo.firstName', label: 'First Name', value: 'Ann' },
      { path: 'personalInfo.lastName', label: 'Last Name', value: 'Smith' },
      { path: 'isHeated', label: 'Heated', value: 'No' },
      { path: 'extra', label: 'Extra', value: 'kept' },
    ]);
    // One line per declared instruction path, cut to its maxLength.
    expect(lines.instructions).toEqual(['hello', 'x'.repeat(48)]);
  });

  it("lists a definition's computed summarySelections instead, evaluated on the payload, pairs without a value left out", () => {
    const definition = compileDefinition(
      bundleOf([
        { kind: 'compute', id: 'type-name', name: 'typeName', value: { cat: ['Type ', { var: 'roomType' }] } },
        {
          kind: 'compute',
          id: 'summary',
          name: 'summarySelections',
          value: [
            ['Room', { var: '$typeName' }],
            ['Layout', { var: 'layout' }],
            ['Name', { var: 'personalInfo.lastName' }],
          ],
        },
      ]),
    );
    expect(listOrderLines(definition, { roomType: 'Vista View', layout: '3' }).selections).toEqual([
      { path: 'Room', label: 'Room', value: 'Type Vista View' },
      { path: 'Layout', label: 'Layout', value: '3' },
    ]);
  });

  it('lists no instructions and everything else when a definition declares no orderLines', () => {
    const bundle = bundleOf();
    const definition = compileDefinition({ ...bundle, rules: { ...bundle.rules, orderLines: undefined } });
    const lines = listOrderLines(definition, { selectedImages: ['a.jpg'], additionalInfo: { Line1: 'hello' } });
    expect(lines.instructions).toEqual([]);
    expect(lines.selections.map((line) => line.path)).toEqual(['selectedImages.0', 'additionalInfo.Line1']);
  });

  it('labels keys in words when the order has no definition', () => {
    expect(listOrderLines(undefined, { userFileName: 'a', walls: [{ doorWidth: 3 }] }).selections).toEqual([
      { path: 'userFileName', label: 'User File Name', value: 'a' },
      { path: 'walls.0.doorWidth', label: 'Door Width', value: '3' },
    ]);
  });
});

describe('listOrderLines: the walls', () => {
  // A room's own walls captioned by structure layout, an Existing Roof side's walls by name, angled slots by the data.
  const wallBundle: DefinitionBundle = {
    form: 'walls',
    schema: {
      type: 'object',
      properties: {
        layout: { type: 'string', title: 'Structure Layout' },
        angled: { type: 'string', title: 'Angled' },
        angle: { type: 'string', title: 'Angled Layout' },
        feet: { type: 'array', title: 'Wall Length Feet', items: { type: 'integer' } },
        door: { type: 'array', title: 'Door', items: { type: 'string' } },
        leftFeet: { type: 'array', title: 'Wall Length Feet', items: { type: 'integer' } },
      },
    },
    ui: {
      'ui:options': {
        roomFields: { angled: 'angled' },
        wallGroups: [
          {
            captions: ['Left Projection', 'Front', 'Right Projection'],
            captionsByLayout: { '1': ['Left Projection', 'Front', 'Right Projection'], '2': ['Projection', 'Front'] },
            wallName: null,
            fields: { wallFeet: 'feet', door: 'door' },
          },
          { wallName: 'Left Wall', fields: { wallFeet: 'leftFeet' } },
        ],
      },
      'ui:order': ['layout', 'angled', 'angle', 'feet', 'door', 'leftFeet'],
      layout: { 'ui:field': 'structureLayout' },
      angle: { 'ui:field': 'angledLayout' },
    },
    rules: { form: 'walls', rules: [] },
    data: {
      'angled-layouts': {
        slots: ['Left Straight', 'Front', 'Right Straight', 'Left Angle', 'Right Angle'],
        layouts: { '1': { label: 'Angled Layout 1', slots: [3, 1, 4], walls: [] } },
      },
    },
  };
  const definition = compileDefinition(wallBundle);
  const wallTitles = (payload: Record<string, unknown>) =>
    listOrderLines(definition, payload)
      .sections.map((section) => section.title)
      .filter((title) => title.includes('Wall'));

  it("captions each wall of every structure layout by the editor's words for that layout", () => {
    expect(wallTitles({ layout: '1', feet: [10, 12, 10], door: ['No', 'Yes', 'No'] })).toEqual([
      'Wall 1: Left Projection',
      'Wall 2: Front',
      'Wall 3: Right Projection',
    ]);
    expect(wallTitles({ layout: '2', feet: [10, 12], door: ['No', 'Yes'] })).toEqual([
      'Wall 1: Projection',
      'Wall 2: Front',
    ]);
    // Staff gave layout 3 no captions here: the group's captions serve only when the walls are as many.
    expect(wallTitles({ layout: '3', feet: [12] })).toEqual(['Wall 1']);
  });

  it('captions angled walls by their slot and lists them left to right as the layout shows them', () => {
    expect(
      wallTitles({ angled: 'Yes', angle: '1', feet: [null, 12, null, 6, 6], door: [null, 'No', null, 'No', 'No'] }),
    ).toEqual(['Wall 1: Left Angle', 'Wall 2: Front', 'Wall 3: Right Angle']);
  });

  it("names an Existing Roof side's walls as the editor heads them", () => {
    expect(wallTitles({ leftFeet: [8, 9] })).toEqual(['Left Wall 1', 'Left Wall 2']);
  });
});

describe('readSummaryPairs', () => {
  it('lists the [label, value] pairs that have a value, and is null for anything else', () => {
    expect(
      readSummaryPairs([
        ['Pergola Type', 'MOTOR CITY'],
        ['Post Height', null],
        ['Motor City Size', '14 x 20'],
        ['Gutters', ''],
      ]),
    ).toEqual([
      { path: 'Pergola Type', label: 'Pergola Type', value: 'MOTOR CITY' },
      { path: 'Motor City Size', label: 'Motor City Size', value: '14 x 20' },
    ]);
    expect(readSummaryPairs(undefined)).toBeNull();
  });
});
