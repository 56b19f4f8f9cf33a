/**
 * Third compiler pass (part one): guaranteed uniqueness. Field `unique: true` and primary keys become
 * a permutation over the type's `nth` values; refs become one-to-one picks; table-level composite keys
 * become a permutation of their combined value space. Infeasible requests fail here, before generating.
 */
import {
  type DraftField,
  type DraftTable,
  type Issues,
  namedField,
  paramPath,
  partnerComposite,
} from './compile-draft.js';
import { MAX_FILTERED_PARENTS } from './compile-order.js';
import { MAX_COUNT } from './compile-read.js';
import { MAX_PERMUTATION_SIZE } from './permutation.js';
import { combine, hashString } from './random.js';

/** Every allowed count fits in this many values; a smaller domain keeps nth's numbers short. */
const UNIQUE_DOMAIN = MAX_COUNT + 1;

/** Types whose generator already yields distinct values per row (row-based, or 122 random bits). */
/** Types that number the rows (`start + row × step`): distinct by construction. */
export const NUMBERING_TYPES: ReadonlySet<string> = new Set(['sequence', 'id']);
export const NATURALLY_UNIQUE: ReadonlySet<string> = new Set(['uuid', ...NUMBERING_TYPES]);

/** How many distinct values a type promises under these params (0 when it cannot say). */
function cardinalityOf(field: DraftField, locale: string): number {
  if (field.type.cardinality === undefined || field.type.nth === undefined) return 0;
  try {
    const n = field.type.cardinality(field.params, locale);
    return typeof n === 'number' && n > 0 ? n : 0;
  } catch {
    return 0;
  }
}

/** `distinct`: the type's values permuted, every one once before any comes again. */
function planDistinct(field: DraftField, locale: string, issues: Issues): void {
  const drawn = field.source.mode === 'type' && field.ref === null;
  if (drawn && NATURALLY_UNIQUE.has(field.typeId)) return;
  const cardinality = drawn ? cardinalityOf(field, locale) : 0;
  if (cardinality > 0)
    field.source = { mode: 'nth', domain: Math.min(cardinality, UNIQUE_DOMAIN), ordered: false };
  else
    issues.add(
      paramPath(field.path, 'distinct'),
      'distinct needs a type with a list of distinct values, drawn on its own (not by, a ref or a lookup)',
    );
}

/** Field-level uniqueness (explicit, or implied by the primary key where the type allows it). */
export function planFieldUniqueness(table: DraftTable, locale: string, issues: Issues): void {
  for (const field of table.fields) {
    const isKey = field.index === table.primaryKey;
    if (!field.unique && field.params['in_order'] === true && field.source.mode === 'type') {
      // The type's values in their order, again from the first once they run out.
      const cardinality = cardinalityOf(field, locale);
      if (cardinality > 0)
        field.source = { mode: 'nth', domain: Math.min(cardinality, UNIQUE_DOMAIN), ordered: true };
      continue;
    }
    if (!field.unique && !isKey) {
      if (field.params['distinct'] === true) planDistinct(field, locale, issues);
      continue;
    }
    if (field.ref !== null) continue; // see planRefPicks
    if (field.unique && (field.params['after'] !== undefined || field.params['before'] !== undefined)) {
      issues.add(field.path, 'a unique field cannot also use after/before');
      continue;
    }
    if (NATURALLY_UNIQUE.has(field.typeId) || (field.source.mode === 'keyed' && field.source.distinct)) {
      field.distinct = true;
      continue;
    }
    const cardinality = cardinalityOf(field, locale);
    if (cardinality >= table.count) {
      field.distinct = true;
      const ordered = field.params['in_order'] === true;
      field.source = { mode: 'nth', domain: Math.min(cardinality, UNIQUE_DOMAIN), ordered };
    } else if (field.unique) {
      const message =
        cardinality === 0
          ? `type "${field.typeId}" cannot guarantee unique values`
          : `type "${field.typeId}" has only ${cardinality} distinct values with these params, fewer than count ${table.count}`;
      issues.add(`${field.path}.unique`, message);
    }
  }
  for (const field of table.fields)
    if (field.params['in_order'] === true && field.source.mode !== 'nth')
      issues.add(
        paramPath(field.path, 'in_order'),
        'in_order needs a type with a list of distinct values (not uuid, id, a sequence or a ref)',
      );
}

