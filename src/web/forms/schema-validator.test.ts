import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RJSFSchema } from '@rjsf/utils';
import ajvValidator from '@rjsf/validator-ajv8';
import { describe, expect, it } from 'vitest';
import { definitionFormValidator } from './schema-validator';

const root = path.resolve(import.meta.dirname, '../../..');
const forms = readdirSync(path.join(root, 'definitions'), { withFileTypes: true })
  .filter(
    (entry) => entry.isDirectory() && readdirSync(path.join(root, 'definitions', entry.name)).includes('schema.json'),
  )
  .map((entry) => entry.name);

/** Every sub-schema of a schema (itself included). */
function subSchemas(schema: unknown, found: RJSFSchema[] = []): RJSFSchema[] {
  if (Array.isArray(schema)) schema.forEach((item) => subSchemas(item, found));
  else if (schema !== null && typeof schema === 'object') {
    found.push(schema as RJSFSchema);
    Object.values(schema).forEach((value) => subSchemas(value, found));
  }
  return found;
}

/** Values a field may hold: the schema's own consts, enums and defaults, empties, wrong types. */
function probesFor(schema: RJSFSchema): unknown[] {
  const own = [schema.const, schema.default, ...(schema.enum ?? [])].filter((value) => value !== undefined);
  const options = [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].flatMap((option) =>
    typeof option === 'object' && 'const' in option ? [option.const] : [],
  );
  return [...own, ...options, null, '', 'x', 'ÄÖ', 0, -1, 1.5, 7, 1e9, true, false, [], ['a', 1], {}, { a: 1 }];
}

/** Top-level values of every golden order of the form, by field. */
function goldenValues(form: string): Map<string, unknown[]> {
  const byField = new Map<string, unknown[]>();
  const dir = path.join(root, 'tests/golden', form);
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.json'));
  } catch {
    return byField;
  }
  for (const file of files) {
    const order = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { start?: Record<string, unknown> };
    for (const [field, value] of Object.entries(order.start ?? {}))
      byField.set(field, [...(byField.get(field) ?? []), value]);
  }
  return byField;
}

describe('definitionFormValidator (no ajv) answers isValid as @rjsf/validator-ajv8 did', () => {
  it.each(forms)('every sub-schema of %s against its own values, golden values and wrong types', (form) => {
    const schema = JSON.parse(readFileSync(path.join(root, 'definitions', form, 'schema.json'), 'utf8')) as RJSFSchema;
    const golden = goldenValues(form);
    let compared = 0;
    const differences: string[] = [];
    const compare = (sub: RJSFSchema, value: unknown) => {
      const expected = ajvValidator.isValid(sub, value, schema);
      const actual = definitionFormValidator.isValid(sub, value, schema);
      compared++;
      if (actual !== expected)
        differences.push(`${JSON.stringify(sub).slice(0, 80)} ${JSON.stringify(value)}: ${actual}`);
    };
    for (const sub of subSchemas(schema)) for (const value of probesFor(sub)) compare(sub, value);
    for (const [field, values] of golden) {
      const property = (schema.properties ?? {})[field];
      if (property && typeof property === 'object') for (const value of values) compare(property, value);
    }
    for (const start of golden.size > 0
      ? [Object.fromEntries([...golden].map(([field, values]) => [field, values[0]]))]
      : [])
      compare(schema, start);
    expect(differences).toEqual([]);
    expect(compared).toBeGreaterThan(20);
  });

  it('the keywords rjsf picks options and branches with, beyond what the definitions use today', () => {
    const rootSchema: RJSFSchema = {
      definitions: { size: { type: 'integer', minimum: 1, maximum: 10 } },
      type: 'object',
      properties: { size: { $ref: '#/definitions/size' }, kind: { type: 'string' } },
    };
    const cases: [RJSFSchema, unknown][] = [
      [{ $ref: '#/definitions/size' }, 5],
      [{ $ref: '#/definitions/size' }, 11],
      [{ $ref: '#/definitions/size' }, 2.5],
      [
        { if: { properties: { kind: { const: 'a' } } }, then: { required: ['size'] }, else: { required: ['kind'] } },
        { kind: 'a' },
      ],
      [
        { if: { properties: { kind: { const: 'a' } } }, then: { required: ['size'] }, else: { required: ['kind'] } },
        { kind: 'b' },
      ],
      [
        { properties: { kind: { const: 'a' } }, anyOf: [{ required: ['kind'] }] },
        { kind: 'a', size: 1 },
      ],
      [{ properties: { kind: { const: 'a' } }, anyOf: [{ required: ['kind'] }] }, { size: 1 }],
      [{ oneOf: [{ type: 'number' }, { type: 'integer' }] }, 3],
      [{ oneOf: [{ type: 'number' }, { type: 'integer' }] }, 3.5],
      [{ not: { type: 'string' } }, 'a'],
      [{ type: 'string', pattern: '^[0-9]{5}$' }, '12345'],
      [{ type: 'string', pattern: '^[0-9]{5}$' }, '1234'],
      [{ type: 'string', minLength: 2, maxLength: 3 }, '😀😀'],
      [{ type: 'number', multipleOf: 0.01 }, 1.1],
      [{ type: 'number', exclusiveMinimum: 0 }, 0],
      [{ type: 'array', items: { type: 'string' }, minItems: 1, uniqueItems: true }, ['a', 'a']],
      [{ type: 'array', items: [{ type: 'string' }], additionalItems: false }, ['a', 'b']],
      [
        { type: 'object', additionalProperties: false, properties: { a: {} } },
        { a: 1, b: 2 },
      ],
      [{ type: 'object', patternProperties: { '^x': { type: 'number' } } }, { xa: 'no' }],
      [{ type: 'object', dependencies: { a: ['b'] } }, { a: 1 }],
      [{ type: ['string', 'null'] }, null],
      [{ enum: [{ a: [1, 2] }] }, { a: [1, 2] }],
      [{ const: { a: 1, b: 2 } }, { b: 2, a: 1 }],
    ];
    for (const [sub, value] of cases)
      expect([sub, value, definitionFormValidator.isValid(sub, value, rootSchema)]).toEqual([
        sub,
        value,
        ajvValidator.isValid(sub, value, rootSchema),
      ]);
  });
});
