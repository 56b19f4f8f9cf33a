/**
 * `mockhive profile`: a live database read into a generation request that reproduces its shape, not
 * its data. Tables, columns, keys, uniques, CHECKs and enum types come from the catalog (as
 * `seed --from-database` reads them); counts, null rates, ranges, percentiles, category weights,
 * children per parent and date orderings from a sample of each table and a few aggregate queries.
 * The request is plain JSON for `seed --request`, the API or git. docs/profile.md.
 */
import { compile, type FieldSpec, type TableSpec } from '../../workers/engine/index.js';
import { EVENT_TYPES } from '../../workers/engine/engine-params.js';
import type { GenerationPlan } from '../../workers/engine/index.js';
import { EXIT, SeedError, type SeedProgress, type SeedTarget, tablesFromDatabase } from '../seed/index.js';
import { type ColumnFacts, profileColumn } from './columns.js';
import { childrenPerParent, datesBeforeParent, rowOrderings } from './relations.js';
import { countRows, readError, sampleRows } from './sample.js';

export interface ProfileOptions {
  /** Only these tables (they must hold every table their refs point to). */
  tables?: readonly string[];
  /** Rows read per table at most (about). */
  sample: number;
  /** Rows a category label must be shared by to be kept. */
  minGroup: number;
  /** Multiplies every count. */
  scale: number;
}

export interface Profile {
  request: { tables: TableSpec[] };
  warnings: string[];
}

const NO_PROGRESS: SeedProgress = { start() {}, advance() {}, finish() {} };

/** Profiles `target`'s tables (see the file comment). */
export async function profileDatabase(
  target: SeedTarget,
  options: ProfileOptions,
  progress: SeedProgress = NO_PROGRESS,
): Promise<Profile> {
  let found: { tables: TableSpec[]; warnings: string[] };
  try {
    found = await tablesFromDatabase(target, () => 1, options.tables);
  } catch (error) {
    throw error instanceof SeedError ? error : readError(error, undefined, target);
  }
  const { warnings } = found;
  const detected = chooseTables(found.tables, options.tables);
  const plan = planOrFail(detected.map((t) => ({ ...t, count: 1 })));

  const counts = new Map<string, number>();
  const samples = new Map<string, Record<string, unknown>[]>();
  const profiled = new Map<string, TableSpec>();
  for (const name of plan.order) {
    const spec = detected.find((t) => t.name === name)!;
    const planned = plan.tables.find((t) => t.name === name)!;
    const refs = spec.fields.filter((f) => f.type === 'ref');
    progress.start(name, 2 + refs.length);
    const count = await countRows(target, name);
    counts.set(name, count);
    progress.advance(name, 1);
    const columns = spec.fields.map((f) => f.name);
    const rows = await sampleRows(target, name, columns, count, options.sample);
    samples.set(name, rows);
    progress.advance(name, 1);

    const keyed = new Set((spec.unique ?? []).flat());
    const fields = spec.fields.map((field, i): FieldSpec => {
      const pf = planned.fields[i]!;
      const facts: ColumnFacts = {
        field,
        kind: pf.kind,
        key:
          field.name === planned.primaryKey ||
          pf.unique ||
          pf.distinct ||
          field.type === 'ref' ||
          keyed.has(field.name),
        nullable: field.nullable === true,
      };
      return profileColumn(
        facts,
        rows.map((r) => r[field.name] ?? null),
        { minGroup: options.minGroup },
      );
    });

    // Dates of a row in the order they always have.
    const dates = fields.filter((f) => f.type === 'date' || f.type === 'datetime').map((f) => f.name);
    for (const [name, after] of rowOrderings(dates, rows)) {
      const at = fields.findIndex((f) => f.name === name);
      const f = fields[at]!;
      fields[at] = { ...f, params: { ...f.params, after: after.length === 1 ? after[0] : after } };
    }

    // Children per parent, for a ref that every row fills and that may repeat.
    for (const [at, field] of fields.entries()) {
      if (field.type !== 'ref' || field.nullable || field.unique) continue;
      const parent = String(field.params?.['table']);
      if (parent === name) continue;
      const perParent = await childrenPerParent(target, name, field.name, counts.get(parent) ?? 0);
      progress.advance(name, 1);
      if (perParent !== undefined)
        fields[at] = { ...field, params: { ...field.params, per_parent: perParent } };
    }
    profiled.set(name, { ...spec, fields });
    progress.finish(name);
  }

  await checkParentDates(target, profiled, samples, plan);

  const tables: TableSpec[] = [];
  for (const spec of detected) {
    const count = counts.get(spec.name) ?? 0;
    const referenced = detected.some((t) =>
      t.fields.some(
        (f) => f.type === 'ref' && f.params?.['table'] === spec.name && (counts.get(t.name) ?? 0) > 0,
      ),
    );
    if (count === 0 && !referenced) {
      warnings.push(`${spec.name} is empty and is left out.`);
      continue;
    }
    tables.push({ ...profiled.get(spec.name)!, count: Math.max(1, Math.round(count * options.scale)) });
  }
  if (tables.length === 0) throw new SeedError(`${target.label} has no rows to profile.`, EXIT.fit);
  return { request: { tables: fitted(tables, warnings) }, warnings };
}

