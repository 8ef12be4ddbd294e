/**
 * The words of the Wall Choices modal, read from the definition (definitions/shared/room/ui.json, root
 * `ui:options.wallEditor`, the room walls' `modalTitle` and the wall code's `notes`) so staff change them in the
 * workbench; no word is written here. A word a definition leaves out shows as its name (`picker.noDrawings`), so the
 * gap is seen in the workbench's preview; a field label left out falls back to the field's schema title.
 * wall-words.test.ts checks the sunroom family's definitions give every word.
 */
import type { CompiledDefinition } from '../../../../engine';
import type { RoomFields, WallRole } from '../room-fields';

/** The wall fields an editor draws, by role, with the label it shows. */
export type WallLabelRole = Exclude<WallRole, 'code' | 'image' | 'buttonIndex'> | 'wallLength';

export interface WallSummaryPart {
  title: string;
  fields: WallRole[];
}

export interface WallWords {
  /** The button that opens the modal and the modal's title. */
  modalTitle: string;
  needsLayout: string;
  closeButton: string;
  doneButton: string;
  labels: Record<WallLabelRole, string>;
  viewDrawings: string;
  /** The chosen code's picture ({code}). */
  chosenDrawing: string;
  summary: { title: string; parts: WallSummaryPart[]; missing: string; empty: string };
  picker: {
    title: string;
    noDrawings: string;
    drawing: string;
    doneButton: string;
    /** Spec 2 §8: the note over a door wall's codes (3' and 3.5' doors) and over a wall without a door. */
    doorNote: string | null;
    noDoorNote: string | null;
  };
}

const labelRoles: WallLabelRole[] = [
  'wallLength',
  'wallFeet',
  'wallInches',
  'door',
  'doorSize',
  'doorLocation',
  'swingOrientation',
  'patioOrientation',
  'hardware',
  'hinges',
];

type Raw = Record<string, unknown>;
const cache = new WeakMap<object, WallWords>();

function record(value: unknown): Raw {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : {};
}
function text(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value : fallback;
}
function optionsOf(ui: Raw, field: string | undefined): Raw {
  return field ? record(record(ui[field])['ui:options']) : {};
}

/** The modal's words for a sunroom-family definition (read once per bundle). */
export function readWallWords(
  definition: Pick<CompiledDefinition, 'bundle' | 'labelOf'>,
  fields: RoomFields,
): WallWords {
  const ui = definition.bundle.ui as Raw;
  let words = cache.get(ui);
  if (words) return words;
  const raw = record(record(ui['ui:options']).wallEditor);
  const rawLabels = record(raw.labels);
  const rawSummary = record(raw.summary);
  const rawPicker = record(raw.picker);
  const roomWalls = fields.groups.find((group) => group.side === null) ?? fields.groups[0];
  const notes = record(optionsOf(ui, roomWalls?.fields.code).notes);
  const fieldOf = (role: WallLabelRole) =>
    role === 'wallLength' ? roomWalls?.fields.wallFeet : roomWalls?.fields[role];
  words = {
    modalTitle: text(optionsOf(ui, roomWalls?.fields.wallFeet).modalTitle, 'modalTitle'),
    needsLayout: text(raw.needsLayout, 'needsLayout'),
    closeButton: text(raw.closeButton, 'closeButton'),
    doneButton: text(raw.doneButton, 'doneButton'),
    labels: Object.fromEntries(
      labelRoles.map((role) => {
        const field = fieldOf(role);
        return [role, text(rawLabels[role], field ? definition.labelOf(field) : role)];
      }),
    ) as Record<WallLabelRole, string>,
    viewDrawings: text(raw.viewDrawings, 'viewDrawings'),
    chosenDrawing: text(raw.chosenDrawing, 'chosenDrawing {code}'),
    summary: {
      title: text(rawSummary.title, '{wall}'),
      parts: (Array.isArray(rawSummary.parts) ? rawSummary.parts : []).map(record).map((part) => ({
        title: text(part.title, 'summary.parts.title'),
        fields: (Array.isArray(part.fields) ? part.fields : []).filter(
          (field): field is WallRole => typeof field === 'string' && Boolean(roomWalls?.fields[field as WallRole]),
        ),
      })),
      missing: text(rawSummary.missing, 'summary.missing'),
      empty: text(rawSummary.empty, 'summary.empty'),
    },
    picker: {
      title: text(rawPicker.title, '{wall}'),
      noDrawings: text(rawPicker.noDrawings, 'picker.noDrawings'),
      drawing: text(rawPicker.drawing, '{code}'),
      doneButton: text(rawPicker.doneButton, 'picker.doneButton'),
      doorNote: typeof notes.swing === 'string' ? notes.swing : null,
      noDoorNote: typeof notes.noDoor === 'string' ? notes.noDoor : null,
    },
  };
  cache.set(ui, words);
  return words;
}

/** A word with its {wall} / {code} filled. */
export function fillWords(template: string, values: { wall?: string; code?: string }): string {
  return template.replace(/\{(wall|code)\}/g, (whole, name: 'wall' | 'code') => values[name] ?? whole);
}

/** The words a definition leaves out (by name), for the test that the sunroom family's definitions give them all. */
export function missingWallWords(definition: Pick<CompiledDefinition, 'bundle'>): string[] {
  const raw = record(record(definition.bundle.ui['ui:options']).wallEditor);
  const summary = record(raw.summary);
  const picker = record(raw.picker);
  const named: [string, unknown][] = [
    ...['needsLayout', 'closeButton', 'doneButton', 'viewDrawings', 'chosenDrawing'].map(
      (key) => [key, raw[key]] as [string, unknown],
    ),
    ...labelRoles.map((role) => [`labels.${role}`, record(raw.labels)[role]] as [string, unknown]),
    ...['title', 'missing', 'empty'].map((key) => [`summary.${key}`, summary[key]] as [string, unknown]),
    ...['title', 'noDrawings', 'drawing', 'doneButton'].map(
      (key) => [`picker.${key}`, picker[key]] as [string, unknown],
    ),
  ];
  const missing = named.filter(([, value]) => typeof value !== 'string' || value.trim() === '').map(([key]) => key);
  if (!Array.isArray(summary.parts) || summary.parts.length === 0) missing.push('summary.parts');
  return missing;
}
