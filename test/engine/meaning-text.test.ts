/**
 * Text by meaning: every bank of vocabulary/texts.en.json is well formed, a value comes from the bank
 * of its meaning in its domain (with the documented fallbacks), and detection gives free-text columns
 * the meaning their names and tables say.
 */
import t from 'tap';
import { detectSchema } from '../../src/detect/index.js';
import { meaningFields, tableDomains } from '../../src/detect/meaning.js';
import type { DetectedField } from '../../src/detect/model.js';
import type { TableSpec } from '../../workers/engine/index.js';
import { FIELD_TYPES } from '../../workers/engine/index.js';
import { bankOf, MEANINGS, TEXT_DOMAINS } from '../../workers/engine/types/meaning-text.js';
import animals from '../../workers/engine/vocabulary/animals.en.json' with { type: 'json' };
import clinical from '../../workers/engine/vocabulary/clinical-cases.en.json' with { type: 'json' };
import texts from '../../workers/engine/vocabulary/texts.en.json' with { type: 'json' };
import { planOf, recordsOf } from './engine-helpers.js';

const REQUIRED = { neutral: 40, description: 40, note: 30, reason: 30, headline: 30 } as const;
const type = (id: string) => FIELD_TYPES.get(id)!;

/** The rows of `table` for a schema that compiles (the test fails where it does not). */
const rowsOf = (tables: TableSpec[], table: string, seed: number) => recordsOf(planOf(tables, seed), table);
const banks = texts.domains as Record<string, Record<string, string[]>>;

t.test('every domain has the required banks, each well formed', async (t) => {
  t.ok(TEXT_DOMAINS.length >= 26, `${TEXT_DOMAINS.length} domains`);
  t.equal(TEXT_DOMAINS[0], 'general');
  for (const [domain, bank] of Object.entries(banks)) {
    for (const [meaning, least] of Object.entries(REQUIRED))
      t.ok((bank[meaning]?.length ?? 0) >= least, `${domain}.${meaning} has at least ${least} entries`);
    const seen = new Set<string>();
    for (const [meaning, entries] of Object.entries(bank)) {
      t.ok((MEANINGS as readonly string[]).includes(meaning), `${domain}.${meaning} is a meaning`);
      const bad = entries.filter(
        (e) => !/^[\x20-\x7e]{3,200}$/.test(e) || /\{(?!nn?\})/.test(e) || seen.has(e.toLowerCase()),
      );
      for (const e of entries) seen.add(e.toLowerCase());
      t.same(bad, [], `${domain}.${meaning}: printable ASCII, only {n}/{nn} slots, no repeats`);
    }
  }
  for (const domain of ['health', 'veterinary'] as const) {
    const cases = clinical[domain];
    t.ok(cases.length >= 50, `${domain}: ${cases.length} clinical cases`);
    for (const meaning of ['symptom', 'diagnosis', 'treatment'] as const)
      t.equal(
        new Set(cases.map((c) => c[meaning])).size,
        cases.length,
        `${domain}: each ${meaning} names one case`,
      );
  }
});

t.test('a value is an entry of its meaning in its domain, slots filled', async (t) => {
  const fields = [
    { name: 'diagnosis', type: 'diagnosis', params: { domain: 'veterinary' } },
    { name: 'notes', type: 'note', params: { domain: 'logistics' } },
    { name: 'details', type: 'domain_text', params: { domain: 'finance' } },
    { name: 'clinical', type: 'symptom' },
    { name: 'why', type: 'reason' },
  ];
  const rows = rowsOf([{ name: 'x', count: 400, fields }], 'x', 7);
  const filled = (entry: string) =>
    new RegExp(
      `^${entry
        .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
        .replace(/\{n\}/g, '[2-9]')
        .replace(/\{nn\}/g, '[1-9][0-9]')}$`,
    );
  const from = (entries: readonly string[]) => (v: unknown) =>
    typeof v === 'string' && entries.some((e) => filled(e).test(v));
  const expected = {
    diagnosis: bankOf('diagnosis', 'veterinary'),
    notes: bankOf('note', 'logistics'),
    details: bankOf('neutral', 'finance'),
    clinical: bankOf('symptom', 'health'),
    why: bankOf('reason', 'general'),
  };
  for (const [field, entries] of Object.entries(expected)) {
    const values = rows.map((r) => r[field]);
    t.ok(values.every(from(entries)), `${field}: every value from its bank`);
    t.ok(new Set(values).size > 20, `${field}: varied`);
  }
  t.same(expected.notes, banks['logistics']!['note'], 'a domain bank is its own');
  t.same(
    expected.diagnosis,
    clinical.veterinary.map((c) => c.diagnosis),
    "a clinical domain's diagnoses are its cases'",
  );
});

