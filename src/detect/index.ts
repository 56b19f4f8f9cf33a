/**
 * Schema detection: SQL DDL, one sample JSON record, an OpenAPI document or a JSON Schema → tables that `POST /api/v1/generate` accepts
 * as they are, each with DETECTED_COUNT rows. References are resolved here for both inputs: a foreign key to a table that is
 * not in the input keeps the column's own type, a cycle of foreign keys is broken at its last edge, and
 * self-references become nullable (the first row has no one to point to). Fields that should agree
 * within a row read each other (`by`, links.ts).
 */
import { detectJson } from './json.js';
import {
  DETECTED_COUNT,
  DetectionError,
  type DetectedField,
  type DetectedTable,
  type DraftField,
  type DraftTable,
} from './model.js';
import { linkedTables } from './links.js';
import { meaningFields } from './meaning.js';
import { detectSql } from './sql.js';
import { detectSpec } from './spec-tables.js';

export { DETECTED_COUNT, DetectionError } from './model.js';
export type { DetectedField, DetectedTable } from './model.js';

/** The detection request after its shape was checked. */
export interface DetectInput {
  sql?: string;
  sample_json?: unknown;
  table_name?: string;
  /** An OpenAPI 3.x document: YAML or JSON text, or the object. */
  openapi?: unknown;
  /** One JSON Schema (draft-07 or 2020-12) with its definitions: text or the object. */
  json_schema?: unknown;
}

/** Limits that keep detection cheap. */
export const DETECT_LIMITS = {
  sqlChars: 500_000, // characters of DDL
  tables: 200,
  fieldsPerTable: 500,
} as const;

/**
 * Detects the tables of `input`: those of `sql` first, then `sample_json`, `openapi` and
 * `json_schema`; `warnings` name what a spec holds that is no table, and links that are guesses.
 */
export function detectSchema(input: DetectInput): { tables: DetectedTable[]; warnings: string[] } {
  const drafts: DraftTable[] = [];
  const warnings: string[] = [];
  const specTables = new Set<DraftTable>();
  if (input.sql !== undefined) drafts.push(...detectSql(input.sql));
  if (input.sample_json !== undefined) {
    drafts.push(
      ...detectJson(
        input.sample_json,
        input.table_name ?? 'records',
        drafts.map((d) => d.name),
      ),
    );
  }
  for (const source of ['openapi', 'json_schema'] as const) {
    if (input[source] === undefined) continue;
    const spec = detectSpec(input[source], source);
    if (spec.tables.length === 0)
      throw new DetectionError(
        `${source} describes no record: no object schema with properties among its ${source === 'openapi' ? 'components.schemas' : 'definitions'}.`,
      );
    drafts.push(...spec.tables);
    for (const table of spec.tables) specTables.add(table);
    warnings.push(...spec.warnings);
  }
  if (drafts.length > DETECT_LIMITS.tables) {
    throw new DetectionError(
      `The input defines ${drafts.length} tables; at most ${DETECT_LIMITS.tables} are detected at once.`,
    );
  }
  for (const draft of drafts) {
    if (draft.fields.length > DETECT_LIMITS.fieldsPerTable) {
      throw new DetectionError(
        `Table "${draft.name}" has ${draft.fields.length} columns; at most ${DETECT_LIMITS.fieldsPerTable} are supported.`,
      );
    }
    if (draft.fields.length === 0) throw new DetectionError(`Table "${draft.name}" has no columns.`);
  }
  return { tables: finalize(drafts, specTables), warnings };
}

function dedupeNames(tables: DraftTable[]): void {
  const seen = new Set<string>();
  for (const table of tables) {
    let name = table.name;
    for (let i = 2; seen.has(name); i++) name = `${table.name}_${i}`;
    table.name = name;
    seen.add(name);
    const fields = new Set<string>();
    table.fields = table.fields.filter((f) => !fields.has(f.name) && fields.add(f.name));
  }
}

