/** Shared by the configurator-submit, drawings and jobs API tests: a small fixture definitions folder and HTTP helpers. */
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { drawingPaths } from '../../src/engine/check-definition';
import type { RulesFile } from '../../src/engine/index';

const wallArray = { type: 'array', maxItems: 5, items: { type: ['number', 'string', 'null'] } };
const textArray = { type: 'array', maxItems: 5, items: { type: ['string', 'null'], maxLength: 40 } };

/** A sunroom-family schema with the fields the drawings read (names of definitions/shared/*). */
function roomSchema(title: string): Record<string, unknown> {
  return {
    title,
    type: 'object',
    additionalProperties: false,
    properties: {
      personalInfo: {
        type: 'object',
        additionalProperties: false,
        properties: {
          firstName: { type: 'string', maxLength: 40 },
          lastName: { type: 'string', maxLength: 40 },
          sender: { type: 'string', maxLength: 40 },
        },
      },
      selectedSunRoomType: {
        type: 'string',
        enum: ['Upper Deck', 'Vista View', 'Solarium', 'Premier View', 'Value View', 'Vinyl View', 'Linear Screen'],
      },
      selectedRoomStyle: { type: 'string', enum: ['STUDIO', 'CATHEDRAL', 'Existing Roof'] },
      selectedWindowWallStyle: { type: 'string', enum: ['206', '406', 'Impact'] },
      selectedPavilionLayoutOption: { type: 'string', enum: ['1', '2', '3'] },
      selectedPermitOption: { type: 'string', enum: ['YES', 'NO'] },
      wallLengthsFeet: wallArray,
      wallLengthsInches: wallArray,
      doorOption: textArray,
      doorWidth: textArray,
      selectedCodes: textArray,
      heightAtHouse: {
        type: 'object',
        additionalProperties: false,
        properties: { heightfeet: { type: 'integer' }, heightinches: { type: 'number' } },
      },
      frontHeight: {
        type: 'object',
        additionalProperties: false,
        properties: { frontfeet: { type: 'integer' }, frontinches: { type: 'number' } },
      },
      currentCADImagesFiles: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 200 } },
    },
  };
}

/** The per-form submit settings of the real configurators: who may order them, the file-name prefix, drawings, previews. */
const submitSettings: Record<string, Record<string, unknown>> = {
  sunroom: {
    fileNamePrefix: 'SUN',
    productLines: ['SUNROOMS'],
    jobs: ['drawings'],
    previewReference: 'currentCADImagesFiles',
  },
  screenroom: {
    fileNamePrefix: 'SCR',
    productLines: ['SUNROOMS'],
    jobs: ['drawings'],
    previewReference: 'currentCADImagesFiles',
  },
  impact: {
    fileNamePrefix: 'IMP',
    productLines: ['SUNROOMS'],
    jobs: ['drawings'],
    previewReference: 'currentCADImagesFiles',
  },
  pergola: {
    fileNamePrefix: 'PER',
    productLines: ['PATIO COVERS'],
    jobs: ['drawings'],
    previewReference: 'currentCADImagesFiles',
  },
};

function requiredRules(form: string, paths: [string, string][]): Record<string, unknown> {
  return {
    form,
    submit: submitSettings[form],
    rules: paths.map(([p, label]) => ({ kind: 'required', id: `required:${p}`, path: p, label })),
  };
}

/** The real form's `drawing` mapping (from its own rules.json or an included piece's), with a fixture override. */
function realDrawing(folder: string, override: Record<string, unknown> = {}): RulesFile['drawing'] {
  const rules = JSON.parse(readFileSync(path.join('definitions', folder, 'rules.json'), 'utf8')) as RulesFile;
  return { ...rules.drawing!, ...override } as RulesFile['drawing'];
}

/** Rules with the form's drawing mapping, and the schema given every field the mapping names that it lacks (any value). */
function withDrawing(
  files: { schema: Record<string, unknown>; rules: Record<string, unknown> },
  drawing: RulesFile['drawing'],
) {
  const schema = structuredClone(files.schema) as {
    properties: Record<string, { type?: string; properties?: Record<string, unknown> }>;
  };
  for (const { path: field } of drawingPaths(drawing)) {
    const [top, child] = field.split('.');
    if (!child) schema.properties[top] ??= {};
    else {
      schema.properties[top] ??= { type: 'object', properties: {} };
      schema.properties[top].properties![child] ??= {};
    }
  }
  return { schema, rules: { ...files.rules, drawing } };
}

const roomRequired: [string, string][] = [
  ['personalInfo.lastName', 'Last Name'],
  ['selectedSunRoomType', 'Sunroom Type'],
  ['selectedPermitOption', 'permit package option'],
  ['wallLengthsFeet.0', 'Wall Length Feet 1'],
];

