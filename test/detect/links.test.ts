/**
 * Detection links fields that should agree within a row (`by`): a job's title to its department,
 * its seniority and salary to the title, an age to the date of birth and the birth date to the seniority,
 * an animal's breed to its species, its weight to the breed and birth date and its lifespan to the breed,
 * its birth date to the breed, a review's title and text to the rating and the product reviewed. Across
 * tables: an owner lives in the city of the clinic, an order's total with no items is a basket of the
 * catalogue, a vet's specialty is a vet's. The detected schema generates as it is, and its rows agree.
 */
import t from 'tap';
import { detectSchema } from '../../src/detect/index.js';
import { linkedFields } from '../../src/detect/links.js';
import { meaningFields } from '../../src/detect/meaning.js';
import { typeFromName } from '../../src/detect/naming.js';
import type { DetectedField } from '../../src/detect/model.js';
import { compile, generateRecords } from '../../workers/engine/index.js';
import jobs from '../../workers/engine/vocabulary/jobs.en.json' with { type: 'json' };
import animals from '../../workers/engine/vocabulary/animals.en.json' with { type: 'json' };

const SQL = `
CREATE TABLE employees (
  id INT PRIMARY KEY, full_name VARCHAR(100), department VARCHAR(50) NOT NULL,
  job_title VARCHAR(80) NOT NULL, seniority VARCHAR(20), salary INT NOT NULL,
  date_of_birth DATE NOT NULL, age INT NOT NULL
);
CREATE TABLE pets (
  id INT PRIMARY KEY, name VARCHAR(40), species VARCHAR(20) NOT NULL, breed VARCHAR(40) NOT NULL,
  weight_kg DECIMAL(6,2) NOT NULL, lifespan_years INT NOT NULL, born_on DATE
);
CREATE TABLE reviews (id INT PRIMARY KEY, rating INT, title VARCHAR(100), body TEXT);
CREATE TABLE staff (id INT PRIMARY KEY, dept VARCHAR(50), seniority_level VARCHAR(20), annual_salary INT);
`;

const tables = detectSchema({ sql: SQL }).tables;
const byOf = (table: string) =>
  Object.fromEntries(
    tables.find((x) => x.name === table)!.fields.map((f) => [f.name, (f.params?.['by'] as unknown) ?? null]),
  );

t.test('detection links the fields of a row that agree', async (t) => {
  t.same(byOf('employees'), {
    id: null,
    full_name: null,
    department: null,
    job_title: 'department',
    seniority: 'job_title',
    salary: 'job_title',
    date_of_birth: 'seniority',
    age: 'date_of_birth',
  });
  t.same(byOf('pets'), {
    id: null,
    name: null,
    species: null,
    breed: 'species',
    weight_kg: ['breed', 'born_on'],
    lifespan_years: 'breed',
    born_on: 'breed',
  });
  t.same(byOf('reviews'), { id: null, rating: null, title: 'rating', body: 'rating' });
  t.same(byOf('staff'), {
    id: null,
    dept: null,
    seniority_level: null,
    annual_salary: ['dept', 'seniority_level'],
  });
});

t.test('a given by, a unique reader or a missing source is left alone', async (t) => {
  const fields: DetectedField[] = [
    { name: 'dept', type: 'department' },
    { name: 'title', type: 'job_title', unique: true },
    { name: 'other', type: 'job_title', params: { by: 'x' } },
    { name: 'weight', type: 'weight', params: { scalar: true } },
  ];
  const linked = linkedFields(fields);
  const given: DetectedField[] = [
    { name: 'dept', type: 'department' },
    { name: 'role', type: 'job_title' },
  ];
  t.same(linkedFields(given)[1], { name: 'role', type: 'job_title', params: { by: 'dept' } });
  t.same(given[1], { name: 'role', type: 'job_title' }, 'the given fields are not changed');
  t.same(
    linked.map((f) => f.params?.['by'] ?? null),
    [null, null, 'x', null],
  );
});