t.test('a visit is one clinical case: its reason, symptom, diagnosis and treatment agree', async (t) => {
  for (const domain of ['health', 'veterinary'] as const) {
    const params = { domain };
    const fields = [
      { name: 'reason', type: 'reason', params: { ...params, by: 'symptoms' } },
      { name: 'symptoms', type: 'symptom', params },
      { name: 'diagnosis', type: 'diagnosis', params: { ...params, by: 'symptoms' } },
      { name: 'treatment', type: 'treatment', params: { ...params, by: 'diagnosis' } },
    ];
    const rows = rowsOf([{ name: 'visits', count: 500, fields }], 'visits', 5);
    const cases = clinical[domain];
    const strays = rows.filter(
      (r) =>
        !cases.some(
          (c) =>
            c.reason === r['reason'] &&
            c.symptom === r['symptoms'] &&
            c.diagnosis === r['diagnosis'] &&
            c.treatment === r['treatment'],
        ),
    );
    t.same(strays.slice(0, 3), [], `${domain}: every row is one case`);
    t.ok(new Set(rows.map((r) => r['diagnosis'])).size > 30, `${domain}: many cases`);
  }
  // Without a key, and in a domain without cases, each draws on its own.
  const [free] = rowsOf(
    [
      {
        name: 'x',
        count: 1,
        fields: [
          { name: 'd', type: 'diagnosis', params: { by: 'r' } },
          { name: 'r', type: 'reason', params: { domain: 'travel' } },
        ],
      },
    ],
    'x',
    1,
  );
  t.ok(bankOf('diagnosis', 'health').includes(free!['d'] as string), 'a key of no case: the plain draw');
});

t.test("a vet visit's case is one its pet's species can have, read through the ref", async (t) => {
  const names = new Set(animals.species.map((s) => s.name));
  const unknown = clinical.veterinary.flatMap((c) => c.species.filter((s) => !names.has(s)));
  t.same(unknown, [], 'every species a case names is in the animal catalogue');
  for (const species of names) {
    const fit = clinical.veterinary.filter((c) => c.species.includes(species)).length;
    t.ok(fit >= 4, `${species}: ${fit} cases`);
  }
  const vet = { domain: 'veterinary' };
  const tables: TableSpec[] = [
    {
      name: 'pets',
      count: 40,
      fields: [
        { name: 'id', type: 'uuid', unique: true },
        { name: 'species', type: 'animal_species' },
      ],
    },
    {
      name: 'visits',
      count: 600,
      fields: [
        { name: 'pet_id', type: 'ref', params: { table: 'pets' } },
        { name: 'symptoms', type: 'symptom', params: { ...vet, by: 'pet_id.species' } },
        { name: 'diagnosis', type: 'diagnosis', params: { ...vet, by: 'symptoms' } },
      ],
    },
  ];
  const plan = planOf(tables, 8);
  const species = new Map(recordsOf(plan, 'pets').map((p) => [p['id'], p['species'] as string]));
  const visits = recordsOf(plan, 'visits');
  const strays = visits.filter(
    (v) =>
      !clinical.veterinary.some(
        (c) =>
          c.symptom === v['symptoms'] &&
          c.diagnosis === v['diagnosis'] &&
          c.species.includes(species.get(v['pet_id'])!),
      ),
  );
  t.same(strays.slice(0, 3), [], "every visit is a case of its pet's species");
  t.ok(new Set(visits.map((v) => species.get(v['pet_id']))).size >= 8, 'pets of many species');
});

