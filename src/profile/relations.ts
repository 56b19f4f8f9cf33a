/**
 * What a profile measures between columns and tables: children per parent (one aggregate query per
 * foreign key: how many parents have 0, 1, 2, … children), dates of a row that never precede another
 * of its dates, and child dates that never precede their parent's row time.
 */
import type { SqlDialect } from '../../workers/output/options.js';
import { quoteIdentifier, quoteString } from '../../workers/output/sql.js';
import type { SeedTarget } from '../seed/index.js';
import { asInstant } from './columns.js';
import { selectFrom } from './sample.js';

/** Longest children-per-parent distribution kept; larger counts are folded into the last entry. */
export const MAX_CHILDREN = 1000;

/**
 * `per_parent {min, max, weights}` for the children of `child.ref` among `parents` parent rows:
 * weights[i] is the share of parents with min + i children. Undefined without parents.
 */
export async function childrenPerParent(
  target: SeedTarget,
  child: string,
  ref: string,
  parents: number,
): Promise<{ min: number; max: number; weights: number[] } | undefined> {
  if (parents === 0) return undefined;
  const q = (name: string) => quoteIdentifier(target.dialect, name);
  const rows = await selectFrom(
    target,
    child,
    `SELECT n, COUNT(*) AS parents FROM (SELECT ${q(ref)}, COUNT(*) AS n FROM ${q(child)} WHERE ${q(ref)} IS NOT NULL GROUP BY ${q(ref)}) s GROUP BY n`,
  );
  const byCount = new Map<number, number>();
  let withChildren = 0;
  for (const row of rows) {
    const n = Math.min(MAX_CHILDREN, Number(row['n']));
    const p = Number(row['parents']);
    byCount.set(n, (byCount.get(n) ?? 0) + p);
    withChildren += p;
  }
  const childless = Math.max(0, parents - withChildren);
  if (childless > 0) byCount.set(0, childless);
  if (byCount.size === 0) return undefined;
  const counts = [...byCount.keys()];
  const min = Math.min(...counts);
  const max = Math.max(...counts, min + 1);
  const total = parents > withChildren ? parents : withChildren;
  const weights = Array.from({ length: max - min + 1 }, (_, i) => {
    const share = (byCount.get(min + i) ?? 0) / total;
    return Math.round(share * 1e6) / 1e6;
  });
  if (weights.every((w) => w === 0)) return undefined;
  return { min, max, weights };
}

/**
 * For each date column (by index into `dates`), the earlier columns it is never before in any sampled
 * row where both hold a value: its `after` anchors. Column order decides which way a pair is read,
 * so anchors never loop.
 */
export function rowOrderings(
  dates: readonly string[],
  rows: readonly Record<string, unknown>[],
): Map<string, string[]> {
  const instants = dates.map((name) =>
    rows.map((row) => (row[name] === null || row[name] === undefined ? NaN : asInstant(row[name]))),
  );
  const anchors = new Map<string, string[]>();
  for (let b = 1; b < dates.length; b++) {
    const after: string[] = [];
    for (let a = 0; a < b; a++) {
      let pairs = 0;
      let broken = false;
      const ta = instants[a] as number[];
      const tb = instants[b] as number[];
      for (let r = 0; r < rows.length && !broken; r++) {
        if (Number.isNaN(ta[r]) || Number.isNaN(tb[r])) continue;
        pairs++;
        broken = (tb[r] as number) < (ta[r] as number);
      }
      if (pairs > 0 && !broken) after.push(dates[a] as string);
    }
    if (after.length > 0) anchors.set(dates[b] as string, after);
  }
  return anchors;
}

/** A key as an SQL literal. */
function literal(dialect: SqlDialect, key: unknown): string {
  if (typeof key === 'number' || typeof key === 'bigint') return String(key);
  if (key instanceof Date) return quoteString(dialect, key.toISOString());
  return quoteString(dialect, String(key));
}

/** Parent keys looked up at most, per foreign key, to check child dates against the parent's. */
const KEYS_CHECKED = 2000;

/**
 * The child date columns (of `dates`) that precede their parent's `rowTime` in some sampled row: they
 * must not be made to follow it (`after_parents: false`).
 */
export async function datesBeforeParent(
  target: SeedTarget,
  parent: { table: string; key: string; rowTime: string },
  ref: string,
  dates: readonly string[],
  rows: readonly Record<string, unknown>[],
): Promise<Set<string>> {
  const early = new Set<string>();
  const keys = [...new Set(rows.map((r) => r[ref]).filter((k) => k !== null && k !== undefined))].slice(
    0,
    KEYS_CHECKED,
  );
  const q = (name: string) => quoteIdentifier(target.dialect, name);
  const times = new Map<string, number>();
  for (let i = 0; i < keys.length; i += 500) {
    const batch = keys.slice(i, i + 500).map((k) => literal(target.dialect, k));
    const found = await selectFrom(
      target,
      parent.table,
      `SELECT ${q(parent.key)} AS k, ${q(parent.rowTime)} AS t FROM ${q(parent.table)} WHERE ${q(parent.key)} IN (${batch.join(', ')})`,
    );
    for (const row of found) if (row['t'] !== null) times.set(String(row['k']), asInstant(row['t']));
  }
  for (const row of rows) {
    const at = times.get(String(row[ref]));
    if (at === undefined) continue;
    for (const date of dates) {
      const value = row[date];
      if (value !== null && value !== undefined && asInstant(value) < at) early.add(date);
    }
  }
  return early;
}