t.test("a product's material and a comment's second text name are what they say", async (t) => {
  const product: DetectedField[] = [
    { name: 'name', type: 'product_name' },
    { name: 'material', type: 'word' },
    { name: 'Materials', type: 'enum', params: { values: ['oak', 'pine'] } },
  ];
  t.same(linkedFields(product).slice(1), [
    { name: 'material', type: 'product_material', params: { by: 'name' } },
    { name: 'Materials', type: 'enum', params: { values: ['oak', 'pine'] } },
  ]);
  t.same(
    linkedFields([{ name: 'material', type: 'word' }]),
    [{ name: 'material', type: 'word' }],
    'no product: a word',
  );
  const comment: DetectedField[] = [
    { name: 'body', type: 'blog_comment' },
    { name: 'text', type: 'sentence' },
    { name: 'content', type: 'paragraph', params: { sentences: 2 } },
    { name: 'message', type: 'sentence', unique: true },
  ];
  t.same(linkedFields(comment).slice(1), [
    { name: 'text', type: 'lookup', params: { from: 'body' } },
    comment[2],
    comment[3],
  ]);
  t.same(
    linkedFields([{ name: 'body', type: 'blog_comment', nullable: true }, comment[1]!])[1],
    comment[1],
    'a text that may be null is not copied',
  );
});

t.test("a vet visit's case reads its pet's species and age; the visit comes after the birth", async (t) => {
  const vet = detectSchema({
    sql: `
      CREATE TABLE pets (id INT PRIMARY KEY, species VARCHAR(20), born_on DATE);
      CREATE TABLE visits (id INT PRIMARY KEY, pet_id INT REFERENCES pets(id), visit_date DATE,
        symptoms TEXT, diagnosis TEXT);
    `,
  }).tables;
  const visits = vet.find((x) => x.name === 'visits')!;
  const field = (name: string) => visits.fields.find((f) => f.name === name)!;
  t.same(field('symptoms').params?.['by'], ['pet_id.species', 'pet_id.born_on', 'visit_date']);
  t.same(field('diagnosis').params?.['by'], 'symptoms');
  t.match(field('visit_date').params, { after: 'pet_id.born_on', min_gap_days: 91 });
  const plan = compile({ seed: 3, locale: 'en', tables: vet.map((x) => ({ ...x, count: 200 })) });
  if (!plan.ok) {
    t.fail(plan.error.message);
    return;
  }
  const born = new Map(generateRecords(plan.plan, 'pets', 0, 200).map((p) => [p['id'], p['born_on']]));
  const early = generateRecords(plan.plan, 'visits', 0, 200).filter(
    (v) =>
      v['pet_id'] !== null &&
      Date.parse(v['visit_date'] as string) - Date.parse(born.get(v['pet_id']) as string) < 91 * 86_400_000,
  );
  t.same(early.slice(0, 3), [], 'every visit three months after the birth at least');
});

t.test('the detected employees and pets generate rows that agree', async (t) => {
  const result = compile({ seed: 4, locale: 'en', tables: tables.map((x) => ({ ...x, count: 1000 })) });
  if (!result.ok) {
    t.fail(result.error.message);
    return;
  }
  const titles = new Map<string, { department: string; band: number[] }>();
  for (const d of jobs.departments)
    for (const position of Object.values(d.levels))
      for (const title of position.titles) titles.set(title, { department: d.name, band: position.salary });
  const employees = generateRecords(result.plan, 'employees', 0, 1000);
  const wrong = employees.filter((e) => {
    const job = titles.get(e['job_title'] as string);
    const salary = e['salary'] as number;
    const born = e['date_of_birth'] as string;
    const age = 2025 - Number(born.slice(0, 4)) + (born.endsWith('-01-01') ? 1 : 0);
    return (
      job === undefined ||
      job.department !== e['department'] ||
      salary < job.band[0]! ||
      salary > job.band[1]! ||
      age !== e['age']
    );
  });
  t.same(
    wrong.slice(0, 3),
    [],
    'titles in their department, salaries in their band, ages of their birth date',
  );
  const breeds = new Map(
    animals.species.flatMap((s) => s.breeds.map((b) => [b.name, { species: s.name, ...b }])),
  );
  const pets = generateRecords(result.plan, 'pets', 0, 1000);
  const odd = pets.filter((p) => {
    const breed = breeds.get(p['breed'] as string);
    const kg = p['weight_kg'] as number;
    const years = p['lifespan_years'] as number;
    // A young animal is lighter than its breed's adults (test/engine/row-agreement.test.ts).
    const born = p['born_on'] as string | null;
    const adult = animals.species.find((s) => s.name === p['species'])?.adult_months ?? 0;
    const grown = born === null || born <= `${2026 - Math.ceil(adult / 12)}-01-01`;
    return (
      breed === undefined ||
      breed.species !== p['species'] ||
      kg < (grown ? breed.weight_kg[0]! : 0.01) ||
      kg > breed.weight_kg[1]! ||
      years < breed.lifespan_years[0]! ||
      years > breed.lifespan_years[1]!
    );
  });
  t.same(odd.slice(0, 3), [], 'breeds of their species, weights and lifespans of their breed');
});

