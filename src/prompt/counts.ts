/**
 * Counts of converted tables: missing ones from `per_parent` or the parents, every `per_parent` range
 * and unique pair made feasible; and the order tables are listed in (parents first).
 */
import type { FieldSpec, TableSpec } from '../../workers/engine/index.js';

const DEFAULT_COUNT = 10;
const MAX_DEFAULT_CHILDREN = 100;

interface RefInfo {
  name: string;
  parent: string;
  per?: { min: number; max: number };
  /** allow_self: false — it differs from the other refs of the row to the same parent. */
  distinct: boolean;
}

function refsOf(table: TableSpec): RefInfo[] {
  return table.fields.flatMap((f) => {
    const parent = f.params?.['table'];
    if (f.type !== 'ref' || typeof parent !== 'string' || parent === table.name) return [];
    const per = f.params?.['per_parent'] as { min: number; max: number } | undefined;
    return [{ name: f.name, parent, distinct: f.params?.['allow_self'] === false, ...(per ? { per } : {}) }];
  });
}

/**
 * The distinct combinations of a unique key's refs, as the engine counts them. Refs to one parent of
 * which one says allow_self: false differ pairwise in a row, so a key's k-th member to that parent
 * has n − k choices left (n·(n−1) pairs). `shared`, a per_parent ref whose children share its row,
 * counts as the first member and adds no factor; members that are not refs add none either.
 */
function refSpace(
  key: readonly string[],
  refs: readonly RefInfo[],
  byName: ReadonlyMap<string, TableSpec>,
  shared?: RefInfo,
): number {
  const avoid = new Set(refs.filter((r) => r.distinct).map((r) => r.parent));
  const taken = new Map<string, number>(shared === undefined ? [] : [[shared.parent, 1]]);
  return key.reduce((n, name) => {
    const r = refs.find((x) => x.name === name);
    if (r === undefined || r.name === shared?.name) return n;
    const parents = byName.get(r.parent)?.count ?? DEFAULT_COUNT;
    const before = taken.get(r.parent) ?? 0;
    taken.set(r.parent, before + 1);
    return n * Math.max(0, parents - (avoid.has(r.parent) ? before : 0));
  }, 1);
}

/** Counts: missing ones from per_parent or parents; every per_parent and unique pair made feasible. */
export function fitCounts(tables: TableSpec[]): void {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const resolved = new Set<string>();
  const visit = (table: TableSpec, depth: number): number => {
    if (resolved.has(table.name) || depth > tables.length) return table.count || DEFAULT_COUNT;
    const refs = refsOf(table);
    for (const r of refs) {
      const parent = byName.get(r.parent);
      if (parent !== undefined) visit(parent, depth + 1);
    }
    let count = table.count;
    let low = 1;
    let high = Number.POSITIVE_INFINITY;
    const perRef = refs.find((r) => r.per !== undefined);
    if (perRef !== undefined) {
      const parents = byName.get(perRef.parent)?.count ?? DEFAULT_COUNT;
      low = parents * perRef.per!.min;
      high = parents * perRef.per!.max;
      if (count === 0) count = Math.round((parents * (perRef.per!.min + perRef.per!.max)) / 2);
    }
    for (const key of table.unique ?? []) high = Math.min(high, Math.max(1, refSpace(key, refs, byName)));
    if (count === 0) {
      const parentCounts = refs.map((r) => byName.get(r.parent)?.count ?? DEFAULT_COUNT);
      count =
        parentCounts.length === 0
          ? DEFAULT_COUNT
          : Math.min(
              MAX_DEFAULT_CHILDREN * Math.max(1, Math.ceil(Math.max(...parentCounts) / 100)),
              Math.max(...parentCounts) * 3,
            );
    }
    (table as { count: number }).count = Math.max(1, Math.min(Math.max(count, low), high));
    resolved.add(table.name);
    return table.count;
  };
  for (const table of tables) visit(table, 0);
  // A unique pair that cannot fit under a per_parent range loses the pair (the range is what was
  // asked), and a ref's `match`, which draws within the pair, with it.
  for (const table of tables) {
    const refs = refsOf(table);
    const perRef = refs.find((r) => r.per !== undefined);
    if (perRef === undefined || table.unique === undefined) continue;
    // Each parent's children need distinct partners: as many as the key's other refs combine to.
    const fits = table.unique.every(
      (key) =>
        key.includes(perRef.name) &&
        key.every((name) => refs.some((r) => r.name === name)) &&
        perRef.per!.max <= refSpace(key, refs, byName, perRef),
    );
    if (fits) continue;
    delete (table as { unique?: unknown }).unique;
    (table as { fields: readonly FieldSpec[] }).fields = table.fields.map((field) => {
      if (field.params?.['match'] === undefined) return field;
      const { match: _, ...params } = field.params;
      return { ...field, params };
    });
  }
}

/** Parents first, so the response reads top-down (the engine orders by itself too). */
export function orderByDependency(tables: TableSpec[]): TableSpec[] {
  const out: TableSpec[] = [];
  const placed = new Set<string>();
  for (let round = 0; round <= tables.length && out.length < tables.length; round++) {
    for (const table of tables) {
      if (placed.has(table.name)) continue;
      if (refsOf(table).every((r) => placed.has(r.parent) || !tables.some((t) => t.name === r.parent))) {
        out.push(table);
        placed.add(table.name);
      }
    }
  }
  for (const table of tables) if (!placed.has(table.name)) out.push(table);
  return out;
}