/**
 * A definitions folder of small stand-ins for sunroom, screenroom, impact and pergola: stable required rules, so
 * the submit and drawing flow is tested apart from the real forms' growing rule sets.
 */
export async function writeFixtureDefinitions(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dealer-portal-fixture-defs-'));
  const forms: Record<string, { schema: Record<string, unknown>; rules: Record<string, unknown> }> = {
    sunroom: withDrawing(
      { schema: roomSchema('Sunroom (fixture)'), rules: requiredRules('sunroom', roomRequired) },
      realDrawing('shared/room'),
    ),
    screenroom: withDrawing(
      { schema: roomSchema('Screen room (fixture)'), rules: requiredRules('screenroom', roomRequired) },
      realDrawing('shared/room', { title: 'screen room' }),
    ),
    impact: withDrawing(
      { schema: roomSchema('Impact (fixture)'), rules: requiredRules('impact', roomRequired) },
      realDrawing('shared/room', { windowWallNote: 'Impact window walls' }),
    ),
    pergola: withDrawing(
      {
        schema: {
          type: 'object',
          additionalProperties: false,
          properties: {
            personalInfo: {
              type: 'object',
              additionalProperties: false,
              properties: { lastName: { type: 'string', maxLength: 40 } },
            },
            operableOption: { type: 'string', enum: ['MOTOR CITY', 'PERGOLA OPERABLE', 'PERGOLA FIXED'] },
            attachedOption: { type: 'string', enum: ['ATTACHED', 'FREE STANDING'] },
            widthFeet: { type: 'integer' },
            widthInches: { type: 'number' },
            lengthFeet: { type: 'integer' },
            lengthInches: { type: 'number' },
            postHeight: { type: 'number' },
            currentCADImagesFiles: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 200 } },
          },
        },
        rules: requiredRules('pergola', [
          ['personalInfo.lastName', 'Last Name'],
          ['operableOption', 'Pergola Type'],
        ]),
      },
      realDrawing('pergola'),
    ),
  };
  for (const [form, files] of Object.entries(forms)) {
    await mkdir(path.join(dir, form));
    await writeFile(path.join(dir, form, 'schema.json'), JSON.stringify(files.schema));
    await writeFile(path.join(dir, form, 'rules.json'), JSON.stringify(files.rules));
    await writeFile(path.join(dir, form, 'ui.json'), '{}');
  }
  return dir;
}

/** A complete fixture sunroom: three walls, a door on the left projection. */
export function fixtureSunroom(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    personalInfo: { firstName: 'Ann', lastName: 'Baker', sender: 'Lena' },
    selectedSunRoomType: 'Vista View',
    selectedRoomStyle: 'STUDIO',
    selectedWindowWallStyle: '206',
    selectedPavilionLayoutOption: '1',
    selectedPermitOption: 'YES',
    wallLengthsFeet: [10, 16, 10],
    wallLengthsInches: [6, 0, 6],
    doorOption: ['Yes', 'No', 'No'],
    doorWidth: ["3' Door", null, null],
    selectedCodes: ['GSD-10', 'GGW-16', 'GFIL10'],
    heightAtHouse: { heightfeet: 9, heightinches: 6 },
    frontHeight: { frontfeet: 7, frontinches: 9 },
    ...overrides,
  };
}

export interface RawResponse {
  status: number;
  body: unknown;
  text: string;
}

/** A plain node:http request: what any HTTP client sees, including status codes above 599. */
export function request(
  baseUrl: string,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(new URL(url, baseUrl), {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(payload !== undefined
          ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
          : {}),
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // not JSON: keep the text
        }
        resolve({ status: res.statusCode ?? 0, body: parsed, text });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** SubmitSunroom as the page calls it: `form` is the form the page ran (none: sunroom). */
export const submitSunroomUrl = (isOrdered: boolean, form?: string) =>
  `/api/OrderingSunrooms/SubmitSunroom?isOrdered=${isOrdered}${form ? `&form=${encodeURIComponent(form)}` : ''}`;
export const drawingImagesUrl = (fileName: string) =>
  `/api/ExampleImages/DrawingImages?inputString=${encodeURIComponent(fileName)}`;

/** Polls DrawingImages (as the overlay does, faster) until it answers 200 or the time is up. */
export async function waitForDrawings(
  baseUrl: string,
  token: string,
  fileName: string,
  timeoutMs = 20_000,
): Promise<RawResponse> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await request(baseUrl, 'GET', drawingImagesUrl(fileName), token);
    if (response.status !== 404 || Date.now() > deadline) return response;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
