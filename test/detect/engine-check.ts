/** Checks that detected tables, with counts added, compile in the engine and generate rows. */
import type { Test } from 'tap';
import type { DetectedTable } from '../../src/detect/index.js';
import { GenerateBody } from '../../src/generation/request.js';
import { validate } from '../../src/validation.js';
import { compile, generateRecords } from '../../workers/engine/index.js';

/**
 * Adds `count` to every table and checks what POST /api/v1/generate checks — the request schema, then
 * the engine's planning — and that each table generates rows.
 */
export function assertGenerates(t: Test, tables: readonly DetectedTable[], count = 8): void {
  const withCounts = tables.map((table) => ({ ...table, count }));
  try {
    validate(GenerateBody, { tables: withCounts });
  } catch (error) {
    t.fail(`the generate request schema refused the detected schema: ${(error as Error).message}`, {
      tables,
    });
    return;
  }
  const result = compile({ tables: withCounts, locale: 'en', seed: 7 });
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
