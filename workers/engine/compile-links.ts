/**
 * Third compiler pass (part two): how each ref picks its parent row (uniform, power law, per_parent
 * allocation, one-to-one), which refs must avoid each other's parent row (allow_self: false), and
 * which tables give rows their own locale.
 */
import type { DraftField, DraftTable, Issues } from './compile-draft.js';
import { drawsFreely, paramPath } from './compile-draft.js';
import { ALL_COUNTRIES } from './locales/index.js';

/** Picks for refs outside composite keys; checks per_parent and one-to-one feasibility. */
export function planRefPicks(tables: DraftTable[], table: DraftTable, issues: Issues): void {
  for (const field of table.fields) {
    const ref = field.ref;
    if (ref === null || ref.self) continue;
    const parent = tables[ref.table] as DraftTable;
    const target = parent.fields[ref.field] as DraftField;
    const parents = parent.count;
    const count = table.count;
    const per = ref.perParent;
    if (per !== null) {
      if (field.unique && per.max > 1) {
        issues.add(
          paramPath(field.path, 'per_parent'),
          'a unique ref allows at most one child per parent (max 1)',
        );
        continue;
      }
      if (count < parents * per.min || count > parents * per.max) {
        issues.add(
          paramPath(field.path, 'per_parent'),
          `per_parent {min: ${per.min}, max: ${per.max}} with ${parents} rows of "${parent.name}" needs a count from ${parents * per.min} to ${parents * per.max}, not ${count}`,
        );
        continue;
      }
      ref.pick = 'per_parent';
      field.distinct = per.max === 1 && target.distinct;
    } else if (field.unique) {
      if (count > parents) {
        issues.add(
          `${field.path}.unique`,
          `a unique ref needs count <= ${parents}, the rows of "${parent.name}"`,
        );
        continue;
      }
      ref.pick = 'unique';
      field.distinct = target.distinct;
    }
    if (field.unique && !target.distinct) {
      issues.add(`${field.path}.unique`, `a unique ref must point to a unique field of "${parent.name}"`);
    }
  }
}

/** Parent tables whose refs in this table must pick pairwise different rows (some ref says allow_self: false). */
export function distinctParentGroups(table: DraftTable): Set<number> {
  const groups = new Set<number>();
  for (const field of table.fields) {
    if (field.ref !== null && !field.ref.self && !field.ref.allowSelf) groups.add(field.ref.table);
  }
  return groups;
}

/**
 * allow_self: false. Fixed picks (per_parent, one-to-one, composite) come first; each freely drawn
 * ref then avoids the parent rows of every group member before it.
 */
export function planExclusions(
  tables: DraftTable[],
  table: DraftTable,
  groups: Set<number>,
  issues: Issues,
): void {
  for (const parentIndex of groups) {
    const members = table.fields.filter((f) => f.ref !== null && !f.ref.self && f.ref.table === parentIndex);
    if (members.length < 2) continue;
    const parent = tables[parentIndex] as DraftTable;
    if (parent.count < members.length) {
      issues.add(
        (members[0] as DraftField).path,
        `allow_self: false needs at least ${members.length} rows in "${parent.name}"`,
      );
      continue;
    }
    const isFree = (f: DraftField) => drawsFreely(f.ref);
    const fixed = members.filter((f) => !isFree(f));
    const composite = fixed[0]?.ref?.composite ?? -1;
    if (fixed.some((f) => f.ref?.pick !== 'composite' || f.ref.composite !== composite) && fixed.length > 1) {
      issues.add(
        (fixed[1] as DraftField).path,
        'allow_self: false cannot be guaranteed between two per_parent or unique refs',
      );
      continue;
    }
    const sequence = [...fixed, ...members.filter(isFree)];
    sequence.forEach((f, i) => {
      if (isFree(f) && f.ref !== null) f.ref.exclude = sequence.slice(0, i).map((g) => g.index);
    });
  }
}

const LOCALE_FIELDS: Readonly<Record<string, 'country' | 'country_code' | 'nationality' | 'locale_code'>> = {
  country: 'country',
  country_code: 'country_code',
  nationality: 'nationality',
  locale_code: 'locale_code',
};

/** Lower-cased English names and ISO codes of every country we know. */
const COUNTRY_WORDS: ReadonlySet<string> = new Set(
  ALL_COUNTRIES.flatMap((c) => [c.name.toLowerCase(), c.code.toLowerCase()]),
);

/** Whether more than half of an enum's values are country codes or English country names. */
export function mostlyCountries(values: unknown): boolean {
  if (!Array.isArray(values)) return false;
  const hits = values.filter((v) => typeof v === 'string' && COUNTRY_WORDS.has(v.trim().toLowerCase()));
  return hits.length * 2 > values.length;
}

/**
 * Which rows get their own locale (docs/locales.md). By default the request locale holds for every
 * row. `per_row_locale: true` on a country-like field draws a locale per row, which those fields then
 * show; otherwise an enum of countries (as the hosted service does), or an enum with
 * `per_row_locale: true`, sets each row's locale from its value; `per_row_locale: false` on the enum
 * opts out.
 */
export function planRowLocale(table: DraftTable): void {
  const fields = table.fields.filter(
    (f) => LOCALE_FIELDS[f.typeId] !== undefined && f.source.mode === 'type' && !f.unique && f.ref === null,
  );
  if (fields.some((f) => f.params['per_row_locale'] === true)) {
    table.perRowLocale = true;
    for (const f of fields) {
      if (f.params['after'] !== undefined || f.params['before'] !== undefined) continue;
      const show =
        f.typeId === 'country' && f.params['code'] === true ? 'country_code' : LOCALE_FIELDS[f.typeId];
      f.source = { mode: 'locale', show: show as 'country' };
    }
    return;
  }
  const driver = table.fields.find(
    (f) =>
      f.typeId === 'enum' &&
      f.ref === null &&
      (f.params['per_row_locale'] === true ||
        (f.params['per_row_locale'] === undefined && mostlyCountries(f.params['values']))),
  );
  if (driver !== undefined) table.localeField = driver.index;
}

/**
 * The ref whose parent's city the row lives in (`same_place: true`): one per table, to another table.
 */
export function planPlaceRef(table: DraftTable, issues: Issues): void {
  for (const field of table.fields) {
    if (field.ref === null || field.params['same_place'] !== true) continue;
    const path = paramPath(field.path, 'same_place');
    if (field.ref.self) issues.add(path, 'same_place needs a ref to another table');
    else if (table.placeRef >= 0)
      issues.add(
        path,
        `only one ref of a table may set same_place; "${table.fields[table.placeRef]?.name}" does`,
      );
    else table.placeRef = field.index;
  }
}