t.test("a vet visit's case is one its pet can have at its age at the visit", async (t) => {
  const ages = [3, 12, 36];
  for (const species of animals.species.map((s) => s.name)) {
    for (const months of species === 'Hamster' ? [3, 12] : ages) {
      const fit = clinical.veterinary.filter(
        (c) => c.species.includes(species) && c.min_months <= months && months <= (c.max_months ?? Infinity),
      );
      t.ok(fit.length >= 2, `${species} at ${months} months: ${fit.length} cases`);
    }
  }
  const vet = { domain: 'veterinary' };
  const tables: TableSpec[] = [
    {
      name: 'pets',
      count: 60,
      fields: [
        { name: 'id', type: 'uuid', unique: true },
        { name: 'species', type: 'animal_species', params: { kind: 'pet' } },
        { name: 'born', type: 'date', params: { min: '2010-01-01', max: '2024-12-31' } },
      ],
    },
    {
      name: 'visits',
      count: 800,
      fields: [
        { name: 'pet_id', type: 'ref', params: { table: 'pets' } },
        {
          name: 'seen',
          type: 'date',
          params: { min: '2021-01-01', max: '2025-12-31', after: 'pet_id.born', min_gap_days: 91 },
        },
        {
          name: 'symptoms',
          type: 'symptom',
          params: { ...vet, by: ['pet_id.species', 'pet_id.born', 'seen'] },
        },
      ],
    },
  ];
  const plan = planOf(tables, 9);
  const pets = new Map(recordsOf(plan, 'pets').map((p) => [p['id'], p]));
  const monthsAt = (born: string, seen: string) => {
    const [y1, m1, d1] = born.split('-').map(Number) as [number, number, number];
    const [y2, m2, d2] = seen.split('-').map(Number) as [number, number, number];
    return (y2 - y1) * 12 + m2 - m1 - (d1 > d2 ? 1 : 0);
  };
  const visits = recordsOf(plan, 'visits');
  const strays = visits.filter((v) => {
    const pet = pets.get(v['pet_id'])!;
    const months = monthsAt(pet['born'] as string, v['seen'] as string);
    const c = clinical.veterinary.find((x) => x.symptom === v['symptoms']);
    return !(
      c &&
      c.species.includes(pet['species'] as string) &&
      c.min_months <= months &&
      months <= (c.max_months ?? Infinity)
    );
  });
  t.same(strays.slice(0, 3), [], 'every visit is a case of its pet at its age');
  const young = visits.filter(
    (v) => monthsAt(pets.get(v['pet_id'])!['born'] as string, v['seen'] as string) < 12,
  );
  t.ok(young.length > 10, `${young.length} visits of animals under a year`);
});

t.test("a visit's charge is what its case costs", async (t) => {
  const params = { domain: 'veterinary' };
  const fields = [
    { name: 'symptoms', type: 'symptom', params },
    { name: 'treatment', type: 'treatment', params: { ...params, by: 'symptoms' } },
    { name: 'cost', type: 'price', params: { by: 'treatment' } },
    { name: 'capped', type: 'amount', params: { by: 'symptoms', min: 10, max: 200 } },
  ];
  const rows = rowsOf([{ name: 'visits', count: 400, fields }], 'visits', 4);
  const band = new Map(clinical.veterinary.map((c) => [c.treatment, c.cost]));
  const out = rows.filter((r) => {
    const [lo, hi] = band.get(r['treatment'] as string)!;
    return (r['cost'] as number) < lo! || (r['cost'] as number) > hi!;
  });
  t.same(out.slice(0, 3), [], 'each cost in its case band');
  const capped = rows.filter((r) => band.get(r['treatment'] as string)![0]! > 200);
  t.ok(capped.length > 0, 'some cases cost more than the cap');
  t.ok(
    capped.every((r) => (r['capped'] as number) >= 181 && (r['capped'] as number) <= 200),
    'a band beyond max gives the top tenth of the range',
  );
  t.ok(
    rows.every((r) => (r['capped'] as number) >= 10 && (r['capped'] as number) <= 200),
    'inside min/max',
  );
});

t.test('a meaning a domain lacks falls back to the general bank of that meaning', async (t) => {
  const domain = TEXT_DOMAINS.find((d) => banks[d]!['instructions'] === undefined)!;
  t.ok(domain, 'some domain has no instructions bank');
  t.same(bankOf('instructions', domain), banks['general']!['instructions']);
  t.same(bankOf('diagnosis', 'general'), banks['general']!['neutral'], 'no clinical bank: general neutral');
});

t.test('an unknown domain is refused at params.domain, naming the domains', async (t) => {
  const issues = type('note').validate({ domain: 'astrology' });
  t.equal(issues.length, 1);
  t.match(issues[0]!.message, /domain must be one of general, /);
  t.same(type('note').validate({ domain: 'health' }), []);
});

t.test('the size bound holds for every value and unique columns walk the bank', async (t) => {
  const reason = type('reason');
  const params = { domain: 'hr' };
  const bound = reason.maxBytes(params);
  for (const entry of bankOf('reason', 'hr')) t.ok(Buffer.byteLength(entry) + 4 <= bound);
  const tables = [{ name: 'x', count: 30, fields: [{ name: 'r', type: 'reason', unique: true, params }] }];
  const values = rowsOf(tables, 'x', 1).map((r) => r['r']);
  t.equal(new Set(values).size, 30, 'distinct');
});

