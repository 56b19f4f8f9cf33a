/**
 * Generation from a detected OpenAPI schema against the same tables written by hand, in one run:
 * rows/s of each (compiled, generated in chunks and encoded as JSON records, as the stream does) and
 * their ratio. One line a figure.
 * Run: node --import tsx bench/openapi.bench.ts
 */
import { pathToFileURL } from 'node:url';
import { detectSchema } from '../src/detect/index.js';
import { compile, generateRows, type GenerationPlan, type TableSpec } from '../workers/engine/index.js';
import { jsonKeys, jsonRecord } from '../workers/output/json.js';
import { median } from './engine.bench.js';

const CUSTOMERS = 50_000;
const ORDERS = 150_000;
const CHUNK = 5_000;
const ROUNDS = 5;

const SPEC = `
openapi: 3.1.0
info: {title: Shop, version: '1'}
paths: {}
components:
  schemas:
    Customer:
      type: object
      required: [id, firstName, lastName, email, city, createdAt]
      properties:
        id: {type: string, format: uuid}
        firstName: {type: string, maxLength: 50}
        lastName: {type: string, maxLength: 50}
        email: {type: string, format: email}
        city: {type: string}
        createdAt: {type: string, format: date-time}
    Address:
      type: object
      required: [street, city, postalCode]
      properties:
        street: {type: string}
        city: {type: string}
        postalCode: {type: string}
    Order:
      type: object
      required: [id, customerId, status, total, placedAt, shipping, lines]
      properties:
        id: {type: integer, minimum: 1}
        customerId: {type: string, format: uuid}
        status: {type: string, enum: [placed, paid, shipped, delivered, cancelled]}
        total: {type: number, minimum: 0, maximum: 5000}
        placedAt: {type: string, format: date-time}
        shipping: {$ref: '#/components/schemas/Address'}
        lines:
          type: array
          minItems: 1
          maxItems: 4
          items:
            type: object
            required: [sku, quantity]
            properties:
              sku: {type: string, maxLength: 24}
              quantity: {type: integer, minimum: 1, maximum: 10}
`;

/** The same tables as a person writes them from the spec. */
const BY_HAND: TableSpec[] = [
  {
    name: 'Customer',
    count: CUSTOMERS,
    fields: [
      { name: 'id', type: 'uuid', unique: true },
      { name: 'firstName', type: 'first_name' },
      { name: 'lastName', type: 'last_name' },
      { name: 'email', type: 'email' },
      { name: 'city', type: 'city' },
      { name: 'createdAt', type: 'datetime' },
    ],
  },
  {
    name: 'Order',
    count: ORDERS,
    fields: [
      { name: 'id', type: 'sequence', unique: true },
      { name: 'customerId', type: 'ref', params: { table: 'Customer', field: 'id' } },
      {
        name: 'status',
        type: 'enum',
        params: { values: ['placed', 'paid', 'shipped', 'delivered', 'cancelled'] },
      },
      { name: 'total', type: 'number', params: { min: 0, max: 5000, precision: 2 } },
      { name: 'placedAt', type: 'datetime' },
      {
        name: 'shipping',
        type: 'object',
        params: {
          properties: {
            street: { type: 'street_address' },
            city: { type: 'city' },
            postalCode: { type: 'postal_code' },
          },
        },
      },
      {
        name: 'lines',
        type: 'array',
        params: {
          of: 'object',
          min: 1,
          max: 4,
          params: {
            properties: { sku: { type: 'sku' }, quantity: { type: 'integer', params: { min: 1, max: 10 } } },
          },
        },
      },
    ],
  },
];

function detected(): TableSpec[] {
  const { tables } = detectSchema({ openapi: SPEC });
  return tables.map((t) => ({ ...t, count: t.name === 'Customer' ? CUSTOMERS : ORDERS }));
}

function planOf(tables: TableSpec[], seed: number): GenerationPlan {
  const result = compile({ tables, seed, locale: 'en' });
  if (!result.ok) throw new Error(result.error.message);
  return result.plan;
}

/** Generates and encodes every row in chunks; returns the rows made. */
function stream(tables: TableSpec[], seed: number): number {
  const plan = planOf(tables, seed);
  let rows = 0;
  let bytes = 0;
  for (const table of plan.tables) {
    const keys = jsonKeys(table);
    for (let start = 0; start < table.count; start += CHUNK) {
      for (const row of generateRows(plan, table.name, start, Math.min(table.count, start + CHUNK))) {
        bytes += jsonRecord(keys, row).length;
        rows++;
      }
    }
  }
  if (bytes === 0) throw new Error('nothing encoded');
  return rows;
}

function rate(work: () => number): number {
  const start = process.hrtime.bigint();
  const rows = work();
  return rows / (Number(process.hrtime.bigint() - start) / 1e9);
}

/** Runs the benchmark; returns its lines. */
export function run(): string[] {
  const fromSpec = detected();
  const byHand: number[] = [];
  const bySpec: number[] = [];
  stream(fromSpec, 1); // warm-up of both paths
  stream(BY_HAND, 1);
  for (let round = 0; round < ROUNDS; round++) {
    bySpec.push(rate(() => stream(fromSpec, round + 2)));
    byHand.push(rate(() => stream(BY_HAND, round + 2)));
  }
  const spec = median(bySpec);
  const hand = median(byHand);
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US').padStart(11);
  return [
    `openapi: detected shop schema      ${fmt(spec)} rows/s (JSON records, median of ${ROUNDS})`,
    `openapi: the same, written by hand ${fmt(hand)} rows/s`,
    `openapi: detected / by hand        ${(spec / hand).toFixed(3).padStart(11)}`,
    `openapi: detected types            ${fromSpec
      .flatMap((t) => t.fields.map((f) => `${t.name}.${f.name}=${f.type}`))
      .join(' ')}`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const line of run()) console.log(line);
}
