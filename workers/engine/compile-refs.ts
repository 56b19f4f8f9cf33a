/**
 * Second compiler pass: primary keys, `ref` targets, the dependency graph between tables (cycles are
 * DEPENDENCY_CYCLE) and the topological order. A ref's column kind is its parent field's, resolved
 * with lookups' in compile-derived.ts.
 */
import type { DraftTable, Issues } from './compile-draft.js';
import { paramPath } from './compile-draft.js';
import { DEFAULT_ALPHA } from './compile-read.js';
import type { EngineIssue } from './plan.js';

const KEY_TYPES: ReadonlySet<string> = new Set(['uuid', 'sequence', 'id']);

/** The primary key: `params.primary_key: true`, else a field named `id`, else the first uuid/sequence/id. */
export function findPrimaryKeys(tables: DraftTable[]): void {
  for (const table of tables) {
    // A key holds a value in every row and is drawn, not copied or computed.
    const usable = table.fields.filter(
      (f) =>
        !f.nullable && f.params['when'] === undefined && f.typeId !== 'lookup' && f.typeId !== 'aggregate',
    );
    const key =
      usable.find((f) => f.params['primary_key'] === true) ??
      usable.find((f) => f.name === 'id') ??
      usable.find((f) => KEY_TYPES.has(f.typeId));
    table.primaryKey = key?.index ?? -1;
  }
}

/** Resolves every ref's parent table and field. */
export function resolveRefs(tables: DraftTable[], issues: Issues): void {
  const byName = new Map(tables.map((t) => [t.name, t.index]));
  for (const table of tables) {
    for (const field of table.fields) {
      if (field.typeId !== 'ref') continue;
      const params = field.params;
      const parentName = params['table'] as string;
      const parentIndex = byName.get(parentName);
      if (parentIndex === undefined) {
        issues.add(paramPath(field.path, 'table'), `referenced table "${parentName}" is not defined`);
        continue;
      }
      const parent = tables[parentIndex] as DraftTable;
      const self = parent === table;
      const wanted = params['field'] as string | undefined;
      const targetIndex = wanted === undefined ? parent.primaryKey : (parent.byName.get(wanted) ?? -1);
      if (targetIndex < 0) {
        const message =
          wanted === undefined
            ? `table "${parentName}" has no primary key; set params.field`
            : `table "${parentName}" has no field "${wanted}"`;
        issues.add(paramPath(field.path, wanted === undefined ? 'table' : 'field'), message);
        continue;
      }
      const target = parent.fields[targetIndex];
      if (self && (target === field || target?.typeId === 'ref')) {
        issues.add(
          paramPath(field.path, 'field'),
          'a self-reference must point to a field that is not a ref',
        );
        continue;
      }
      const perParent =
        (params['per_parent'] as { min: number; max: number; weights?: number[] } | undefined) ?? null;
      if (self && (perParent !== null || field.unique || params['distribution'] === 'round_robin')) {
        issues.add(field.path, 'per_parent, unique and round_robin are not supported on a self-reference');
        continue;
      }
      const given = params['distribution'];
      const distribution = given === 'power_law' || given === 'round_robin' ? given : 'uniform';
      field.ref = {
        table: parentIndex,
        field: targetIndex,
        self,
        distribution,
        alpha: (params['alpha'] as number | undefined) ?? DEFAULT_ALPHA,
        perParent:
          perParent === null
            ? null
            : perParent.weights === undefined
              ? { min: perParent.min, max: perParent.max }
              : { min: perParent.min, max: perParent.max, weights: [...perParent.weights] },
        allowSelf: params['allow_self'] !== false,
        pick: distribution,
        exclude: [],
        composite: -1,
        member: -1,
        asOf: null,
        where: null,
      };
    }
  }
}

/**
 * Edges child -> parent for every ref except a nullable self-reference, which the engine orders within
 * the table (row r only points below r). A nullable ref between two tables still counts: the SQL
 * output inserts parents first and cannot do so around a cycle.
 */
function parentsOf(table: DraftTable): { parent: number; path: string }[] {
  const edges: { parent: number; path: string }[] = [];
  for (const field of table.fields) {
    if (field.ref === null || (field.ref.self && field.nullable)) continue;
    edges.push({ parent: field.ref.table, path: paramPath(field.path, 'table') });
  }
  return edges;
}

/** The first dependency cycle, as table names (`a -> b -> a`) and the ref params that form it. */
export function findCycle(tables: DraftTable[]): { names: string[]; details: EngineIssue[] } | null {
  const state = new Uint8Array(tables.length); // 0 new, 1 on the stack, 2 done
  const stack: { table: number; path: string }[] = [];
  const visit = (t: number, via: string): { names: string[]; details: EngineIssue[] } | null => {
    state[t] = 1;
    stack.push({ table: t, path: via });
    for (const edge of parentsOf(tables[t] as DraftTable)) {
      if (state[edge.parent] === 1) {
        const start = stack.findIndex((s) => s.table === edge.parent);
        const loop = stack.slice(start);
        const names = [
          ...loop.map((s) => (tables[s.table] as DraftTable).name),
          (tables[edge.parent] as DraftTable).name,
        ];
        const paths = [...loop.slice(1).map((s) => s.path), edge.path];
        const details = paths.map((path, i) => ({
          field: path,
          message: `${names[i]} references ${names[i + 1]}`,
        }));
        return { names, details };
      }
      if (state[edge.parent] === 0) {
        const found = visit(edge.parent, edge.path);
        if (found !== null) return found;
      }
    }
    stack.pop();
    state[t] = 2;
    return null;
  };
  for (let t = 0; t < tables.length; t++) {
    if (state[t] === 0) {
      const found = visit(t, '');
      if (found !== null) return found;
    }
  }
  return null;
}

/** Table indices with parents first; otherwise request order. Assumes no cycle. */
export function topologicalOrder(tables: DraftTable[]): number[] {
  const order: number[] = [];
  const placed = new Uint8Array(tables.length);
  while (order.length < tables.length) {
    const next = tables.find(
      (t) =>
        placed[t.index] === 0 && parentsOf(t).every((e) => e.parent === t.index || placed[e.parent] === 1),
    );
    if (next === undefined) break;
    placed[next.index] = 1;
    order.push(next.index);
  }
  return order;
}
