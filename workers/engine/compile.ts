/**
 * compile(): validates a request's tables and turns them into a GenerationPlan (plain data) that
 * generateRows can run in any worker. Bad input gives an EngineError, never an exception.
 */
import { createHash } from 'node:crypto';
import { type DraftField, type DraftTable, Issues } from './compile-draft.js';
import { checkValueCycles, copiedFrom, planDerived } from './compile-derived.js';
import {
  distinctParentGroups,
  planExclusions,
  planPlaceRef,
  planRefPicks,
  planRowLocale,
} from './compile-links.js';
import { planOrdering } from './compile-order.js';
import { readTables } from './compile-read.js';
import { findCycle, findPrimaryKeys, resolveRefs, topologicalOrder } from './compile-refs.js';
import {
  keyComposites,
  liftSingleKeys,
  planComposites,
  planFieldUniqueness,
  planMatches,
} from './compile-unique.js';
import { isLocaleCode } from './locales/index.js';
import {
  type CompileResult,
  ENGINE_VERSION,
  type EngineError,
  type GenerationPlan,
  type PlannedTable,
} from './plan.js';
import { combine, hashString } from './random.js';
import { cellOverhead, NULL_BYTES, rowOverhead } from './size.js';
import type { GenerationInput } from './schema.js';

function schemaError(issues: Issues): { ok: false; error: EngineError } {
  const first = issues.list[0];
  const more = issues.list.length > 1 ? ` (and ${issues.list.length - 1} more)` : '';
  const message = first === undefined ? 'invalid schema' : `${first.field}: ${first.message}${more}`;
  return { ok: false, error: { code: 'SCHEMA_ERROR', message, details: issues.list } };
}

/** Validates and plans a generation; never throws on bad input. */
export function compile(input: GenerationInput): CompileResult {
  const issues = new Issues();
  const seed = input?.seed;
  if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    issues.add('seed', 'seed must be an integer from 0 to 4294967295');
  }
  const locale = input?.locale;
  if (typeof locale !== 'string' || !isLocaleCode(locale))
    issues.add('locale', `unsupported locale "${String(locale)}"`);
  const tables = readTables(input ?? { tables: [] }, issues);
  if (issues.any) return schemaError(issues);

  findPrimaryKeys(tables);
  resolveRefs(tables, issues);
  if (issues.any) return schemaError(issues);
  const cycle = findCycle(tables);
  if (cycle !== null) {
    const message = `circular references between tables: ${cycle.names.join(' -> ')}`;
    return { ok: false, error: { code: 'DEPENDENCY_CYCLE', message, details: cycle.details } };
  }
  const order = topologicalOrder(tables);
  planDerived(tables, issues);
  if (issues.any) return schemaError(issues);

  // Parents first: a child's checks read its parents' counts and which of their fields are distinct.
  for (const t of order) {
    const table = tables[t] as DraftTable;
    liftSingleKeys(table);
    planFieldUniqueness(table, locale as string, issues);
    planRefPicks(tables, table, issues);
    const groups = distinctParentGroups(table);
    planComposites(tables, table, groups, locale as string, issues);
    planMatches(tables, table, issues);
    planExclusions(tables, table, groups, issues);
    planRowLocale(table);
    planPlaceRef(table, issues);
    const driver = table.fields[table.localeField];
    if (driver?.params['when'] !== undefined)
      issues.add(
        `${driver.path}.params.when`,
        "the field that decides each row's locale cannot be conditional",
      );
    planOrdering(tables, table, issues);
  }
  if (!issues.any) checkValueCycles(tables, issues);
  if (issues.any) return schemaError(issues);
  return { ok: true, plan: buildPlan(input, tables, order), warnings: issues.warnings };
}

/**
 * Worst-case bytes of every field's values (size.ts): a ref or a lookup takes the bound of the field it
 * copies, found through any chain of refs and lookups (a self-reference included).
 */
function fieldBytes(drafts: DraftTable[]): number[][] {
  const bytes: number[][] = drafts.map(() => []);
  const visiting = new Set<string>();
  const of = (t: number, f: number): number => {
    const known = bytes[t]?.[f];
    if (known !== undefined) return known;
    const field = (drafts[t] as DraftTable).fields[f] as DraftField;
    const key = `${t}:${f}`;
    if (visiting.has(key)) return NULL_BYTES; // copies itself through a self-reference: nulls only
    visiting.add(key);
    const copied = copiedFrom(drafts, t, field);
    const own = copied === undefined ? field.type.maxBytes(field.params) : of(...copied);
    visiting.delete(key);
    const value = Math.max(own, NULL_BYTES);
    (bytes[t] as number[])[f] = value;
    return value;
  };
  drafts.forEach((draft, t) => draft.fields.forEach((_, f) => of(t, f)));
  return bytes;
}

function buildPlan(input: GenerationInput, drafts: DraftTable[], order: number[]): GenerationPlan {
  const seed = input.seed >>> 0;
  const bytes = fieldBytes(drafts);
  const tables = drafts.map((draft, t): PlannedTable => {
    const tableKey = combine(seed, hashString(draft.name));
    keyComposites(draft, tableKey);
    return {
      name: draft.name,
      count: draft.count,
      primaryKey: draft.primaryKey < 0 ? null : (draft.fields[draft.primaryKey]?.name ?? null),
      foreignKeys: draft.fields.flatMap((f) => {
        if (f.ref === null) return [];
        const parent = drafts[f.ref.table] as DraftTable;
        return [{ field: f.name, table: parent.name, references: parent.fields[f.ref.field]?.name ?? '' }];
      }),
      uniques: draft.uniques.map((names) => [...names]),
      perRowLocale: draft.perRowLocale,
      localeField: draft.localeField,
      placeRef: draft.placeRef,
      rowBytes: draft.fields.reduce(
        (sum, f, i) => sum + bytes[t]![i]! + cellOverhead(f.name),
        rowOverhead(draft.name),
      ),
      streamKey: tableKey,
      composites: draft.composites,
      fields: draft.fields.map((f) => ({
        name: f.name,
        type: f.typeId,
        kind: f.kind,
        nullable: f.nullable,
        unique: f.unique,
        distinct: f.distinct,
        params: f.params,
        maxBytes: bytes[t]![f.index]!,
        nullRate: f.nullable ? f.nullRate : 0,
        streamKey: combine(tableKey, hashString(f.name)),
        source: f.ref === null ? f.source : { mode: 'ref', ref: refOf(f.ref) },
        when: f.when,
      })),
    };
  });
  // Threads cache derived data under this key: a collision would hand one request another's rows, so
  // it is a cryptographic hash of everything that shapes the output.
  const key = createHash('sha256')
    .update(JSON.stringify([ENGINE_VERSION, seed, input.locale, input.tables]))
    .digest('hex');
  return {
    seed,
    locale: input.locale,
    engineVersion: ENGINE_VERSION,
    key,
    order: order.map((t) => (drafts[t] as DraftTable).name),
    tables,
  };
}

function refOf(ref: NonNullable<DraftTable['fields'][number]['ref']>) {
  return {
    table: ref.table,
    field: ref.field,
    self: ref.self,
    pick: ref.pick,
    distribution: ref.distribution,
    alpha: ref.alpha,
    perParent: ref.perParent,
    exclude: ref.exclude,
    composite: ref.composite,
    member: ref.member,
    asOf: ref.asOf,
    where: ref.where,
  };
}
