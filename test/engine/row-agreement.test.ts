/**
 * Fields that agree within a row through `by`: a job's department, title, seniority and salary band;
 * an age and a date of birth on the reference date; an animal's species, breed, weight and lifespan.
 * The expectations are read from the vocabulary files and computed here, not from the engine's indexes.
 */
import fc from 'fast-check';
import t from 'tap';
import type { FieldSpec, TableSpec, Value } from '../../workers/engine/index.js';
import animals from '../../workers/engine/vocabulary/animals.en.json' with { type: 'json' };
import jobs from '../../workers/engine/vocabulary/jobs.en.json' with { type: 'json' };
import { allRows, planOf } from './engine-helpers.js';

const table = (name: string, fields: FieldSpec[], count = 1000): TableSpec[] => [{ name, count, fields }];

interface Job {
  department: string;
  level: string;
  band: [number, number];
}
const JOBS = new Map<string, Job>();
for (const d of jobs.departments)
  for (const [level, position] of Object.entries(d.levels))
    for (const title of position.titles)
      JOBS.set(title, { department: d.name, level, band: [position.salary[0]!, position.salary[1]!] });

t.test('jobs data: every title names one position, every band rises', async (t) => {
  const titles = jobs.departments.flatMap((d) => Object.values(d.levels).flatMap((l) => l.titles));
  t.equal(new Set(titles).size, titles.length, 'no title in two positions');
  for (const job of JOBS.values()) t.ok(job.band[0] < job.band[1] && job.band[0] > 0);
  t.equal(jobs.currency, 'USD');
});

const employees: FieldSpec[] = [
  { name: 'id', type: 'id' },
  { name: 'department', type: 'department' },
  { name: 'job_title', type: 'job_title', params: { by: 'department' } },
  { name: 'seniority', type: 'seniority_level', params: { by: 'job_title' } },
  { name: 'salary', type: 'salary', params: { by: 'job_title' } },
  { name: 'base_pay', type: 'salary', params: { by: 'job_title', scalar: true } },
];

t.test('in 1,000 employees every title is its department’s and every salary in its band', async (t) => {
  const rows = allRows(planOf(table('employees', employees), 11), 'employees');
  const departments = new Set<Value>();
  let wrong = 0;
  for (const [, department, title, seniority, salary, pay] of rows) {
    const job = JOBS.get(title as string);
    const amount = (salary as { amount: number }).amount;
    const ok =
      job !== undefined &&
      job.department === department &&
      job.level === seniority &&
      amount >= job.band[0] &&
      amount <= job.band[1] &&
      amount % 500 === 0 &&
      typeof pay === 'number' &&
      pay >= job.band[0] &&
      pay <= job.band[1];
    if (!ok && wrong++ < 5)
      t.fail(`${String(department)} / ${String(title)} / ${String(seniority)}: ${amount}`);
    departments.add(department ?? null);
  }
  t.equal(wrong, 0, 'every row agrees');
  t.equal(departments.size, jobs.departments.length, 'every department appears');
  t.match(rows[0]![4], { currency: 'USD', period: 'annual' }, 'the hosted object shape');
});

t.test('a title by department and seniority takes that level; a salary by both their band', async (t) => {
  const rows = allRows(
    planOf(
      table('staff', [
        { name: 'dept', type: 'department' },
        { name: 'level', type: 'seniority_level' },
        { name: 'title', type: 'job_title', params: { by: ['dept', 'level'] } },
        { name: 'pay', type: 'salary', params: { by: ['dept', 'level'], scalar: true } },
      ]),
      5,
    ),
    'staff',
  );
  const bad = rows.filter(([dept, level, title, pay]) => {
    const job = JOBS.get(title as string);
    const expected = jobs.level_aliases[level as keyof typeof jobs.level_aliases];
    const band = jobs.departments.find((d) => d.name === dept)!.levels[expected as 'junior'].salary;
    return (
      job === undefined ||
      job.department !== dept ||
      job.level !== expected ||
      (pay as number) < band[0]! ||
      (pay as number) > band[1]!
    );
  });
  t.same(bad.slice(0, 5), [], 'every row agrees');
});