t.test('a weight takes units that fit what is weighed', async (t) => {
  t.same(typeFromName('weight_kg', 'decimal', 'patients'), {
    type: 'weight',
    params: { min: 45, max: 120, scalar: true },
  });
  t.same(typeFromName('weight_lbs', 'decimal', 'members'), {
    type: 'weight',
    params: { min: 100, max: 265, unit: 'lb', scalar: true },
  });
  t.same(typeFromName('birth_weight', 'decimal', 'newborns'), {
    type: 'weight',
    params: { min: 2.5, max: 4.5, scalar: true },
  });
  t.same(typeFromName('weight', 'decimal', 'packages'), { type: 'weight', params: { scalar: true } });
  // A vet's patients: the weight follows the animal, not an adult person's range.
  const [vet] = detectSchema({
    sql: 'CREATE TABLE patients (id INT PRIMARY KEY, species VARCHAR(20), breed VARCHAR(40), weight_kg DECIMAL(6,2));',
  }).tables;
  t.same(vet!.fields[3]!.params, { scalar: true, by: 'breed' }, 'no adult person’s range');
  // A range the request gives holds.
  const [, kept] = linkedFields([
    { name: 'species', type: 'animal_species' },
    { name: 'weight_kg', type: 'weight', params: { min: 1, max: 20, scalar: true } },
  ]);
  t.same(kept!.params, { min: 1, max: 20, scalar: true, by: 'species' });
});

t.test("a currency follows the row's country; a weight a species of a few values", async (t) => {
  const fields: DetectedField[] = [
    { name: 'country', type: 'country', params: { per_row_locale: true } },
    { name: 'currency', type: 'currency' },
    { name: 'species', type: 'enum', params: { values: ['dog', 'cat', 'bird', 'rabbit', 'lizard'] } },
    { name: 'weight_kg', type: 'weight', params: { scalar: true } },
  ];
  const linked = linkedFields(fields);
  t.same(
    linked.map((f) => f.params?.['by'] ?? null),
    [null, 'country', null, 'species'],
  );
  const result = compile({ seed: 9, locale: 'en', tables: [{ name: 'x', count: 2000, fields: linked }] });
  if (!result.ok) {
    t.fail(result.error.message);
    return;
  }
  const rows = generateRecords(result.plan, 'x', 0, 2000);
  const CURRENCY: Record<string, string> = {
    Germany: 'EUR',
    Japan: 'JPY',
    'United States': 'USD',
    Brazil: 'BRL',
  };
  const seen = rows.filter((r) => CURRENCY[r['country'] as string] !== undefined);
  t.ok(seen.length > 50, `${seen.length} rows of the checked countries`);
  t.same(
    seen.filter((r) => r['currency'] !== CURRENCY[r['country'] as string]).slice(0, 3),
    [],
    'each its country’s currency',
  );
  const limits: Record<string, [number, number]> = {
    dog: [1.5, 90],
    cat: [2.5, 7],
    bird: [0.02, 1.3],
    rabbit: [0.5, 10],
  };
  const off = rows.filter((r) => {
    const range = limits[r['species'] as string];
    const w = r['weight_kg'] as number;
    return range !== undefined && (w < range[0] || w > range[1]);
  });
  t.same(off.slice(0, 3), [], 'a dog, cat, bird (a pet parrot) or rabbit weighs what its kind does');
  t.ok(
    rows.some((r) => r['species'] === 'lizard'),
    'a species the catalogue lacks still generates',
  );
});

