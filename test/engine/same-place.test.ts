/**
 * A row in its parent's city: a ref with `same_place: true` puts the row's city, region, postal code
 * and phone area code in the city of the parent it picks, at a postal code of the city's own, through
 * a chain of such refs and in any chunking. A null ref leaves the row its own place; what cannot work
 * is refused at the param.
 */
import t from 'tap';
import { compile, generateRecords, type TableSpec } from '../../workers/engine/index.js';
import { placeTable } from '../../workers/engine/locales/places.js';
import { planOf, recordsOf } from './engine-helpers.js';

const PLACE = [
  { name: 'city', type: 'city' },
  { name: 'state', type: 'state' },
  { name: 'zip', type: 'postal_code' },
];

const clinics = (owner: Record<string, unknown> = { same_place: true }, pet = owner): TableSpec[] => [
  { name: 'clinics', count: 30, fields: [{ name: 'id', type: 'uuid' }, ...PLACE] },
  {
    name: 'owners',
    count: 400,
    fields: [
      { name: 'id', type: 'uuid' },
      { name: 'clinic_id', type: 'ref', params: { table: 'clinics', ...owner } },
      ...PLACE,
      { name: 'phone', type: 'phone' },
    ],
  },
  {
    name: 'pets',
    count: 600,
    fields: [
      { name: 'id', type: 'uuid' },
      { name: 'owner_id', type: 'ref', params: { table: 'owners', ...pet } },
      ...PLACE,
    ],
  },
];

const byId = (rows: Record<string, unknown>[]) => new Map(rows.map((r) => [r['id'], r]));
const where = (r: Record<string, unknown> | undefined) => `${r?.['city']}, ${r?.['state']}`;

t.test(
  'owners live in their clinic’s city, pets with their owner, each at a postal code of it',
  async (t) => {
    for (const locale of ['en', 'de', 'fr']) {
      const plan = planOf(clinics(), 3, locale);
      const clinicRows = byId(recordsOf(plan, 'clinics'));
      const owners = recordsOf(plan, 'owners');
      const elsewhere = owners.filter((o) => where(o) !== where(clinicRows.get(o['clinic_id'])));
      t.same(elsewhere.slice(0, 3), [], `${locale}: every owner in the clinic's city`);
      const ownerRows = byId(owners);
      const pets = recordsOf(plan, 'pets');
      t.same(
        pets.filter((p) => where(p) !== where(ownerRows.get(p['owner_id']))).slice(0, 3),
        [],
        `${locale}: every pet with its owner`,
      );
      const table = placeTable(locale)!;
      const foreign = owners.filter((o) => {
        const place = table.cities.findIndex((c, i) => c === o['city'] && table.regions[i] === o['state']);
        return !table.codes[place]?.includes(o['zip'] as string);
      });
      t.same(foreign.slice(0, 3), [], `${locale}: each postal code is one of the city's`);
      const perClinic = new Map<unknown, Set<unknown>>();
      for (const o of owners)
        perClinic.set(o['clinic_id'], (perClinic.get(o['clinic_id']) ?? new Set()).add(o['zip']));
      t.ok(
        [...perClinic.values()].some((codes) => codes.size > 1),
        `${locale}: owners of one clinic differ in postal code`,
      );
    }
  },
);

t.test('the phone area code is one of the parent’s state', async (t) => {
  const plan = planOf(clinics(), 5, 'en');
  const table = placeTable('en')!;
  const areasOf = (state: unknown) =>
    new Set(table.regions.flatMap((r, i) => (r === state ? table.areas[i]! : [])));
  const clinicRows = byId(recordsOf(plan, 'clinics'));
  const off = recordsOf(plan, 'owners').filter((o) => {
    const digits = (o['phone'] as string).replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
    return !areasOf(clinicRows.get(o['clinic_id'])?.['state']).has(digits.slice(0, 3));
  });
  t.same(off.slice(0, 3), []);
});

t.test('the same rows in any chunking, and without same_place the rows keep their own places', async (t) => {
  const plan = planOf(clinics(), 4, 'en');
  const pets = recordsOf(plan, 'pets');
  const chunked = [0, 17, 18, 333].flatMap((start, k, all) =>
    generateRecords(plan, 'pets', start, all[k + 1] ?? 600),
  );
  t.same(chunked, pets);
  const free = planOf(clinics({}), 4, 'en');
  const clinicRows = byId(recordsOf(free, 'clinics'));
  const owners = recordsOf(free, 'owners');
  const same = owners.filter((o) => where(o) === where(clinicRows.get(o['clinic_id'])));
  t.ok(same.length < owners.length / 4, 'most owners elsewhere');
  t.same(
    recordsOf(free, 'owners').map((o) => o['clinic_id']),
    recordsOf(plan, 'owners').map((o) => o['clinic_id']),
    'same_place changes no parent',
  );
});

/** The tables with table `t`'s fields changed. */
const changed = (tables: TableSpec[], t: number, change: (fields: TableSpec['fields'][number][]) => void) => {
  const fields = [...tables[t]!.fields];
  change(fields);
  return tables.map((table, i) => (i === t ? { ...table, fields } : table));
};

t.test('a null ref leaves the row its own place', async (t) => {
  const ref = { table: 'clinics', same_place: true, null_rate: 0.5 };
  const tables = changed(
    clinics(),
    1,
    (f) => (f[1] = { name: 'clinic_id', type: 'ref', nullable: true, params: ref }),
  );
  const nulls = recordsOf(planOf(tables, 6, 'en'), 'owners').filter((o) => o['clinic_id'] === null);
  t.ok(nulls.length > 100, 'half have no clinic');
  t.ok(new Set(nulls.map(where)).size > 50, 'and live all over');
});

const refused = (tables: TableSpec[]) => {
  const result = compile({ tables, seed: 1, locale: 'en' });
  if (result.ok) throw new Error('expected an error');
  return result.error;
};

t.test('what same_place cannot do is a schema error at the param', async (t) => {
  t.match(refused(clinics({ same_place: 'yes' })).details[0], {
    field: 'tables[1].fields[1].params.same_place',
  });
  const clinicRef = { name: 'clinic_id', type: 'ref', params: { table: 'clinics', same_place: true } };
  t.match(refused(changed(clinics(), 2, (f) => f.splice(2, 0, clinicRef))).details[0], {
    field: 'tables[2].fields[2].params.same_place',
    message: /only one ref.*"owner_id"/,
  });
  const parentRef = {
    name: 'parent_id',
    type: 'ref',
    nullable: true,
    params: { table: 'clinics', same_place: true },
  };
  t.match(refused(changed(clinics(), 0, (f) => f.push(parentRef))).details[0], {
    field: 'tables[0].fields[4].params.same_place',
    message: /another table/,
  });
});
