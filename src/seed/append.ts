/**
 * `seed --append`: rows added to a database that already holds some. A `ref` to a table that is not
 * in the request but is in the database draws from that table's existing keys (all of them, or a
 * sample of `refSample` above that); a sequence starts past the largest value its column holds; and a
 * unique column whose drawn values meet existing ones is refused before anything is written.
 */
import type { FieldSpec, GenerationPlan, TableSpec } from '../../workers/engine/index.js';
import { generateRows, NUMBERING_TYPES } from '../../workers/engine/index.js';
import { quoteIdentifier } from '../../workers/output/sql.js';
import { sampleRows } from '../profile/sample.js';
import { EXIT, SeedError, type SeedTarget } from './target.js';

/** The primary key column of an existing table (PostgreSQL, MariaDB, SQLite catalogs). */
async function primaryKey(target: SeedTarget, table: string): Promise<string | undefined> {
  const literal = `'${table.replace(/'/g, "''")}'`;
  const sql =
    target.dialect === 'sqlite'
      ? `SELECT name AS k FROM pragma_table_info(${literal}) WHERE pk = 1`
      : target.dialect === 'postgres'
        ? `SELECT a.attname AS k FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
            WHERE i.indisprimary AND i.indrelid = (SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE c.relname = ${literal} AND n.nspname = current_schema())`
        : `SELECT COLUMN_NAME AS k FROM information_schema.KEY_COLUMN_USAGE
            WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ${literal} AND CONSTRAINT_NAME = 'PRIMARY'`;
  const rows = await target.select(sql);
  return rows.length === 1 ? String(rows[0]!['k']) : undefined;
}

/** A key as JSON: numbers stay numbers (big ones as text), dates as ISO text. */
function keyValue(v: unknown): string | number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : String(v);
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'string' && /^-?\d{1,15}$/.test(v)) return Number(v);
  return String(v);
}

/**
 * The request's tables with refs to tables outside it turned into draws from the database's keys,
 * and sequences moved past the values their columns hold. SeedError (exit 4) when such a table is
 * missing, empty or has no key to refer to.
 */
export async function appendTables(
  target: SeedTarget,
  tables: readonly TableSpec[],
  refSample: number,
  warnings: string[],
): Promise<TableSpec[]> {
  const inRequest = new Set(tables.map((t) => t.name));
  const outside = [
    ...new Set(
      tables.flatMap((t) =>
        t.fields
          .filter((f) => f.type === 'ref' && !inRequest.has(String(f.params?.['table'])))
          .map((f) => String(f.params?.['table'])),
      ),
    ),
  ];
  const existing = await target.describe([...outside, ...inRequest]);
  const keys = new Map<string, (string | number)[]>();
  for (const name of outside) {
    const users = tables.flatMap((t) =>
      t.fields
        .filter((f) => f.type === 'ref' && f.params?.['table'] === name)
        .map((f) => `${t.name}.${f.name}`),
    );
    if (!existing.has(name))
      throw new SeedError(
        `${users.join(', ')} ${users.length === 1 ? 'refers' : 'refer'} to ${name}, which is neither in the request nor in ${target.label}.`,
        EXIT.fit,
      );
    if (existing.get(name)!.empty)
      throw new SeedError(
        `${name} is empty in ${target.label}: ${users.join(', ')} would have nothing to refer to.`,
        EXIT.fit,
      );
  }
  const fieldKeys = async (table: string, field: string | undefined): Promise<(string | number)[]> => {
    const column = field ?? (await primaryKey(target, table));
    if (column === undefined)
      throw new SeedError(
        `${table} has no single-column primary key: give the ref a params.field.`,
        EXIT.fit,
      );
    const cacheKey = `${table}.${column}`;
    let found = keys.get(cacheKey);
    if (found === undefined) {
      const q = quoteIdentifier(target.dialect, table);
      const count = Number((await target.select(`SELECT COUNT(*) AS n FROM ${q}`))[0]?.['n'] ?? 0);
      const rows = await sampleRows(target, table, [column], count, refSample);
      found = [
        ...new Set(
          rows
            .map((r) => r[column])
            .filter((v) => v !== null && v !== undefined)
            .map(keyValue),
        ),
      ];
      if (count > refSample)
        warnings.push(`${table}: refs draw from a sample of ${found.length} of its ${count} keys.`);
      keys.set(cacheKey, found);
    }
    return found;
  };

  const out: TableSpec[] = [];
  for (const table of tables) {
    const fields: FieldSpec[] = [];
    for (const field of table.fields) {
      const parent = String(field.params?.['table']);
      if (field.type === 'ref' && !inRequest.has(parent)) {
        const values = await fieldKeys(parent, field.params?.['field'] as string | undefined);
        const {
          table: _t,
          field: _f,
          per_parent: _p,
          distribution: _d,
          alpha: _a,
          allow_self: _s,
          ...rest
        } = field.params ?? {};
        fields.push({ ...field, type: 'enum', params: { ...rest, values } });
      } else if (NUMBERING_TYPES.has(field.type) && existing.get(table.name)?.empty === false) {
        fields.push(await pastSequence(target, table.name, field));
      } else fields.push(field);
    }
    out.push({ ...table, fields });
  }
  return out;
}

/** A numeric `id` or sequence started past the largest value its column holds. */
async function pastSequence(target: SeedTarget, table: string, field: FieldSpec): Promise<FieldSpec> {
  const params = field.params ?? {};
  if (params['prefix'] !== undefined || params['suffix'] !== undefined || params['pad'] !== undefined)
    return field;
  const q = (name: string) => quoteIdentifier(target.dialect, name);
  const rows = await target.select(`SELECT MAX(${q(field.name)}) AS m FROM ${q(table)}`);
  const max = Number(rows[0]?.['m']);
  if (!Number.isFinite(max)) return field;
  const step = Number(params['step'] ?? 1);
  if (step < 0) return field;
  const start = Number(params['start'] ?? 1);
  return start > max ? field : { ...field, params: { ...params, start: max + 1 } };
}

/**
 * Refuses (exit 4) a unique column whose values, as the plan draws them, meet values already in the
 * database: the load would fail on the constraint or, without one, break the uniqueness asked for.
 */
export async function checkUniqueCollisions(target: SeedTarget, plan: GenerationPlan): Promise<void> {
  const existing = await target.describe(plan.order);
  for (const table of plan.tables) {
    if (existing.get(table.name)?.empty !== false) continue;
    const columns = table.fields
      .map((f, i) => ({ f, i }))
      .filter(({ f }) => f.unique || (f.distinct && f.type !== 'uuid' && !NUMBERING_TYPES.has(f.type)));
    if (columns.length === 0) continue;
    const rows = generateRows(plan, table.name, 0, table.count);
    for (const { f, i } of columns) {
      const q = (name: string) => quoteIdentifier(target.dialect, name);
      const have = new Set(
        (await target.select(`SELECT ${q(f.name)} AS v FROM ${q(table.name)}`)).map((r) =>
          String(keyValue(r['v'])),
        ),
      );
      const clash = rows.filter((row) => row[i] !== null && have.has(String(row[i]))).length;
      if (clash > 0)
        throw new SeedError(
          `${clash} of the ${table.count} values drawn for ${table.name}.${f.name} (unique) are already in ${target.label}; try another --seed.`,
          EXIT.fit,
        );
    }
  }
}