t.test('a hire date beside a birth date comes 18 years after it at least', async (t) => {
  const [, hire, kept, open] = linkedFields([
    { name: 'date_of_birth', type: 'date_of_birth' },
    { name: 'hire_date', type: 'date' },
    { name: 'start_date', type: 'date', params: { min: '2015-01-01', max: '2024-12-31' } },
    { name: 'joined_on', type: 'date_past' },
  ]);
  t.same(hire!.params, {
    min: '2021-01-01',
    max: '2025-12-31',
    after: 'date_of_birth',
    min_gap_days: 6575,
    max_gap_days: 36_500,
  });
  t.same(kept!.params, {
    min: '2015-01-01',
    max: '2024-12-31',
    after: 'date_of_birth',
    min_gap_days: 6575,
    max_gap_days: 36_500,
  });
  t.same(open, { name: 'joined_on', type: 'date_past' }, 'a date without a closed window is left alone');
  const result = compile({
    seed: 3,
    locale: 'en',
    tables: [
      {
        name: 'staff',
        count: 2000,
        fields: linkedFields([
          { name: 'date_of_birth', type: 'date_of_birth' },
          { name: 'hire_date', type: 'date' },
        ]),
      },
    ],
  });
  if (!result.ok) {
    t.fail(result.error.message);
    return;
  }
  const years = generateRecords(result.plan, 'staff', 0, 2000).map(
    (r) => (Date.parse(r['hire_date'] as string) - Date.parse(r['date_of_birth'] as string)) / 31_557_600_000,
  );
  t.ok(Math.min(...years) >= 17.99, `youngest hire ${Math.min(...years).toFixed(2)} years old`);
  t.ok(years.length === 2000);
});

t.test('an unnamed field (a prompt can leave one) is passed over, not a crash', async (t) => {
  const nameless = { type: 'date' } as unknown as DetectedField;
  const text = { type: 'sentence' } as unknown as DetectedField;
  const fields = [{ name: 'date_of_birth', type: 'date_of_birth' }, nameless, text];
  t.same(linkedFields(fields)[1], nameless);
  const [table] = meaningFields([{ name: 'visits', fields }]);
  t.same(table!.fields[2], text);
  const { convertPrompt } = await import('../../src/prompt/convert.js');
  const result = convertPrompt(
    'a dozen orders with ,, and a dozen constructors; each constructors belongs to a orders',
  );
  t.equal(result.ok, false, 'the fuzz prompt that found it is refused with a message');
});

t.test(
  "a row without a place of its own is where its parent is: an order ships and pays in its customer's country",
  async (t) => {
    const detected = detectSchema({
      sql: `
      CREATE TABLE customers (id INT PRIMARY KEY, name VARCHAR(80), country VARCHAR(60));
      CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT REFERENCES customers(id),
        shipping_country VARCHAR(60), currency CHAR(3), total DECIMAL(10,2));
      CREATE TABLE stores (id INT PRIMARY KEY, customer_id INT REFERENCES customers(id),
        city VARCHAR(60), country VARCHAR(60), currency CHAR(3));
    `,
    }).tables;
    const fields = (table: string) =>
      Object.fromEntries(detected.find((x) => x.name === table)!.fields.map((f) => [f.name, f]));
    const orders = fields('orders');
    t.match(orders['shipping_country'], { type: 'lookup', params: { from: 'customer_id.country' } });
    t.match(orders['currency']?.params, { by: 'customer_id.country' });
    const stores = fields('stores');
    t.equal(stores['country']?.type, 'country', 'a row with a city of its own keeps its own country');
    t.match(stores['currency']?.params, { by: 'country' });
    const plan = compile({ seed: 4, locale: 'en', tables: detected.map((x) => ({ ...x, count: 300 })) });
    if (!plan.ok) {
      t.fail(plan.error.message);
      return;
    }
    const country = new Map(
      generateRecords(plan.plan, 'customers', 0, 300).map((c) => [c['id'], c['country']]),
    );
    const rows = generateRecords(plan.plan, 'orders', 0, 300);
    t.ok(rows.filter((o) => o['shipping_country'] !== null).length > 150, 'most orders name a country');
    const off = rows.filter(
      (o) =>
        o['customer_id'] !== null &&
        o['shipping_country'] !== null &&
        o['shipping_country'] !== country.get(o['customer_id']),
    );
    t.same(off.slice(0, 3), [], "every order ships to its customer's country (a nullable one may be null)");
  },
);

