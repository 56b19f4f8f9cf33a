/**
 * Generates every table of a detected spec and checks each record with ajv against the schema it came
 * from (OpenAPI 3.0 on the draft-07 validator after turning its boolean exclusive bounds into numbers;
 * 3.1 and 2020-12 on the 2020-12 validator), and that every ref value is a key of an existing row.
 */
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Test } from 'tap';
import type { DetectedTable } from '../../src/detect/index.js';
import { compile, generateRecords } from '../../workers/engine/index.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** OpenAPI 3.0's draft-04 forms in draft-07 words: `exclusiveMinimum: true` → a number. */
function from30(node: Json): Json {
  if (Array.isArray(node)) return node.map(from30);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(node)) out[key] = from30(value);
  for (const [ex, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (out[ex] === true) {
      out[ex] = out[bound]!;
      delete out[bound];
    } else if (out[ex] === false) delete out[ex];
  }
  return out;
}

/** A validator of the component at `pointer` (`/components/schemas/X`, `/$defs/X`, or `` for the root). */
export function validators(doc: Record<string, Json>, kind: 'openapi' | 'json_schema') {
  const v30 = kind === 'openapi' && String(doc['openapi']).startsWith('3.0');
  const draft07 = kind === 'json_schema' && String(doc['$schema'] ?? '').includes('draft-07');
  const options = { strict: false, validateSchema: false, allErrors: true, discriminator: false } as const;
  const ajv = v30 || draft07 ? new Ajv.default(options) : new Ajv2020.default(options);
  addFormats.default(ajv);
  const root = (v30 ? from30(doc) : doc) as Record<string, Json>;
  const base = typeof root['$id'] === 'string' ? root['$id'] : 'spec';
  ajv.addSchema(root as object, base === 'spec' ? 'spec' : undefined);
  return (pointer: string) => ajv.compile({ $ref: `${base}#${pointer}` });
}

/**
 * Generates `count` rows of every table and validates each against its schema; returns the number
 * of records checked.
 */
export function checkRecords(
  t: Test,
  doc: Record<string, Json>,
  kind: 'openapi' | 'json_schema',
  tables: readonly DetectedTable[],
  pointerOf: (table: string) => string,
  count = 120,
  seed = 42,
): number {
  const withCounts = tables.map((table) => ({ ...table, count }));
  const result = compile({ tables: withCounts, locale: 'en', seed });
  if (!result.ok) {
    t.fail(`the engine refused the detected schema: ${result.error.message}`, {
      details: result.error.details,
    });
    return 0;
  }
  const validatorOf = validators(doc, kind);
  const rowsOf = new Map<string, Record<string, unknown>[]>();
  for (const table of tables)
    rowsOf.set(table.name, generateRecords(result.plan, table.name, 0, count) as never);
  let checked = 0;
  for (const table of tables) {
    const validate = validatorOf(pointerOf(table.name));
    const invalid: unknown[] = [];
    for (const record of rowsOf.get(table.name)!) {
      checked++;
      if (!validate(record)) invalid.push({ record, errors: validate.errors });
    }
    t.equal(invalid.length, 0, `every ${table.name} record is valid`, { first: invalid.slice(0, 2) });
    for (const field of table.fields) {
      if (field.type !== 'ref') continue;
      const { table: target, field: key } = field.params as { table: string; field: string };
      const keys = new Set(rowsOf.get(target)!.map((row) => row[key]));
      const values = rowsOf.get(table.name)!.map((row) => row[field.name]);
      const dangling = values.filter((v) => v !== null && !keys.has(v));
      t.equal(dangling.length, 0, `${table.name}.${field.name} links to existing ${target}.${key}`);
    }
  }
  return checked;
}