t.test('a keyed salary or weight stays inside the min and max the request gives', async (t) => {
  const rows = allRows(
    planOf(
      table('bounded', [
        { name: 'department', type: 'department' },
        { name: 'title', type: 'job_title', params: { by: 'department' } },
        { name: 'pay', type: 'salary', params: { by: 'title', scalar: true, min: 60000, max: 90000 } },
        { name: 'species', type: 'animal_species' },
        { name: 'kg', type: 'weight', params: { by: 'species', scalar: true, min: 1, max: 20 } },
      ]),
      8,
    ),
    'bounded',
  );
  const pays = rows.map((r) => r[2] as number);
  const kgs = rows.map((r) => r[4] as number);
  t.ok(
    pays.every((x) => x >= 60000 && x <= 90000),
    'salaries within the bounds',
  );
  t.ok(
    kgs.every((x) => x >= 1 && x <= 20),
    'weights within the bounds',
  );
  const inBand = rows.filter((r) => {
    const job = JOBS.get(r[1] as string)!;
    return (r[2] as number) >= job.band[0] && (r[2] as number) <= job.band[1];
  });
  t.ok(inBand.length > 500, `${inBand.length} salaries also in their band where band and bounds meet`);
  const cats = rows.filter((r) => r[3] === 'Cat');
  t.ok(
    cats.length > 0 && cats.every((r) => (r[4] as number) >= 2.5 && (r[4] as number) <= 7),
    'a cat within 1–20 kg is still a cat',
  );
});

/** Whole years from an ISO day to 2026-01-01, by calendar. */
function ageOn(day: string): number {
  const born = new Date(`${day}T00:00:00Z`);
  let age = 2026 - born.getUTCFullYear();
  if (born.getUTCMonth() > 0 || born.getUTCDate() > 1) age -= 1;
  return age;
}

t.test('age and date of birth agree on the reference date, read either way', async (t) => {
  const people = allRows(
    planOf(
      table('people', [
        { name: 'date_of_birth', type: 'date_of_birth' },
        { name: 'age', type: 'age', params: { by: 'date_of_birth' } },
        { name: 'years', type: 'age', params: { min: 0, max: 100 } },
        { name: 'birthdate', type: 'date_of_birth', params: { by: 'years' } },
      ]),
      3,
    ),
    'people',
  );
  const bad = people.filter(
    ([dob, age, years, birth]) => ageOn(dob as string) !== age || ageOn(birth as string) !== years,
  );
  t.same(bad.slice(0, 5), [], 'every row agrees');
  const births = new Set(people.map((r) => (r[3] as string).slice(5)));
  t.ok(births.size > 200, 'birthdays spread over the year');
});

t.test('an age key out of range or not a number gives the plain draw', async (t) => {
  const rows = allRows(
    planOf(
      table(
        'odd',
        [
          { name: 'note', type: 'enum', params: { values: ['x', '', 'abc'] } },
          { name: 'dob', type: 'date_of_birth', params: { by: 'note' } },
          { name: 'age', type: 'age', params: { by: 'note' } },
        ],
        50,
      ),
    ),
    'odd',
  );
  for (const [, dob, age] of rows) {
    t.ok((dob as string) >= '1950-01-01' && (dob as string) <= '2007-12-31');
    t.ok((age as number) >= 18 && (age as number) <= 80);
  }
});

interface Animal {
  species: string;
  weight: number[];
  lifespan: number[];
}
const BREEDS = new Map<string, Animal>();
for (const s of animals.species)
  for (const b of s.breeds)
    BREEDS.set(b.name, { species: s.name, weight: b.weight_kg, lifespan: b.lifespan_years });

t.test('an animal’s species, breed, weight and lifespan agree; a cat weighs 2.5–7 kg', async (t) => {
  const rows = allRows(
    planOf(
      table('pets', [
        { name: 'species', type: 'animal_species' },
        { name: 'breed', type: 'animal_breed', params: { by: 'species' } },
        { name: 'weight_kg', type: 'weight', params: { by: 'breed', scalar: true } },
        { name: 'lifespan_years', type: 'lifespan', params: { by: 'breed' } },
        { name: 'weight_lb', type: 'weight', params: { by: 'species', unit: 'lb' } },
      ]),
      9,
    ),
    'pets',
  );
  const bad = rows.filter(([species, breed, kg, years, lb]) => {
    const animal = BREEDS.get(breed as string);
    const weight = kg as number;
    const pounds = (lb as { value: number; unit: string }).value / 2.20462;
    const range = animals.species.find((s) => s.name === species)!.breeds.map((b) => b.weight_kg);
    const [lo, hi] = [Math.min(...range.map((r) => r[0]!)), Math.max(...range.map((r) => r[1]!))];
    return (
      animal === undefined ||
      animal.species !== species ||
      weight < animal.weight[0]! ||
      weight > animal.weight[1]! ||
      (years as number) < animal.lifespan[0]! ||
      (years as number) > animal.lifespan[1]! ||
      pounds < lo - 0.01 ||
      pounds > hi + 0.01 ||
      (species === 'Cat' && (weight < 2.5 || weight > 7))
    );
  });
  t.same(bad.slice(0, 5), [], 'every row agrees');
  const cats = rows.filter((r) => r[0] === 'Cat').length;
  t.ok(cats > 30, `${cats} cats, all 2.5–7 kg`);
});