/** The tables `--tables` names, refused (exit 2) when one is unknown or a parent is left out. */
function chooseTables(all: TableSpec[], names: readonly string[] | undefined): TableSpec[] {
  if (names === undefined) return all;
  // `all` holds the named tables that exist.
  const unknown = names.filter((n) => !all.some((t) => t.name === n));
  if (unknown.length > 0)
    throw new SeedError(`--tables names no table of the database: ${unknown.join(', ')}.`, EXIT.usage);
  const chosen = all.filter((t) => names.includes(t.name));
  for (const table of chosen) {
    for (const field of table.fields) {
      const parent = field.params?.['table'];
      if (field.type === 'ref' && typeof parent === 'string' && !names.includes(parent))
        throw new SeedError(
          `${table.name}.${field.name} refers to ${parent}, which --tables leaves out: add it.`,
          EXIT.usage,
        );
    }
  }
  return chosen;
}

function planOrFail(tables: TableSpec[]): GenerationPlan {
  const result = compile({ tables, seed: 1, locale: 'en' });
  if (!result.ok)
    throw new SeedError(
      `The database's tables do not make a request: ${result.error.message} ${JSON.stringify(result.error.details)}`,
      EXIT.fit,
    );
  return result.plan;
}

/**
 * A child's event dates follow its parent's row time by default (docs/engine.md); where a sampled
 * child is dated before its parent, the twin must allow that too (`after_parents: false`).
 */
async function checkParentDates(
  target: SeedTarget,
  profiled: Map<string, TableSpec>,
  samples: Map<string, Record<string, unknown>[]>,
  plan: GenerationPlan,
): Promise<void> {
  for (const [name, spec] of profiled) {
    const events = spec.fields.filter((f) => EVENT_TYPES.includes(f.type)).map((f) => f.name);
    if (events.length === 0) continue;
    const early = new Set<string>();
    for (const field of spec.fields) {
      if (field.type !== 'ref') continue;
      const parentName = String(field.params?.['table']);
      const parent = profiled.get(parentName);
      if (parent === undefined || parentName === name) continue;
      const rowTime = parent.fields.find(
        (f) => EVENT_TYPES.includes(f.type) && !f.nullable && f.params?.['when'] === undefined,
      );
      if (rowTime === undefined) continue;
      const plannedParent = plan.tables.find((t) => t.name === parentName)!;
      const key = (field.params?.['field'] as string | undefined) ?? plannedParent.primaryKey ?? undefined;
      if (key === undefined) continue;
      const found = await datesBeforeParent(
        target,
        { table: parentName, key, rowTime: rowTime.name },
        field.name,
        events,
        samples.get(name) ?? [],
      );
      for (const date of found) early.add(date);
    }
    if (early.size === 0) continue;
    profiled.set(name, {
      ...spec,
      fields: spec.fields.map((f) =>
        early.has(f.name) ? { ...f, params: { ...f.params, after_parents: false } } : f,
      ),
    });
  }
}

/**
 * The request, compiled once: a measured shape the engine cannot meet at these counts (children per
 * parent beside a composite key, say) is dropped with a warning rather than failing the profile.
 */
function fitted(tables: TableSpec[], warnings: string[]): TableSpec[] {
  for (let attempt = 0; attempt < 3; attempt++) {
    const result = compile({ tables, seed: 1, locale: 'en' });
    if (result.ok) return tables;
    const paths = result.error.details.map((d) => d.field);
    const drop = new Set<string>();
    for (const path of paths) {
      const m = /^tables\[(\d+)\]\.fields\[(\d+)\]/.exec(path);
      if (m) drop.add(`${m[1]}:${m[2]}`);
    }
    if (drop.size === 0) break;
    tables = tables.map((t, ti) => ({
      ...t,
      fields: t.fields.map((f, fi) => {
        if (!drop.has(`${ti}:${fi}`)) return f;
        const params = { ...f.params };
        for (const key of ['per_parent', 'quantiles', 'after']) delete params[key];
        warnings.push(
          `${t.name}.${f.name}: ${result.error.details.map((d) => d.message).join('; ')}; its measured shape is left out.`,
        );
        return { ...f, params };
      }),
    }));
  }
  const result = compile({ tables, seed: 1, locale: 'en' });
  if (!result.ok)
    throw new SeedError(
      `The profile does not compile: ${result.error.message} ${JSON.stringify(result.error.details)}`,
      EXIT.failed,
    );
  return tables;
}