function targetOf(tables: DraftTable[], field: DraftField): { table: DraftTable; field: string } | undefined {
  const ref = field.ref;
  if (ref === undefined) return undefined;
  const table = tables.find((t) => t.name.toLowerCase() === ref.table.toLowerCase());
  if (table === undefined) return undefined;
  const wanted = ref.field ?? table.primaryKey ?? 'id';
  const target = table.fields.find((f) => f.name.toLowerCase() === wanted.toLowerCase());
  if (target === undefined || target.ref !== undefined) return undefined;
  return { table, field: target.name };
}

/** Drops refs that cannot resolve, then breaks cycles between tables by dropping their closing ref. */
function pruneRefs(tables: DraftTable[]): void {
  for (const table of tables) {
    for (const field of table.fields)
      if (field.ref !== undefined && targetOf(tables, field) === undefined) delete field.ref;
  }
  const state = new Map<DraftTable, number>();
  const visit = (table: DraftTable): void => {
    state.set(table, 1);
    for (const field of table.fields) {
      const target = targetOf(tables, field);
      if (target === undefined || target.table === table) continue;
      const s = state.get(target.table) ?? 0;
      if (s === 1) delete field.ref;
      else if (s === 0) visit(target.table);
    }
    state.set(table, 2);
  };
  for (const table of tables) if (!state.has(table)) visit(table);
}

function toField(tables: DraftTable[], table: DraftTable, field: DraftField): DetectedField {
  const target = targetOf(tables, field);
  if (target !== undefined) {
    const out: DetectedField = {
      name: field.name,
      type: 'ref',
      params: { table: target.table.name, field: target.field },
    };
    if (field.nullable || target.table === table) out.nullable = true;
    if (field.unique && target.table !== table) out.unique = true;
    return out;
  }
  const out: DetectedField = { name: field.name, type: field.type };
  const params: Record<string, unknown> = { ...field.params };
  if (table.primaryKey === field.name && field.name !== 'id') params['primary_key'] = true;
  if (Object.keys(params).length > 0) out.params = params;
  if (field.nullable) out.nullable = true;
  if (field.unique) out.unique = true;
  return out;
}

/** `updated_at` follows `created_at` when both are date-times. */
function orderTimestamps(fields: DetectedField[]): void {
  const created = fields.find((f) => /^(created_at|createdAt|created|created_on)$/.test(f.name));
  const updated = fields.find((f) => /^(updated_at|updatedAt|updated|updated_on|modified_at)$/.test(f.name));
  const isTime = (f: DetectedField | undefined) =>
    f !== undefined && (f.type === 'datetime' || f.type === 'timestamp');
  if (!isTime(created) || !isTime(updated) || created?.nullable) return;
  updated!.params = { ...updated!.params, after: created!.name };
}

/**
 * The detected tables. Text by meaning (meaning.ts) is given to the tables of SQL and sample JSON,
 * not to a spec's (`specTables`): a spec's lengths and formats chose its types, and a text of another
 * meaning could break them.
 */
function finalize(drafts: DraftTable[], specTables: ReadonlySet<DraftTable>): DetectedTable[] {
  dedupeNames(drafts);
  pruneRefs(drafts);
  const resolved = drafts.map((table) => ({
    name: table.name,
    fields: table.fields.map((f) => toField(drafts, table, f)),
  }));
  const meant = meaningFields(resolved.filter((_, i) => !specTables.has(drafts[i]!)));
  const tables = linkedTables(
    resolved.map((table, i) => (specTables.has(drafts[i]!) ? table : meant.shift()!)),
  );
  return drafts.map((table, i) => {
    const fields = tables[i]!.fields;
    orderTimestamps(fields);
    const out: DetectedTable = { name: table.name, count: DETECTED_COUNT, fields };
    if (table.unique !== undefined) {
      const names = new Map(fields.map((f) => [f.name.toLowerCase(), f.name]));
      const keys = table.unique
        .map((key) => key.map((n) => names.get(n.toLowerCase())))
        .filter((key): key is string[] => key.every((n) => n !== undefined));
      if (keys.length > 0) out.unique = keys;
    }
    return out;
  });
}