/** Turns table-level unique keys into composites (or field uniqueness for one-field keys). */
export function planComposites(
  tables: DraftTable[],
  table: DraftTable,
  distinctParents: ReadonlySet<number>,
  locale: string,
  issues: Issues,
): void {
  const used = new Set<number>();
  table.uniques.forEach((names, k) => {
    const path = `${table.path}.unique[${k}]`;
    const members = names.map((n) => table.fields[table.byName.get(n) ?? -1]);
    const missing = names.find((_, i) => members[i] === undefined);
    if (missing !== undefined)
      return issues.add(path, `unique key names field "${missing}", which is not defined`);
    if (names.length === 1) return; // lifted to field uniqueness
    const fields = members as DraftField[];
    if (fields.some((f) => f.distinct)) return; // implied by a unique member
    if (fields.some((f) => used.has(f.index)))
      return issues.add(path, 'a field can belong to one unique key only');
    const perParent = fields.filter((f) => f.ref?.perParent);
    if (perParent.length > 1) return issues.add(path, 'at most one field of a unique key can use per_parent');
    const ordered = [...perParent, ...fields.filter((f) => !f.ref?.perParent)];
    const sizes: number[] = [];
    for (const f of ordered) {
      if (f.ref !== null) {
        const parent = tables[f.ref.table] as DraftTable;
        if (f.ref.self)
          return issues.add(path, `"${f.name}" is a self-reference and cannot be part of a unique key`);
        if (!(parent.fields[f.ref.field] as DraftField).distinct) {
          return issues.add(path, `"${f.name}" references a field of "${parent.name}" that is not unique`);
        }
        sizes.push(parent.count);
      } else {
        const size =
          f.source.mode === 'type' && !f.params['after'] && !f.params['before']
            ? cardinalityOf(f, locale)
            : 0;
        if (size === 0 || !Number.isFinite(size)) {
          return issues.add(path, `"${f.name}" (type "${f.typeId}") cannot be part of a unique key`);
        }
        sizes.push(size);
      }
    }
    // Members referencing the same parent table must differ pairwise when that group says allow_self: false.
    const excludes = ordered.map((f, i) =>
      ordered
        .slice(0, i)
        .map((g, j) =>
          f.ref && g.ref && f.ref.table === g.ref.table && distinctParents.has(f.ref.table) ? j : -1,
        )
        .filter((j) => j >= 0),
    );
    const first = perParent.length === 1 ? 1 : 0;
    let space = 1;
    for (let i = first; i < ordered.length; i++)
      space *= (sizes[i] as number) - (excludes[i] as number[]).length;
    if (space > MAX_PERMUTATION_SIZE)
      return issues.add(path, 'the value space of this unique key is too large');
    const key = `(${names.join(', ')})`;
    const head = ordered[0] as DraftField;
    if (first === 1) {
      const max = (head.ref?.perParent as { max: number }).max;
      if (max > space) {
        return issues.add(
          path,
          `per_parent max ${max} exceeds the ${space} distinct combinations of unique key ${key}`,
        );
      }
    } else if (table.count > space) {
      return issues.add(
        path,
        `unique key ${key} has only ${space} distinct combinations, fewer than count ${table.count}`,
      );
    }
    const composite = table.composites.length;
    ordered.forEach((f, member) => {
      used.add(f.index);
      if (f.ref !== null) Object.assign(f.ref, { pick: 'composite', composite, member });
      else f.source = { mode: 'member', composite, member };
    });
    table.composites.push({
      members: ordered.map((f) => f.index),
      sizes,
      excludes,
      perParent: first === 1,
      space,
      streamKey: hashString(`unique:${names.join(',')}`),
      match: null,
      where: null,
    });
  });
}

/**
 * `match: {field, by}` on the second ref of a junction's key (post_tags: post_id per_parent, then
 * tag_id): each parent's children take first the rows of this ref's table whose `field` shares a
 * topic with `by`, a field of the per_parent ref's parent (`post_id.title`). partner-order.ts draws.
 */
export function planMatches(tables: DraftTable[], table: DraftTable, issues: Issues): void {
  for (const field of table.fields) {
    const match = field.params['match'] as { field: string; by: string } | undefined;
    if (match === undefined || field.ref === null) continue;
    const path = paramPath(field.path, 'match');
    const comp = partnerComposite(table, field);
    if (comp === undefined) {
      issues.add(
        path,
        'match needs a unique key of two refs whose other ref uses per_parent, without allow_self: false (a junction: post_id with per_parent, then this ref)',
      );
      continue;
    }
    const head = table.fields[comp.members[0] as number] as DraftField;
    const by = namedField(tables, table, match.by);
    const headField = typeof by !== 'string' && by.via === head.index ? by.field.index : undefined;
    if (typeof by === 'string') issues.add(`${path}.by`, by);
    else if (headField === undefined)
      issues.add(
        `${path}.by`,
        `by must name a field of the row "${head.name}" points to: "${head.name}.<field>"`,
      );
    const partner = tables[field.ref.table] as DraftTable;
    const partnerField = partner.byName.get(match.field);
    if (partnerField === undefined)
      issues.add(`${path}.field`, `field "${match.field}" is not defined in "${partner.name}"`);
    else if (partner.count > MAX_FILTERED_PARENTS)
      issues.add(path, `match reads every row of "${partner.name}": at most ${MAX_FILTERED_PARENTS} rows`);
    else if (headField !== undefined) comp.match = { headField, partnerField };
  }
}

/** Fills composites' stream keys once the table's key is known. */
export function keyComposites(table: DraftTable, tableKey: number): void {
  for (const c of table.composites) c.streamKey = combine(tableKey, c.streamKey);
}

/** One-field unique keys are field uniqueness. */
export function liftSingleKeys(table: DraftTable): void {
  for (const names of table.uniques) {
    const field = names.length === 1 ? table.fields[table.byName.get(names[0] as string) ?? -1] : undefined;
    if (field !== undefined) field.unique = true;
  }
}