t.test('a young animal weighs its share of the adult range; an adult the whole range', async (t) => {
  const rows = allRows(
    planOf(
      table('pets', [
        { name: 'species', type: 'animal_species', params: { kind: 'pet' } },
        { name: 'breed', type: 'animal_breed', params: { by: 'species' } },
        { name: 'born', type: 'date_past', params: { min: '2023-01-01', max: '2025-12-31' } },
        { name: 'weight', type: 'weight', params: { by: ['breed', 'born'], scalar: true } },
      ]),
      5,
    ),
    'pets',
  );
  const months = (born: string) => {
    const [y, m, d] = born.split('-').map(Number) as [number, number, number];
    return (2026 - y) * 12 + 1 - m - (d > 1 ? 1 : 0);
  };
  const bad = rows.filter(([species, breed, born, kg]) => {
    const adult = animals.species.find((s) => s.name === species)!.adult_months;
    const share = Math.min(1, 0.1 + (0.9 * months(born as string)) / adult);
    const range = BREEDS.get(breed as string)!.weight;
    const w = kg as number;
    // A range between two points of the 0.01 kg grid gives the nearest point.
    return w < Math.max(0.01, range[0]! * share - 0.01) || w > range[1]! * share + 0.01;
  });
  t.same(bad.slice(0, 5), [], 'every weight fits the age');
  const kittens = rows.filter(([s, , born]) => s === 'Cat' && months(born as string) <= 3);
  t.ok(kittens.length > 3, `${kittens.length} kittens`);
  t.ok(
    kittens.every(([, , , kg]) => (kg as number) < 2.5),
    'a kitten of three months weighs less than any grown cat',
  );
});

t.test('a birth date read by a seniority or a title makes an age that level has', async (t) => {
  const rows = allRows(
    planOf(
      table('staff', [
        { name: 'department', type: 'department' },
        { name: 'seniority', type: 'seniority_level' },
        { name: 'title', type: 'job_title', params: { by: ['department', 'seniority'] } },
        { name: 'dob', type: 'date_of_birth', params: { by: 'seniority' } },
        { name: 'born', type: 'date_of_birth', params: { by: 'title' } },
      ]),
      6,
    ),
    'staff',
  );
  const ages = (level: string) => jobs.level_ages[jobs.levels.indexOf(level)]!;
  const bad = rows.filter(([, seniority, title, dob, born]) => {
    const [lo, hi] = ages((jobs.level_aliases as Record<string, string>)[seniority as string]!);
    const [lo2, hi2] = ages(JOBS.get(title as string)!.level);
    const a = ageOn(dob as string);
    const b = ageOn(born as string);
    return a < lo! || a > hi! || b < lo2! || b > hi2!;
  });
  t.same(bad.slice(0, 5), [], 'every age is in its level’s range');
  const leads = rows
    .filter(([, s]) => s === 'lead' || s === 'director')
    .map(([, , , dob]) => ageOn(dob as string));
  t.ok(leads.length > 50 && Math.min(...leads) >= 29, `no lead or director under 29 (${leads.length})`);
});

t.test('adding an unrelated field changes no keyed value', (t) => {
  const base: FieldSpec[] = [
    employees[1]!,
    employees[2]!,
    employees[4]!,
    { name: 'dob', type: 'date_of_birth' },
    { name: 'age', type: 'age', params: { by: 'dob' } },
    { name: 'species', type: 'animal_species' },
    { name: 'breed', type: 'animal_breed', params: { by: 'species' } },
    { name: 'weight', type: 'weight', params: { by: 'breed' } },
  ];
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.nat(base.length), (seed, at) => {
      const before = allRows(planOf(table('t', base, 30), seed), 't');
      const fields = [...base];
      fields.splice(at, 0, { name: 'extra', type: 'job_title', params: { by: 'species' } });
      const after = allRows(planOf(table('t', fields, 30), seed), 't').map((row) =>
        row.filter((_, i) => i !== at),
      );
      return JSON.stringify(after) === JSON.stringify(before);
    }),
    { numRuns: 30 },
  );
  t.end();
});
