import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSubmission, MAX_PATTERN_INPUT, type CompiledDefinition } from '../../engine/index';
import { replayOrder, type GoldenOrder } from '../../../scripts/lib/golden-orders';
import { loadAllDefinitions } from '../definitions/index';
import { defaultMaxStringLength, findBodyErrors, toRequestBodySchema } from './request-body-schema';

const definition = loadAllDefinitions('definitions').definitions.get('engineering')!.compiled;
const goldenDir = 'tests/golden/engineering';
const goldenOrders = readdirSync(goldenDir)
  .filter((name) => name.endsWith('.json'))
  .map((name) => [name, JSON.parse(readFileSync(path.join(goldenDir, name), 'utf8')) as GoldenOrder] as const);

describe('request body schema of a form', () => {
  it('closes every object and bounds every string of the definition schema', () => {
    const schema = toRequestBodySchema({
      type: 'object',
      properties: {
        note: { type: 'string' },
        short: { type: 'string', maxLength: 8 },
        info: { type: 'object', properties: { a: { type: 'string' } } },
      },
      examples: [{}],
    });
    expect(schema).toEqual({
      type: 'object',
      additionalProperties: false,
      properties: {
        note: { type: 'string', maxLength: defaultMaxStringLength },
        short: { type: 'string', maxLength: 8 },
        info: {
          type: 'object',
          additionalProperties: false,
          properties: { a: { type: 'string', maxLength: defaultMaxStringLength } },
        },
      },
    });
  });

  it('refuses without repairing: no coercion of "120" to a number, unknown fields named', () => {
    const errors = findBodyErrors(definition, { windSpeed: '120', dealerId: 1 }) ?? [];
    expect(errors.map((e) => `${e.instancePath} ${e.message}`)).toEqual(
      expect.arrayContaining(['/windSpeed must be integer', " has an unknown field 'dealerId'"]),
    );
  });

  it('treats null and empty strings as unanswered, as the engine does', () => {
    expect(
      findBodyErrors(definition, { mailMethod: null, buildingCodes: '', personalInfo: { zip: '' } }),
    ).toBeUndefined();
  });

  it("runs schema patterns through the definitions' gate: a refused one never runs, a text past the limit is not scanned", () => {
    const patterned = {
      bundle: {
        schema: {
          type: 'object',
          properties: {
            code: { type: 'string', maxLength: 5000, pattern: '^\\d+$' },
            hostile: { type: 'string', pattern: '^(a+)+$' },
          },
        },
      },
    } as unknown as CompiledDefinition;
    const failing = (body: object) => (findBodyErrors(patterned, body) ?? []).map((e) => e.instancePath);
    expect(failing({ code: '1'.repeat(MAX_PATTERN_INPUT) })).toEqual([]);
    expect(failing({ code: '1'.repeat(MAX_PATTERN_INPUT + 1) })).toEqual(['/code']);
    expect(failing({ hostile: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!' })).toEqual(['/hostile']); // before: minutes
  });

  // The server accepts every body the page can submit, and refuses (400 shape or 422 rules) every one it cannot.
  it.each(goldenOrders)('agrees with the page on golden order %s', (_name, order) => {
    const session = replayOrder(order, definition);
    const { payload, isSubmittable } = session.state;
    const shapeErrors = findBodyErrors(definition, payload);
    const isAccepted = shapeErrors === undefined && checkSubmission(definition, payload, order.context ?? {}).ok;
    expect(isAccepted).toBe(isSubmittable);
    if (isSubmittable) expect(shapeErrors).toBeUndefined();
  });
});
