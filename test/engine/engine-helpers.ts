/** Builders shared by the engine tests: compile-or-fail, whole columns, small schemas, fingerprints. */
import {
  compile,
  generateRecords,
  generateRows,
  type GenerationPlan,
  type TableSpec,
  type Value,
} from '../../workers/engine/index.js';
import { mix32 } from '../../workers/engine/random.js';

/** Compiles or throws with the engine's error, so a test fails loudly. */
export function planOf(tables: TableSpec[], seed = 1, locale = 'en'): GenerationPlan {
  const result = compile({ tables, seed, locale });
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.plan;
}

/** Every row of a table. */
export function allRows(plan: GenerationPlan, table: string): Value[][] {
  const count = plan.tables.find((t) => t.name === table)?.count ?? 0;
  return generateRows(plan, table, 0, count);
}

/** Every row of a table as a record by field name. */
export function recordsOf(plan: GenerationPlan, table: string): Record<string, Value>[] {
  const count = plan.tables.find((t) => t.name === table)?.count ?? 0;
  return generateRecords(plan, table, 0, count);
}

/** Every value of one column. */
export function column(plan: GenerationPlan, table: string, field: string): Value[] {
  const spec = plan.tables.find((t) => t.name === table);
  const index = spec?.fields.findIndex((f) => f.name === field) ?? -1;
  if (index < 0) throw new Error(`no field ${table}.${field}`);
  return allRows(plan, table).map((row) => row[index] as Value);
}

export { usersTable } from '../../workers/engine/samples.js';

/** A 64-bit fingerprint of a text as 16 hex digits (two independent 32-bit hashes): compact snapshots. */
export function fingerprint(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01234567;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
  }
  return (
    mix32(a).toString(16).padStart(8, '0') +
    mix32(b ^ text.length)
      .toString(16)
      .padStart(8, '0')
  );
}