t.test('detection gives free-text columns their meaning in the table domain', async (t) => {
  const { tables } = detectSchema({
    sql: `
      CREATE TABLE owners (id INT PRIMARY KEY, name TEXT);
      CREATE TABLE pets (id INT PRIMARY KEY, owner_id INT REFERENCES owners(id), species VARCHAR(20), weight_kg DECIMAL(5,2));
      CREATE TABLE visits (id INT PRIMARY KEY, pet_id INT REFERENCES pets(id), diagnosis TEXT, symptoms TEXT,
        treatment TEXT, notes TEXT, reason_for_visit TEXT, cost DECIMAL(8,2));
      CREATE TABLE tickets (id INT PRIMARY KEY, subject VARCHAR(200), description TEXT, internal_notes TEXT);
    `,
  });
  const typeOf = (table: string, field: string) => {
    const f = tables.find((x) => x.name === table)!.fields.find((x) => x.name === field)!;
    return [f.type, f.params?.['domain'] ?? null];
  };
  t.same(typeOf('visits', 'diagnosis'), ['diagnosis', 'veterinary']);
  t.same(typeOf('visits', 'symptoms'), ['symptom', 'veterinary']);
  t.same(typeOf('visits', 'treatment'), ['treatment', 'veterinary']);
  t.same(typeOf('visits', 'notes'), ['note', 'veterinary']);
  t.same(typeOf('visits', 'reason_for_visit'), ['reason', 'veterinary']);
  t.same(typeOf('tickets', 'subject'), ['headline', 'support']);
  t.same(typeOf('tickets', 'description'), ['description', 'support']);
  t.same(typeOf('tickets', 'internal_notes'), ['note', 'support']);
  t.same(typeOf('pets', 'weight_kg')[0], 'weight', 'a pet weight reads its species');
  const visits = tables.find((x) => x.name === 'visits')!;
  t.same(
    visits.fields.map((f) => f.params?.['by'] ?? null),
    [null, null, 'symptoms', 'pet_id.species', 'diagnosis', null, 'symptoms', 'treatment'],
    "one clinical case per visit: the symptom drawn by the pet's species, the rest following it",
  );
  t.equal(rowsOf(tables, 'visits', 3).length, tables.find((x) => x.name === 'visits')!.count, 'it generates');
});

t.test('a chosen type or params, and clinical names outside health, are left alone', async (t) => {
  const [table] = meaningFields<{ name: string; fields: DetectedField[] }>([
    {
      name: 'shipments',
      fields: [
        { name: 'notes', type: 'sentence', params: { min_words: 3 } },
        { name: 'diagnosis', type: 'sentence' },
        { name: 'comment', type: 'paragraph' },
        { name: 'body', type: 'paragraph' },
        { name: 'description', type: 'product_description' },
        { name: 'details', type: 'sentence', unique: true },
      ],
    },
  ]);
  t.same(
    table!.fields.map((f) => [f.type, f.params?.['domain'] ?? null]),
    [
      ['sentence', null],
      ['sentence', null],
      ['comment', 'logistics'],
      ['paragraph', null],
      ['product_description', null],
      ['sentence', null],
    ],
  );
});

t.test("a table's text stays what its author wrote; its details are the domain's", async (t) => {
  const [tweets, trips] = meaningFields<{ name: string; fields: DetectedField[] }>([
    { name: 'tweets', fields: [{ name: 'text', type: 'sentence' }] },
    {
      name: 'bookings',
      fields: [
        { name: 'text', type: 'sentence' },
        { name: 'details', type: 'sentence' },
      ],
    },
  ]);
  t.same(tweets!.fields[0], { name: 'text', type: 'sentence' });
  t.same(trips!.fields, [
    { name: 'text', type: 'sentence' },
    { name: 'details', type: 'domain_text', params: { domain: 'travel' } },
  ]);
});

t.test('table domains: the base knows the entity, or the schema has a common one', async (t) => {
  t.same(
    [...tableDomains(['patients', 'appointments', 'widgets'])],
    [
      ['patients', 'health'],
      ['appointments', 'health'],
      ['widgets', 'health'],
    ],
  );
  t.same(
    [...tableDomains(['owners', 'pets', 'visits'])].map(([, d]) => d),
    ['veterinary', 'veterinary', 'veterinary'],
  );
  t.same([...tableDomains(['gizmos'])], [['gizmos', 'general']]);
});