const ACROSS = `
CREATE TABLE veterinary_clinics (id INT PRIMARY KEY, name VARCHAR(80), city VARCHAR(60) NOT NULL, specialty VARCHAR(60));
CREATE TABLE owners (id INT PRIMARY KEY, clinic_id INT NOT NULL REFERENCES veterinary_clinics(id), city VARCHAR(60) NOT NULL, state VARCHAR(30) NOT NULL);
CREATE TABLE pets (id INT PRIMARY KEY, owner_id INT REFERENCES owners(id), breed VARCHAR(40) NOT NULL, born_on DATE NOT NULL);
CREATE TABLE products (id INT PRIMARY KEY, name VARCHAR(100) NOT NULL, category VARCHAR(50), price DECIMAL(8,2));
CREATE TABLE orders (id INT PRIMARY KEY, total DECIMAL(10,2) NOT NULL);
CREATE TABLE reviews (id INT PRIMARY KEY, product_id INT NOT NULL REFERENCES products(id), rating INT NOT NULL, body TEXT NOT NULL);
`;

t.test(
  'links across tables: the clinic’s city, a basket of the catalogue, a review of its product',
  async (t) => {
    const detected = detectSchema({ sql: ACROSS }).tables;
    const field = (table: string, name: string) =>
      detected.find((x) => x.name === table)!.fields.find((f) => f.name === name)!;
    t.match(field('owners', 'clinic_id').params, { same_place: true });
    t.equal(field('orders', 'total').type, 'basket_total');
    t.same(field('reviews', 'body').params, { by: ['rating', 'product_id.name'] });
    t.same(field('veterinary_clinics', 'specialty').params, { domain: 'veterinary' });
    t.same(field('pets', 'born_on'), { name: 'born_on', type: 'date_of_birth', params: { by: 'breed' } });
    const result = compile({ tables: detected.map((x) => ({ ...x, count: 300 })), seed: 5, locale: 'en' });
    if (!result.ok) throw new Error(result.error.message);
    const rows = (name: string) => generateRecords(result.plan, name, 0, 300);
    const clinics = new Map(rows('veterinary_clinics').map((c) => [c['id'], c['city']]));
    const away = rows('owners').filter((o) => o['city'] !== clinics.get(o['clinic_id']));
    t.same(away.slice(0, 3), [], 'every owner in the city of the clinic');
    const dearest = 1800; // a digital piano, the dearest catalogue product
    const totals = rows('orders').map((o) => o['total'] as number);
    t.ok(Math.max(...totals) <= 3 * dearest && Math.min(...totals) > 0, 'totals a basket could come to');
    const oldest = new Map(
      animals.species.flatMap((s) => s.breeds.map((b) => [b.name, b.lifespan_years[1]!])),
    );
    const dead = rows('pets').filter((p) => {
      const years = (Date.UTC(2026, 0, 1) - Date.parse(p['born_on'] as string)) / (365.25 * 86_400_000);
      return years > oldest.get(p['breed'] as string)! || years < 0.49;
    });
    t.same(dead.slice(0, 3), [], 'every animal alive at its age');
    const products = new Map(rows('products').map((p) => [p['id'], p['category']]));
    const broken = rows('reviews').filter(
      (r) =>
        /stopped working|set up|setup/i.test(r['body'] as string) &&
        products.get(r['product_id']) === 'Books',
    );
    t.same(broken.slice(0, 3), [], 'no book stops working or needs setting up');
  },
);

