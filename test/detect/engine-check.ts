/** Checks that detected tables, with counts added, compile in the engine and generate rows. */
import type { Test } from 'tap';
import type { DetectedTable } from '../../src/detect/index.js';
import { compile, generateRecords } from '../../workers/engine/index.js';

/** Adds `count` to every table, compiles, and generates the first rows of each table. */
export function assertGenerates(t: Test, tables: readonly DetectedTable[], count = 8): void {
  const result = compile({ tables: tables.map((table) => ({ ...table, count })), locale: 'en', seed: 7 });
  if (!result.ok) {
    t.fail(`engine refused the detected schema: ${result.error.message}`, { tables });
    return;
  }
  for (const table of tables) {
    const rows = generateRecords(result.plan, table.name, 0, 3);
    t.equal(rows.length, 3, `${table.name} generates rows`);
  }
}

/** The field `name` of table `table`. */
export function fieldOf(tables: readonly DetectedTable[], table: string, name: string) {
  return tables.find((t) => t.name === table)?.fields.find((f) => f.name === name);
}
