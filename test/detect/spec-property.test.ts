/**
 * Random JSON Schemas within the keywords the reader supports: every record generated from the
 * detected schema validates against the schema it came from.
 */
import fc from 'fast-check';
import t from 'tap';
import { detectSchema } from '../../src/detect/index.js';
import { checkRecords } from './spec-validity.js';

type Schema = Record<string, unknown>;

const NAMES = [
  'email',
  'city',
  'firstName',
  'price',
  'age',
  'title',
  'status',
  'code',
  'note',
  'website',
  'rating',
  'count',
  'tags',
  'createdAt',
  'phone',
  'x',
];

const bounds = fc.tuple(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: 0, max: 2000 }));

const stringSchema: fc.Arbitrary<Schema> = fc.oneof(
  fc.record({ type: fc.constant('string') }),
  fc.record({
    type: fc.constant('string'),
    format: fc.constantFrom('date', 'date-time', 'email', 'uri', 'uuid', 'ipv4', 'ipv6', 'hostname', 'time'),
  }),
  fc
    .tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 60 }))
    .map(([min, span]) => ({ type: 'string', minLength: min, maxLength: min + span })),
  fc.record({
    type: fc.constant('string'),
    enum: fc.uniqueArray(fc.string({ minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 5 }),
  }),
  fc.constant({ type: 'string', pattern: '^[a-z]+$', minLength: 3, maxLength: 9 }),
  fc
    .constantFrom('^[A-Z]{3}-[0-9]{4}$', '^[a-z]+(-[a-z]+)*$', '^\\d{5}$', 'x[0-9]?y', '^(red|green|blue)$')
    .map((pattern) => ({ type: 'string', pattern })),
);

const numberSchema: fc.Arbitrary<Schema> = fc.oneof(
  bounds.map(([lo, span]) => ({ type: 'integer', minimum: lo, maximum: lo + span })),
  bounds.map(([lo, span]) => ({ type: 'number', exclusiveMinimum: lo, maximum: lo + span + 1 })),
  fc.tuple(bounds, fc.constantFrom(0.5, 0.25, 0.01, 3, 5, 0.1)).map(([[lo, span], step]) => ({
    type: 'number',
    minimum: lo,
    maximum: lo + span + 10,
    multipleOf: step,
  })),
  fc.record({ type: fc.constantFrom('integer', 'number') }),
  fc.record({ type: fc.constant('integer'), format: fc.constantFrom('int32', 'int64') }),
);

const scalar: fc.Arbitrary<Schema> = fc.oneof(
  stringSchema,
  numberSchema,
  fc.constant({ type: 'boolean' }),
  fc.record({ const: fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.boolean()) }),
);

const nullable = (arb: fc.Arbitrary<Schema>): fc.Arbitrary<Schema> =>
  fc
    .tuple(arb, fc.boolean())
    .map(([schema, orNull]) =>
      orNull && typeof schema['type'] === 'string' ? { ...schema, type: [schema['type'], 'null'] } : schema,
    );

/** Scalars of distinct JSON types: a value of one never matches another. */
const exclusiveScalars: fc.Arbitrary<Schema[]> = fc
  .subarray([0, 1, 2], { minLength: 2 })
  .chain((picks) =>
    fc.tuple(
      ...picks.map((i) =>
        i === 0
          ? stringSchema
          : i === 1
            ? bounds.map(([lo, span]): Schema => ({ type: 'integer', minimum: lo, maximum: lo + span }))
            : fc.constant<Schema>({ type: 'boolean' }),
      ),
    ),
  );

/** A null branch beside the others, sometimes. */
const orNull = (branches: Schema[], withNull: boolean): Schema[] =>
  withNull ? [...branches, { type: 'null' }] : branches;

const value: fc.Arbitrary<Schema> = fc.letrec<{ value: Schema; object: Schema }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    nullable(scalar),
    tie('object'),
    // oneOf of records told apart by a const key, or of scalars of distinct types: each record
    // draws a branch and matches it alone.
    fc
      .tuple(fc.array(tie('object'), { minLength: 2, maxLength: 3 }), fc.boolean())
      .map(([objects, withNull]) => ({
        oneOf: orNull(
          objects.map((o, i) => ({
            ...o,
            properties: { ...(o['properties'] as Schema), kind: { const: `k${i}` } },
            required: [...(o['required'] as string[]), 'kind'],
          })),
          withNull,
        ),
      })),
    fc
      .tuple(exclusiveScalars, fc.boolean())
      .map(([branches, withNull]) => ({ oneOf: orNull(branches, withNull) })),
    // anyOf of anything: a record matches the branch it was drawn from.
    fc
      .array(fc.oneof(scalar, tie('object')), { minLength: 2, maxLength: 3 })
      .map((branches) => ({ anyOf: branches })),
    fc
      .tuple(fc.oneof(scalar, tie('object')), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 4 }))
      .map(([items, min, span]) => ({ type: 'array', items, minItems: min, maxItems: min + span })),
    fc
      .tuple(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { minLength: 3, maxLength: 6 }),
        fc.integer({ min: 0, max: 3 }),
      )
      .map(([values, min]) => ({ type: 'array', uniqueItems: true, items: { enum: values }, minItems: min })),
  ),
  object: fc
    .dictionary(fc.constantFrom(...NAMES), tie('value'), { minKeys: 1, maxKeys: 5 })
    .chain((properties) =>
      fc.subarray(Object.keys(properties)).map((required) => ({
        type: 'object',
        properties,
        required,
        additionalProperties: false,
      })),
    ),
}))['value'];

const document: fc.Arbitrary<Schema> = fc
  .dictionary(fc.constantFrom(...NAMES), value, { minKeys: 1, maxKeys: 8 })
  .map((properties) => ({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'record',
    type: 'object',
    required: ['id', ...Object.keys(properties)],
    properties: { id: { type: 'integer', minimum: 1 }, ...properties },
    additionalProperties: false,
  }));

t.test('every record of a random JSON Schema validates against it', async (t) => {
  let records = 0;
  let drawn = 0;
  fc.assert(
    fc.property(document, fc.integer({ min: 0, max: 2 ** 32 - 1 }), (schema, seed) => {
      const { tables } = detectSchema({ json_schema: schema });
      if (JSON.stringify(tables).includes('"type":"one_of"')) drawn++;
      const failures: string[] = [];
      const before = records;
      const probe = {
        equal: (a: unknown, b: unknown, message: string, extra?: unknown) => {
          if (a !== b) failures.push(`${message}: ${JSON.stringify(extra).slice(0, 600)}`);
        },
        fail: (message: string, extra?: unknown) =>
          failures.push(`${message}: ${JSON.stringify(extra).slice(0, 600)}`),
      };
      records += checkRecords(probe as never, schema as never, 'json_schema', tables, () => '', 30, seed);
      if (failures.length > 0 || records === before) throw new Error(failures.join('\n') || 'no records');
    }),
    { numRuns: 100, seed: 20261129 },
  );
  t.ok(records >= 100 * 30, `${records} records checked`);
  t.ok(drawn >= 10, `${drawn} schemas draw among oneOf/anyOf branches`);
});