t.test('a shop’s orders with no items and no products are baskets; a supplier’s are not', async (t) => {
  const typeOf = (sql: string, table: string) =>
    detectSchema({ sql })
      .tables.find((x) => x.name === table)!
      .fields.find((f) => f.name === 'total')!.type;
  const shop = `CREATE TABLE customers (id INT PRIMARY KEY, name TEXT);
    CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT REFERENCES customers(id), total DECIMAL(10,2));`;
  t.equal(typeOf(shop, 'orders'), 'basket_total');
  const items = `${shop} CREATE TABLE order_items (id INT PRIMARY KEY, order_id INT REFERENCES orders(id), quantity INT);`;
  t.not(typeOf(items, 'orders'), 'basket_total', 'its items add it up');
  const supplier = `CREATE TABLE suppliers (id INT PRIMARY KEY, name TEXT);
    CREATE TABLE purchase_orders (id INT PRIMARY KEY, supplier_id INT REFERENCES suppliers(id), total DECIMAL(10,2));`;
  t.equal(typeOf(supplier, 'purchase_orders'), 'amount');
  const sells = `${shop} CREATE TABLE products (id INT PRIMARY KEY, name TEXT NOT NULL, price DECIMAL(8,2) NOT NULL);`;
  const total = detectSchema({ sql: sells })
    .tables.find((x) => x.name === 'orders')!
    .fields.find((f) => f.name === 'total');
  t.same(
    total,
    { name: 'total', type: 'basket_total', nullable: true, params: { of: 'products.price' } },
    'of the shop’s own prices',
  );
});

t.test(
  'a catalogue’s own product or company name, or a post’s title, is distinct; a copied one is not',
  async (t) => {
    const paramsOf = (sql: string, table: string, field: string) =>
      detectSchema({ sql })
        .tables.find((x) => x.name === table)!
        .fields.find((f) => f.name === field)!.params ?? {};
    const shop = `CREATE TABLE products (id INT PRIMARY KEY, name VARCHAR(80), category VARCHAR(40));
    CREATE TABLE order_items (id INT PRIMARY KEY, product_id INT REFERENCES products(id), product_name VARCHAR(80));
    CREATE TABLE companies (id INT PRIMARY KEY, company_name VARCHAR(80));
    CREATE TABLE posts (id INT PRIMARY KEY, title VARCHAR(200));`;
    t.same(paramsOf(shop, 'products', 'name'), { distinct: true });
    t.same(paramsOf(shop, 'products', 'category'), { by: 'name' }, 'the category is the name’s');
    t.notOk(paramsOf(shop, 'order_items', 'product_name')['distinct'], 'an item copies its product’s name');
    t.same(paramsOf(shop, 'companies', 'company_name'), { distinct: true });
    t.same(paramsOf(shop, 'posts', 'title'), { distinct: true }, 'a post’s title');
    const sales = `CREATE TABLE sales (id INT PRIMARY KEY, product_name VARCHAR(80), quantity INT);`;
    t.notOk(paramsOf(sales, 'sales', 'product_name')['distinct'], 'many sales of one product');
    const detected = detectSchema({ sql: shop }).tables.map((x) => ({ ...x, count: 300 }));
    const plan = compile({ seed: 5, locale: 'en', tables: detected });
    if (!plan.ok) throw new Error(plan.error.message);
    const names = generateRecords(plan.plan, 'products', 0, 300)
      .map((r) => r['name'])
      .filter((name) => name !== null);
    t.ok(names.length > 200);
    t.equal(new Set(names).size, names.length, 'the detected schema names its products once each');
  },
);

t.test('a member’s email is a work address at the organization’s domain; a customer’s is not', async (t) => {
  const sql = `CREATE TABLE organizations (id INT PRIMARY KEY, name VARCHAR(80) NOT NULL, domain VARCHAR(80) NOT NULL);
    CREATE TABLE members (id INT PRIMARY KEY, organization_id INT NOT NULL REFERENCES organizations(id), email VARCHAR(120) NOT NULL);
    CREATE TABLE customers (id INT PRIMARY KEY, email VARCHAR(120) NOT NULL);
    CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT REFERENCES customers(id), email VARCHAR(120) NOT NULL);`;
  const tables = detectSchema({ sql }).tables;
  const email = (table: string) =>
    tables.find((x) => x.name === table)!.fields.find((f) => f.name === 'email');
  t.same(email('members'), { name: 'email', type: 'email', params: { by: 'organization_id.domain' } });
  t.same(email('customers'), { name: 'email', type: 'email' });
  t.same(email('orders'), { name: 'email', type: 'email' }, 'a customer has no domain of its own');
});
