import t from 'tap';
import { convertPrompt } from '../../src/prompt/convert.js';
import { isPlural, plural } from '../../src/prompt/text.js';
import type { TableSpec } from '../../workers/engine/index.js';
import { compile, generateRecords } from '../../workers/engine/index.js';

function tablesOf(prompt: string): TableSpec[] {
  const result = convertPrompt(prompt);
  if (!result.ok) throw new Error(result.message);
  return result.tables;
}
const table = (tables: TableSpec[], name: string) => tables.find((x) => x.name === name);
const field = (tables: TableSpec[], name: string, fieldName: string) =>
  table(tables, name)?.fields.find((f) => f.name === fieldName);
/** The tables a table's refs point to. */
const refs = (tables: TableSpec[], name: string) =>
  table(tables, name)
    ?.fields.filter((f) => f.type === 'ref')
    .map((f) => f.params?.['table']);

t.test('entities, counts, fields, enums and ranges', async (t) => {
  const tables = tablesOf(
    '200 users with name, email and signup date, and 500 orders with status pending, paid or shipped and total between 10 and 200; each order belongs to a user',
  );
  t.same(
    tables.map((x) => [x.name, x.count]),
    [
      ['users', 200],
      ['orders', 500],
    ],
  );
  t.same(field(tables, 'users', 'id'), { name: 'id', type: 'uuid' });
  t.equal(field(tables, 'users', 'name')?.type, 'full_name');
  t.equal(field(tables, 'users', 'email')?.type, 'email');
  t.equal(field(tables, 'users', 'signup_date')?.type, 'date');
  t.same(field(tables, 'orders', 'user_id'), { name: 'user_id', type: 'ref', params: { table: 'users' } });
  t.same(field(tables, 'orders', 'status')?.params, { values: ['pending', 'paid', 'shipped'] });
  t.same(field(tables, 'orders', 'total'), { name: 'total', type: 'amount', params: { min: 10, max: 200 } });
});

t.test('per_parent ranges set the child count; a self-reference is nullable', async (t) => {
  const tables = tablesOf(
    '20 companies with 5 to 10 employees each; every employee has a manager who is also an employee',
  );
  const employees = table(tables, 'employees');
  t.same(field(tables, 'employees', 'company_id')?.params, {
    table: 'companies',
    per_parent: { min: 5, max: 10 },
  });
  t.ok(
    employees !== undefined && employees.count >= 100 && employees.count <= 200,
    `count ${employees?.count} fits 20 × 5..10`,
  );
  t.same(field(tables, 'employees', 'manager_id'), {
    name: 'manager_id',
    type: 'ref',
    params: { table: 'employees' },
    nullable: true,
  });
});

t.test('junction tables get a unique pair; counts never exceed the pairs', async (t) => {
  const tables = tablesOf('5 students and 3 courses with 100 enrollments between students and courses');
  t.same(
    table(tables, 'enrollments')?.unique?.map((key) => [...key].sort()),
    [['course_id', 'student_id']],
  );
  t.equal(table(tables, 'enrollments')?.count, 15, '100 asked, 5 × 3 pairs exist');
});

t.test('domains, locales and relative dates', async (t) => {
  const shop = convertPrompt('an online shop with 40 German customers');
  t.ok(shop.ok);
  if (shop.ok) {
    t.equal(shop.locale, 'de');
    t.same(
      shop.tables.map((x) => x.name),
      ['customers', 'products', 'orders', 'order_items', 'reviews'],
    );
    t.equal(table(shop.tables, 'customers')?.count, 40);
  }
  const logs = tablesOf('1000 log entries with level debug, info or error and timestamp in the last 7 days');
  t.same(field(logs, 'log_entries', 'timestamp')?.params, {
    min: '2025-12-25T00:00:00Z',
    max: '2025-12-31T23:59:59Z',
  });
});

t.test('every conversion compiles and generates; the same prompt gives the same tables', async (t) => {
  const prompt =
    'Hospital: 20 departments, 5 to 15 doctors per department, 1000 patients, 4000 appointments between patients and doctors';
  const first = convertPrompt(prompt);
  t.same(convertPrompt(prompt), first, 'deterministic');
  t.ok(first.ok);
  if (!first.ok) return;
  const compiled = compile({ tables: first.tables, locale: 'en', seed: 3 });
  t.ok(compiled.ok);
  if (compiled.ok) t.equal(generateRecords(compiled.plan, 'appointments', 0, 5).length, 5);
});

t.test('prompts without data to generate fail with a hint', async (t) => {
  for (const prompt of ['', '   ', 'hello', 'please help me', '!!!']) {
    const result = convertPrompt(prompt);
    t.notOk(result.ok, JSON.stringify(prompt));
    if (!result.ok) t.match(result.message, /e\.g\. '100 customers with name and email/);
  }
});

t.test('a 5,000-character prompt converts quickly', async (t) => {
  const sentence = '300 customers with name, email, status active or inactive and age between 18 and 90. ';
  const prompt = sentence.repeat(Math.floor(5000 / sentence.length)).slice(0, 5000);
  const started = performance.now();
  convertPrompt(prompt);
  convertPrompt('a '.repeat(2500));
  convertPrompt('x, '.repeat(1666) + 'or y');
  t.ok(performance.now() - started < 2000, `${Math.round(performance.now() - started)} ms`);
});

t.test('warnings say what the converter assumed, and nothing when the prompt said it all', async (t) => {
  const vague = convertPrompt('students, courses and enrollments');
  t.ok(vague.ok);
  if (vague.ok) {
    const warnings = vague.warnings ?? [];
    t.ok(warnings.includes('students: no columns were named; the usual columns of a student were used.'));
    t.ok(
      warnings.some((w) =>
        /^enrollments: each refers to one of students, as enrollments usually do\.$/.test(w),
      ),
    );
    t.ok(warnings.some((w) => /^courses: no count was given; \d+ rows\.$/.test(w)));
  }
  const exact = convertPrompt('200 users with name, email and signup date');
  t.ok(exact.ok);
  if (exact.ok) t.same(exact.warnings, [], 'a prompt that says everything: no warnings');
  const odd = convertPrompt('50 widgets with name and a frobnication');
  if (odd.ok) t.match(odd.warnings, [/widgets\.frobnication: no field type fits this name/]);
});

t.test('things named together relate as they usually do, in the domain the prompt is about', async (t) => {
  const refsOf = (prompt: string, table: string) => {
    const result = convertPrompt(prompt);
    if (!result.ok) return [];
    const found = result.tables.find((x) => x.name === table);
    return (found?.fields ?? []).flatMap((f) => (f.type === 'ref' ? [String(f.params?.['table'])] : []));
  };
  t.same(refsOf('hotels, rooms in each hotel, guests, and reservations', 'reservations').sort(), [
    'guests',
    'rooms',
  ]);
  t.same(refsOf('restaurants, customers and reservations', 'reservations').sort(), [
    'customers',
    'restaurants',
  ]);
  t.same(refsOf('students, courses and enrollments', 'enrollments').sort(), ['courses', 'students']);
  const typed = convertPrompt('300 support tickets with subject and status');
  const status = typed.ok ? typed.tables[0]!.fields.find((f) => f.name === 'status') : undefined;
  t.equal(status?.type, 'enum', "a ticket's status takes the knowledge base's type");
});

t.test("choices of a table's own kind, ranges per parent in parentheses, and a join date", async (t) => {
  const fieldOf = (prompt: string, table: string, name: string) =>
    tablesOf(prompt)
      .find((x) => x.name === table)
      ?.fields.find((f) => f.name === name);
  t.same(fieldOf('80 bugs of type crash, typo or layout', 'bugs', 'type')?.params, {
    values: ['crash', 'typo', 'layout'],
  });
  t.same(fieldOf('40 songs and 900 votes on songs (up, down, skip)', 'votes', 'type')?.params, {
    values: ['up', 'down', 'skip'],
  });
  t.equal(fieldOf('30 parcels (weight, price, city)', 'parcels', 'type'), undefined, 'a list of columns');
  t.equal(fieldOf('30 parcels (weight, price, city)', 'parcels', 'price')?.type, 'price');
  const shelf = fieldOf('12 aisles and bins in each aisle (between 3 and 9)', 'bins', 'aisle_id');
  t.same(shelf?.params?.['per_parent'], { min: 3, max: 9 });
  t.equal(fieldOf('90 climbers with name and join date', 'climbers', 'join_date')?.type, 'date');
});

t.test(
  'two tables read as referring to each other: the one named first owns the other, with a warning',
  async (t) => {
    const result = convertPrompt('200 drivers, each with one truck, and 900 trips made by the trucks');
    t.ok(result.ok, 'converted, not refused as a cycle');
    if (!result.ok) return;
    const refs = (name: string) =>
      result.tables
        .find((x) => x.name === name)
        ?.fields.filter((f) => f.type === 'ref')
        .map((f) => f.params?.['table']);
    t.same(refs('trucks'), ['drivers']);
    t.same(refs('drivers'), []);
    t.ok(
      (result.warnings ?? []).some((w) => /drivers and trucks were read as referring to each other/.test(w)),
      'the answer says which ref was left out',
    );
  },
);

t.test(
  '"where one X verbs another": a table of pairs of X, named by the verb, never a row with itself',
  async (t) => {
    const result = convertPrompt('80 lawyers and 300 citations in which one lawyer cites another');
    t.ok(result.ok);
    if (!result.ok) return;
    const refs = result.tables
      .find((x) => x.name === 'citations')
      ?.fields.filter((f) => f.type === 'ref')
      .map((f) => [f.name, f.params?.['table'], f.params?.['allow_self'] ?? true]);
    t.same(refs, [
      ['citing_lawyer_id', 'lawyers', true],
      ['cited_lawyer_id', 'lawyers', false],
    ]);
    const tagged = convertPrompt('40 members and 70 shoutouts where one member tags another');
    const names = tagged.ok
      ? tagged.tables.find((x) => x.name === 'shoutouts')?.fields.map((f) => f.name)
      : [];
    t.ok(
      names?.includes('tagging_member_id') && names.includes('tagged_member_id'),
      'a short verb doubles its consonant',
    );
  },
);

t.test(
  'a unit after "in" stays in the column name, and long phrases before a range keep their words whole',
  async (t) => {
    const names = (prompt: string) => tablesOf(prompt)[0]?.fields.map((f) => f.name) ?? [];
    t.same(names('40 rides with duration in seconds from 60 to 3600 and distance in km 1 to 40'), [
      'id',
      'duration_seconds',
      'distance_km',
    ]);
    t.ok(
      names('90 calls with subject and average handling time in minutes 1 to 30').includes('subject'),
      'the word before a long phrase is not cut in two',
    );
  },
);

t.test('pairs of one entity that never pair a row with itself fit n·(n−1)', async (t) => {
  const result = convertPrompt('3 users and 9 friendships between them');
  t.ok(result.ok, 'converted, not refused for too few pairs');
  if (!result.ok) return;
  t.equal(result.tables.find((x) => x.name === 'friendships')?.count, 6);
});

t.test('column lists in their everyday shapes', async (t) => {
  const names = (prompt: string, name: string) =>
    table(tablesOf(prompt), name)?.fields.map((f) => `${f.name}:${f.type}`);
  // Plural column names after a table's colon stay columns.
  t.same(
    tablesOf('real estate listings: address, price, bedrooms, bathrooms').map((x) => x.name),
    ['listings'],
  );
  t.ok(
    names('real estate listings: address, price, bedrooms, bathrooms', 'listings')?.includes(
      'bedrooms:number',
    ),
  );
  // A dash opens the list, parentheses and a dash close an item, a unit in parentheses is no enum.
  t.ok(names('employees (name, salary, job title) - 250 rows', 'employees')?.includes('job_title:job_title'));
  const readings = names('sensor readings - device id, temperature (°C), battery level', 'sensor_readings');
  t.same(readings, ['id:uuid', 'device_id:uuid', 'temperature_c:decimal', 'battery_level:number']);
  // A question is a yes/no column and ends no sentence; shorthand reads as words.
  t.ok(
    names('tasks (title, is done?) with status one of todo, doing, done', 'tasks')?.includes('done:boolean'),
  );
  t.same(
    field(tablesOf('tasks (title, is done?) with status one of todo, doing, done'), 'tasks', 'status')
      ?.params,
    {
      values: ['todo', 'doing', 'done'],
    },
  );
  t.same(field(tablesOf('loans incl. principal, state open|repaid|defaulted'), 'loans', 'state')?.params, {
    values: ['open', 'repaid', 'defaulted'],
  });
  t.ok(names('vans w/ plate, # of seats', 'vans')?.includes('number_of_seats:number'));
  t.same(
    field(tablesOf('builds: branch, target which is debug, release or profile'), 'builds', 'target')?.params,
    {
      values: ['debug', 'release', 'profile'],
    },
  );
  // Slashes between column names; columns before the last one's choices; ranges before "with".
  t.ok(
    names('members: full name / dob / email', 'members')?.includes('date_of_birth:date_of_birth') === false,
  );
  t.ok(names('members: full name / dob / email', 'members')?.includes('dob:date_of_birth'));
  const trial = tablesOf('volunteers: volunteer code, age 20-60, group control or active');
  t.same(field(trial, 'volunteers', 'group')?.params, { values: ['control', 'active'] });
  t.same(field(trial, 'volunteers', 'age')?.params, { min: 20, max: 60 });
  t.same(field(tablesOf('90 runners aged 16 to 70, with club'), 'runners', 'age')?.params, {
    min: 16,
    max: 70,
  });
  // A sentence that names no table goes on with the last subject's columns.
  const squad = tablesOf('8 clubs, 22 athletes per club; role (keeper, back, wing), number 1-99');
  t.same(field(squad, 'athletes', 'role')?.params, { values: ['keeper', 'back', 'wing'] });
  // A number before a mention counts it: no column "owning".
  const owners = tablesOf('wallets with balance; 50 holders each owning 1-3 wallets');
  t.equal(field(owners, 'holders', 'owning'), undefined);
  t.same(field(owners, 'wallets', 'holder_id')?.params?.['per_parent'], { min: 1, max: 3 });
});

t.test('tables named only by relations, lists and record words', async (t) => {
  const tableNames = (prompt: string) => tablesOf(prompt).map((x) => x.name);
  t.ok(
    tableNames('leagues and fixtures; every fixture belongs to a league').includes('fixtures'),
    'a verb-tagged plural',
  );
  t.ok(tableNames('Gardeners and their plots: size, soil').includes('plots'), 'after a possessive');
  t.ok(
    tableNames('forum: threads, answers to threads by moderators').includes('moderators'),
    'an attachment',
  );
  t.ok(tableNames('kennels, each with 4-10 pens; each pen has a size').includes('pens'));
  t.ok(tableNames('20 vendors and the items each vendor stocks (2-9 per vendor)').includes('vendors'));
  t.ok(tableNames('repairs logged per machine: part, cost').includes('machines'), 'the object of per');
  t.ok(tableNames('camping kits, each kit lent to a scout').includes('scouts'), 'the object of lent to');
  t.same(tableNames('invoice rows with amount'), ['invoices'], '"X rows" are Xs');
  t.same(tableNames('maintenance records: machine, cost'), ['maintenance_records']);
  t.same(
    tableNames('guild characters with class and level'),
    ['guild_characters'],
    'no unit without a number',
  );
});

t.test('column names typed as they read', async (t) => {
  const typeOf = (prompt: string, table: string, name: string) => field(tablesOf(prompt), table, name)?.type;
  const p = 'claims: claim number, amount due, filed on, gpa, fuel type, priority, email verified, height cm';
  t.equal(typeOf(p, 'claims', 'claim_number'), 'sequence');
  t.equal(typeOf(p, 'claims', 'amount_due'), 'amount');
  t.equal(typeOf(p, 'claims', 'filed_on'), 'date');
  t.same(field(tablesOf(p), 'claims', 'gpa')?.params, { min: 0, max: 4, precision: 2 });
  t.same(field(tablesOf(p), 'claims', 'fuel_type')?.params, {
    values: ['petrol', 'diesel', 'hybrid', 'electric'],
  });
  t.equal(typeOf(p, 'claims', 'priority'), 'enum');
  t.equal(typeOf(p, 'claims', 'email_verified'), 'boolean');
  t.equal(typeOf(p, 'claims', 'height_cm'), 'decimal');
});

t.test('choices, ranges and dates in shorter hands', async (t) => {
  const params = (prompt: string, table: string, name: string) =>
    field(tablesOf(prompt), table, name)?.params;
  t.same(params('vans: model, body - panel, crew or box', 'vans', 'body'), {
    values: ['panel', 'crew', 'box'],
  });
  t.same(params('grants with a grant’s phase is draft, review or funded', 'grants', 'phase'), {
    values: ['draft', 'review', 'funded'],
  });
  t.same(params('wines: region, colour red/white/rose', 'wines', 'colour'), {
    values: ['red', 'white', 'rose'],
  });
  t.same(params('kites with maker, size: small, medium, large', 'kites', 'size'), {
    values: ['small', 'medium', 'large'],
  });
  t.same(params('lessons, each with a tutor, and is either online or onsite', 'lessons', 'type'), {
    values: ['online', 'onsite'],
  });
  t.same(params('quizzes with a grade out of 20', 'quizzes', 'grade'), { min: 0, max: 20 });
  t.same(params('yachts: berth fee 20k to 1.5m', 'yachts', 'berth_fee'), { min: 20000, max: 1500000 });
  t.same(params('cars: model, year between 1990 and 2010', 'cars', 'year'), { min: 1990, max: 2010 });
  t.same(params('audits with audit date (March 2025)', 'audits', 'audit_date'), {
    min: '2025-03-01',
    max: '2025-03-31',
  });
  const box = tablesOf('boxes: length/width/depth in cm, label');
  t.ok(
    ['length_cm', 'width_cm', 'depth_cm'].every((n) => field(box, 'boxes', n) !== undefined),
    'three columns',
  );
});

t.test('more ways to say which table refers to which', async (t) => {
  const refsOf = (prompt: string, name: string) =>
    table(tablesOf(prompt), name)
      ?.fields.filter((f) => f.type === 'ref')
      .map((f) => String(f.params?.['table']));
  t.same(refsOf('pilots and hangars; each flight took a pilot and a hangar', 'flights')?.sort(), [
    'hangars',
    'pilots',
  ]);
  t.ok(refsOf('schools and pupils; schools have pupils', 'pupils')?.includes('schools'));
  t.ok(refsOf('orchards, each with several fruit trees', 'fruit_trees')?.includes('orchards'));
  t.ok(refsOf('claims, between 1 and 2 per policy; 30 policies', 'claims')?.includes('policies'));
  t.same(
    table(tablesOf('claims, between 1 and 2 per policy; 30 policies'), 'claims')?.fields.find(
      (f) => f.type === 'ref',
    )?.params?.['per_parent'],
    { min: 1, max: 2 },
  );
  t.ok(refsOf('farms -> barns -> stalls', 'stalls')?.includes('barns'), 'an arrow hierarchy');
  t.ok(refsOf('farms -> barns -> stalls', 'barns')?.includes('farms'));
  t.ok(refsOf('12 ponds and weekly samples for each of them', 'samples')?.includes('ponds'));
  const names = (prompt: string) => tablesOf(prompt).map((x) => x.name);
  t.ok(names('gadgets and a warranties table').includes('warranties'), 'a table named outright');
  t.ok(names('shop_visits between shoppers and shops').includes('shop_visits'), 'a snake_case name');
  t.ok(names('webhooks and their retries').includes('webhooks'), 'a plural the tagger does not know');
  t.ok(names('fossils, each catalogued by a curator').includes('curators'), 'the agent of a participle');
  t.ok(refsOf('every boat has crew members: role, age', 'crew_members')?.includes('boats'), 'things had');
  t.ok(names('notes on patients: text, author').includes('patients'), 'a plural of a plural');
  t.ok(names('duels among 50 knights').includes('knights'));
  t.ok(names('towers each with antennas').includes('antennas'));
  t.ok(names('Each soil core should have depth, moisture and colour').includes('soil_cores'), 'each X alone');
  t.ok(names('lab freezer inventory: item, shelf').length === 1);
  t.ok(names('incident log. caller, unit, priority').includes('incident_logs'), 'a singular log');
});

t.test('column names read in context', async (t) => {
  const typeOf = (prompt: string, table: string, name: string) => field(tablesOf(prompt), table, name)?.type;
  t.equal(typeOf('water tests: value, unit, sampled at', 'water_tests', 'value'), 'decimal');
  t.equal(typeOf('queue entries: position, joined at', 'queue_entries', 'position'), 'integer');
  t.equal(typeOf('staff: name, position', 'staff', 'position'), 'job_title');
  t.equal(typeOf('messages: text, sent at', 'messages', 'text'), 'message');
  t.equal(typeOf('nps surveys: score 0-10, comment', 'nps_surveys', 'comment'), 'comment');
  t.equal(typeOf('boats: heading, speed', 'boats', 'heading'), 'integer');
  t.equal(typeOf('bikes: cadence, power output (watts)', 'bikes', 'power_output_watts'), 'integer');
  t.equal(typeOf('bakes: bake time (minutes), oven (°F)', 'bakes', 'bake_time_minutes'), 'integer');
  t.equal(typeOf('houses: roof age, porch', 'houses', 'roof_age'), 'integer');
  t.equal(typeOf('releases: from version, to version', 'releases', 'from_version'), 'semver');
  t.equal(typeOf('coupons: code, valid until', 'coupons', 'valid_until'), 'date');
  t.equal(typeOf('returns with reason and whether it was restocked', 'returns', 'restocked'), 'boolean');
  t.equal(typeOf('lockers with size and a staff only? flag', 'lockers', 'staff_only'), 'boolean');
  t.equal(typeOf('Could you make ferries with name and capacity?', 'ferries', 'capacity'), 'number');
  t.equal(typeOf('vacancies: title, salary band', 'vacancies', 'title'), 'job_title');
  t.equal(typeOf('lessons: subject, room', 'lessons', 'subject'), 'enum');
  t.equal(typeOf('bank logs: hs code, rma no, box office gross', 'bank_logs', 'hs_code'), 'sequence');
  t.equal(typeOf('films: title, box office gross', 'films', 'box_office_gross'), 'amount');
  t.equal(typeOf('triage records: systolic, spo2', 'triage_records', 'systolic'), 'integer');
  t.equal(typeOf('suits: practice area, opened date', 'suits', 'practice_area'), 'enum');
  t.equal(typeOf('suits: practice area, opened date', 'suits', 'opened_date'), 'date');
});

t.test('prices, units, windows ahead and relative clauses', async (t) => {
  const params = (prompt: string, table: string, name: string) =>
    field(tablesOf(prompt), table, name)?.params;
  t.same(params('lofts: rent €900–€3,100, floor', 'lofts', 'rent'), { min: 900, max: 3100 });
  t.same(params('tokens with expires_at within the next 48h', 'tokens', 'expires_at'), {
    min: '2026-01-01T00:00:00Z',
    max: '2026-01-03T00:00:00Z',
  });
  t.same(params('streamers: handle, subscribers between 50k and 3M', 'streamers', 'subscribers'), {
    min: 50000,
    max: 3000000,
  });
  t.same(params('bets: stake, and the payout runs 2 to 500', 'bets', 'payout'), { min: 2, max: 500 });
  t.ok(
    field(
      tablesOf('12 hives, each having 3 to 9 frames that hold a brood count and honey kg'),
      'frames',
      'brood_count',
    ),
  );
  t.same(params('soil tests: crop, yield t/ha, dose (l/ha)', 'soil_tests', 'yield_t_ha')?.['precision'], 2);
  t.ok(
    field(tablesOf('shipments: sent timestamp, weight'), 'shipments', 'sent_timestamp'),
    'the participle stays',
  );
  const refsOf = (prompt: string, name: string) =>
    table(tablesOf(prompt), name)
      ?.fields.filter((f) => f.type === 'ref')
      .map((f) => String(f.params?.['table']));
  t.ok(
    refsOf('renters and their holiday rental bookings: check-in date, nights', 'bookings')?.includes(
      'renters',
    ),
  );
  t.ok(refsOf('discount rules with name; carts each use a rule', 'carts')?.includes('discount_rules'));
  t.ok(refsOf('300 duels among 40 wizards, with winner', 'duels')?.includes('wizards'));
  const typeOf = (prompt: string, table: string, name: string) => field(tablesOf(prompt), table, name)?.type;
  t.equal(typeOf('edge nodes: hostname, region, cpu count', 'edge_nodes', 'region'), 'enum');
  t.equal(typeOf('customers: name, region', 'customers', 'region'), 'state_province');
  t.equal(
    typeOf('code repositories: name, language', 'code_repositories', 'language'),
    'programming_language',
  );
  t.equal(typeOf('parts: vendor, price', 'parts', 'vendor'), 'company_name');
  t.equal(typeOf('patrols: officer badge, shift', 'patrols', 'officer_badge'), 'sequence');
});

t.test('spec-style sentences and shared column words', async (t) => {
  const names = (prompt: string) => tablesOf(prompt).map((x) => x.name);
  const refsOf = (prompt: string, name: string) =>
    table(tablesOf(prompt), name)
      ?.fields.filter((f) => f.type === 'ref')
      .map((f) => String(f.params?.['table']));
  t.ok(
    names('A league has 4 to 12 squads; squads have a colour.').includes('leagues'),
    'a clause about one row',
  );
  t.ok(refsOf('Each sailing club has 2 to 9 boats; boats have a name.', 'boats')?.includes('sailing_clubs'));
  t.ok(names('Check-outs: a reader borrows from a branch').includes('branches'), 'one thing a verb names');
  t.ok(names('judges scored dogs: dogs with breed').includes('judges'), 'a plural acting on a plural');
  t.ok(
    refsOf('authors, novels, and a table linking them', 'author_novels')?.includes('novels'),
    'a junction of both',
  );
  t.ok(names('gyms with city, coaches with licence, and members').includes('coaches'));
  t.same(field(tablesOf('emoji votes with up, down or meh'), 'emoji_votes', 'type')?.params, {
    values: ['up', 'down', 'meh'],
  });
  const typeOf = (prompt: string, tableName: string, name: string) =>
    field(tablesOf(prompt), tableName, name)?.type;
  const p = 'members: first/last name, member #, approved flag, start/end date, sq ft';
  t.equal(typeOf(p, 'members', 'first_name'), 'first_name');
  t.equal(typeOf(p, 'members', 'last_name'), 'last_name');
  t.equal(typeOf(p, 'members', 'member_number'), 'sequence');
  t.equal(typeOf(p, 'members', 'approved'), 'boolean');
  t.equal(typeOf(p, 'members', 'end_date'), 'date');
  t.ok(field(tablesOf(p), 'members', 'square_feet'));
  t.equal(typeOf('payouts { amount, currency }', 'payouts', 'amount'), 'amount', 'braces as parentheses');
  t.equal(typeOf('drivers: licence expiry, points balance', 'drivers', 'licence_expiry'), 'date');
  t.equal(typeOf('drivers: licence expiry, points balance', 'drivers', 'points_balance'), 'integer');
  t.equal(typeOf('cards: card number, expiry', 'cards', 'expiry'), 'credit_card_expiry');
  t.equal(typeOf('shows: host, runtime', 'shows', 'host'), 'full_name');
  t.equal(typeOf('servers: host, port', 'servers', 'host'), 'domain');
  t.equal(typeOf('citizens: OIB, district', 'citizens', 'oib'), 'tax_id');
  t.equal(typeOf('citizens: OIB, district', 'citizens', 'district'), 'state_province');
  t.equal(typeOf('crews: hourly wage, years active, docket number', 'crews', 'hourly_wage'), 'price');
  t.equal(typeOf('crews: hourly wage, years active, docket number', 'crews', 'years_active'), 'integer');
  t.equal(typeOf('crews: hourly wage, years active, docket number', 'crews', 'docket_number'), 'sequence');
  t.same(field(tablesOf('shifts: an employee’s hours (0.5 to 12)'), 'shifts', 'hours')?.params?.['min'], 0.5);
  t.same(field(tablesOf('feeds with cadence, either hourly or daily'), 'feeds', 'cadence')?.params, {
    values: ['hourly', 'daily'],
  });
  t.same(
    field(tablesOf('claims with status, which can be open, under review or closed'), 'claims', 'status')
      ?.params,
    { values: ['open', 'under review', 'closed'] },
  );
  t.ok(names('news items with headline').includes('news_items'), '"news" is no plural');
});

t.test('self-references and ownership said in sentences', async (t) => {
  const refOf = (prompt: string, tableName: string, name: string) =>
    field(tablesOf(prompt), tableName, name)?.params?.['table'];
  t.equal(
    refOf('Employees have name and email. Every employee reports to a manager.', 'employees', 'manager_id'),
    'employees',
  );
  t.equal(refOf('Gamers: handle, level. Some were invited by a friend.', 'gamers', 'referrer_id'), 'gamers');
  t.equal(refOf('landlords (email) who own 30 flats', 'flats', 'landlord_id'), 'landlords');
  const stores = tablesOf('Each kiosk employs 2 to 4 vendors. Kiosks need a street; vendors need a name.');
  t.ok(field(stores, 'kiosks', 'street'), 'needs opens a list');
  t.same(field(stores, 'vendors', 'kiosk_id')?.params?.['per_parent'], { min: 2, max: 4 });
  const wish = tablesOf('200 fans, 50 bands and a follow table linking fans and bands');
  t.same(
    table(wish, 'follows')
      ?.fields.filter((f) => f.type === 'ref')
      .map((f) => f.params?.['table'])
      .sort(),
    ['bands', 'fans'],
  );
  t.equal(field(tablesOf('sensor logs | device id, temperature'), 'sensor_logs', 'device_id')?.type, 'uuid');
});

t.test('plain words, organisations, collections and participle windows', async (t) => {
  const typeOf = (prompt: string, tableName: string, name: string) =>
    field(tablesOf(prompt), tableName, name)?.type;
  t.equal(
    typeOf('tickets: subject, sprocket', 'tickets', 'sprocket'),
    'word',
    'a one-word column nothing types',
  );
  t.equal(typeOf('gigs: venue, clinic name', 'gigs', 'venue'), 'company_name');
  t.equal(typeOf('gigs: venue, clinic name', 'gigs', 'clinic_name'), 'company_name');
  t.equal(typeOf('jobs: succeeded, wait time, odometer', 'jobs', 'succeeded'), 'boolean');
  t.equal(typeOf('jobs: succeeded, wait time, odometer', 'jobs', 'wait_time'), 'integer');
  t.equal(typeOf('hires: rented from, rented until', 'hires', 'rented_until'), 'date');
  const names = (prompt: string) => tablesOf(prompt).map((x) => x.name);
  t.same(names('boat list - hull number, length'), ['boats']);
  t.same(names('Kiln table with temperature, model'), ['kilns']);
  t.ok(field(tablesOf('30 looms and weaves, each recording thread count'), 'weaves', 'thread_count'));
  t.same(field(tablesOf('scans with barcode, started in the last week'), 'scans', 'started_at')?.params, {
    min: '2025-12-25T00:00:00Z',
    max: '2025-12-31T23:59:59Z',
  });
});

t.test('possessives across commas, counts with a word, and ranges each', async (t) => {
  const ref = (prompt: string, tableName: string) =>
    table(tablesOf(prompt), tableName)?.fields.find((f) => f.type === 'ref');
  t.equal(ref('hosts (name, email), their listings with price', 'listings')?.params?.['table'], 'hosts');
  t.same(ref('Each mine has 3 to 9 deep shafts; shafts have depth', 'shafts')?.params?.['per_parent'], {
    min: 3,
    max: 9,
  });
  t.same(ref('collectors, their stamps (10-40 each) with year', 'stamps')?.params?.['per_parent'], {
    min: 10,
    max: 40,
  });
  t.ok(tablesOf('songs and singers linked by credits').some((x) => x.name === 'credits'));
});

t.test('appositive counts, event starts and years of days', async (t) => {
  const tables = tablesOf('Retreat guests from Spain, 80 people: name, email, room');
  t.same(
    tables.map((x) => [x.name, x.count]),
    [['retreat_guests', 80]],
  );
  const typeOf = (prompt: string, tableName: string, name: string) =>
    field(tablesOf(prompt), tableName, name)?.type;
  t.equal(typeOf('rotas: nurse, shift start time', 'rotas', 'shift_start_time'), 'time');
  t.equal(typeOf('calls: agent, call start, call end', 'calls', 'call_start'), 'datetime');
  t.same(field(tablesOf('prices for each day of 2023 with day and close'), 'prices', 'day')?.params, {
    min: '2023-01-01',
    max: '2023-12-31',
  });
});

t.test(
  'clauses with a verb between two tables, and tables named in the singular before columns',
  async (t) => {
    // The tagger reads "hire" and "charge" as nouns; after a plural that opens a clause they are verbs.
    const hire = tablesOf(
      'Studios charge a daily fee of 100 to 900; bands hire rehearsal slots with a studio.',
    );
    t.same(
      hire.map((x) => x.name),
      ['studios', 'bands', 'rehearsal_slots'],
    );
    t.same(field(hire, 'studios', 'daily_fee')?.params, { min: 100, max: 900 });
    t.same(refs(hire, 'rehearsal_slots'), ['bands', 'studios']);
    // A table the verb names refers to both sides; a measure's word ("units") is a table as an object.
    const audit = tablesOf('auditors audit units: audits with finding count, audited in 2024');
    t.same(refs(audit, 'audits'), ['auditors', 'units']);
    t.notOk(
      table(tablesOf('Wrecks belong to a salvage, and a salvage can have several.'), 'wrecks')?.fields.some(
        (f) => f.name === 'salvage_can',
      ),
    );
    t.ok(table(tablesOf('Wrecks belong to a salvage, and a salvage can have several.'), 'salvages'));
    // Collections named in the singular keep their name; a hyphenated word is no header.
    const names = (prompt: string) => tablesOf(prompt).map((x) => x.name);
    t.same(names('bee colony: hive id, queen age, honey yield, inspected on'), ['bee_colony']);
    t.same(names('Build a seed bank table holding accession id, species, origin, stored on'), ['seed_bank']);
    t.same(names('Kiosk telemetry, 5,000 rows: kiosk serial, uptime, temperature'), ['kiosk_telemetry']);
    t.same(names('roster for a chess club - player name, rating, title, joined'), ['roster']);
    t.same(names('ferry ticket log: ticket number, route, sold at, fare'), ['ferry_ticket_log']);
    t.same(names('drop-offs at a city depot with driver name, plate, weight'), ['drop_offs']);
    t.equal(
      table(tablesOf('Kiosk telemetry, 5,000 rows: kiosk serial, uptime, temperature'), 'kiosk_telemetry')
        ?.count,
      5000,
    );
  },
);

t.test(
  'long column lists keep plural names as columns; whether, shared plural heads, units after a measure',
  async (t) => {
    const names = (prompt: string, tableName: string) =>
      table(tablesOf(prompt), tableName)?.fields.map((f) => f.name);
    // A plural after multi-word columns in a header's list is a column too; counted things are not.
    const cabins = tablesOf('Alpine cabins: street address, nightly price 80-300, bunks, sauna (bool)');
    t.same(
      cabins.map((x) => x.name),
      ['cabins'],
    );
    t.ok(
      names('Alpine cabins: street address, nightly price 80-300, bunks, sauna (bool)', 'cabins')?.includes(
        'bunks',
      ),
    );
    t.equal(field(cabins, 'cabins', 'sauna')?.type, 'boolean');
    t.same(
      tablesOf('leagues (name) with 8-12 clubs each, 6 referees, and games between two clubs').map(
        (x) => x.name,
      ),
      ['leagues', 'clubs', 'referees', 'games'],
    );
    t.same(names('boats table, cols: hull id, berth, owner', 'boats')?.slice(1), [
      'hull_id',
      'berth',
      'owner',
    ]);
    const exams = tablesOf(
      'Driving tests: candidate, examiner, whether they passed, and whether a retest was booked',
    );
    t.equal(field(exams, 'driving_tests', 'passed')?.type, 'boolean');
    t.equal(field(exams, 'driving_tests', 'retest')?.type, 'boolean');
    const stays = tablesOf('stays of guests with arrival and departure dates');
    t.equal(field(stays, 'stays', 'arrival_date')?.type, 'date');
    t.equal(field(stays, 'stays', 'departure_date')?.type, 'date');
    const plots = tablesOf('allotment plots: holder, plot area in rai, soil depth cm, water rate');
    t.equal(
      field(plots, 'allotment_plots', 'plot_area_rai')?.type,
      field(tablesOf('plots: plot area'), 'plots', 'plot_area')?.type,
    );
    t.notOk(
      /^(number|integer|decimal|amount)$/.test(field(plots, 'allotment_plots', 'water_rate')?.type ?? '') &&
        field(plots, 'allotment_plots', 'water_rate')?.type ===
          field(plots, 'allotment_plots', 'water')?.type,
    );
  },
);

t.test(
  'singular headers over columns, counts before a singular, "or not", and a columns sentence',
  async (t) => {
    // "Kiln: …" after "kilns" lists the kilns' columns; "Batch = …" the batches'.
    const pottery = tablesOf(
      'Pottery studio: kilns and their batches. Kiln: serial, max temperature. Batch = fired at, piece count.',
    );
    t.ok(field(pottery, 'kilns', 'serial'));
    t.ok(field(pottery, 'batches', 'fired_at'));
    t.notOk(table(pottery, 'kiln'));
    // A count above one before a singular names rows, unless the word is a unit or a column.
    t.same(
      tablesOf('make me 70 lighthouse from Norway with name and height').map((x) => [x.name, x.count]),
      [['lighthouses', 70]],
    );
    t.equal(table(tablesOf('climbers with 3 minute warmups and name'), 'minutes'), undefined);
    const lockers = tablesOf('lockers with size, rented or not, is broken or not');
    t.equal(field(lockers, 'lockers', 'rented')?.type, 'boolean');
    t.equal(field(lockers, 'lockers', 'broken')?.type, 'boolean');
    t.equal(field(tablesOf('bikes with an is_electric flag'), 'bikes', 'is_electric')?.type, 'boolean');
    const crew = tablesOf('40 sailors for a regatta crew list. Fields: name, rank, joined on.');
    t.same(
      crew.map((x) => x.name),
      ['sailors'],
    );
    t.ok(field(crew, 'sailors', 'rank'));
    t.ok(table(tablesOf('Orchards and fields: 5 orchards, each with 2 to 6 fields'), 'fields'));
  },
);

t.test(
  'a plural between two rows after a column list, a modifier before the first plural, a closing question',
  async (t) => {
    const names = (prompt: string) => tablesOf(prompt).map((x) => x.name);
    t.same(names('I need fencers with a club name, and bouts between two fencers with a score'), [
      'fencers',
      'bouts',
    ]);
    t.same(names('fencers with a score between 1 and 15, and a club'), ['fencers']);
    t.same(names('Could you give me parcel scans with depot and scanned at?'), ['parcel_scans']);
    const desk = tablesOf(
      'We run a repair desk. Could you give me repair jobs with device and repair status?',
    );
    t.equal(field(desk, 'repair_jobs', 'repair_status')?.type === 'boolean', false);
  },
);

t.test('a star schema: dim_ and fact_ names, "X dim", "X fact", grain, keys and measures', async (t) => {
  const mart = tablesOf(
    'Kayak rentals mart: dim_boat (name, hull_type), dim_renter (name, email), and fact_rental with one row per rental, keyed by dim_boat and dim_renter; measures hours, fee.',
  );
  t.same(mart.map((x) => x.name).sort(), ['dim_boat', 'dim_renter', 'fact_rental']);
  t.same(refs(mart, 'fact_rental')?.sort(), ['dim_boat', 'dim_renter']);
  t.ok(field(mart, 'fact_rental', 'fee'));
  const plain = tablesOf(
    'Ferry crossings fact, 20k rows, keyed by vessel and port: departed_ts, passenger_count. Vessels dim: name, capacity.',
  );
  t.same(refs(plain, 'ferry_crossings')?.sort(), ['ports', 'vessels']);
  t.equal(field(plain, 'ferry_crossings', 'departed_ts')?.type, 'datetime');
  t.ok(field(plain, 'vessels', 'capacity'));
  // With no keys named, the fact refers to every dimension; measures are its columns.
  const bare = tablesOf(
    'Parcel scans fact, one row per scan. Depots dim: name, city. Measures: weight_kg, scanned_at.',
  );
  t.same(refs(bare, 'parcel_scans'), ['depots']);
  t.ok(field(bare, 'parcel_scans', 'weight_kg'));
  t.notOk(table(bare, 'measures'));
  // The grain names the rows where no table does.
  t.same(
    tablesOf('Museum ticketing, one row per visit: visitor_age, gate, entered_ts').map((x) => x.name),
    ['visits'],
  );
  t.same(
    tablesOf('Museum visits table, one row per ticket: visitor_age, gate').map((x) => x.name),
    ['visits'],
  );
});

t.test(
  'a fixed number for each row of a table, and a clause about one row without its article',
  async (t) => {
    const per = (prompt: string, child: string) =>
      table(tablesOf(prompt), child)?.fields.find((f) => f.type === 'ref')?.params?.['per_parent'];
    t.same(per('Kennels and dogs: each kennel has 4 dogs with name and breed', 'dogs'), { min: 4, max: 4 });
    t.same(per('harbours: 3 harbour, each harbour 40 berths', 'berths'), { min: 40, max: 40 });
    t.same(per('12 choirs with 30 singers each. Singers have voice part.', 'singers'), { min: 30, max: 30 });
    // "… each assigned to …" is no count per row.
    t.notOk(per('8 depots and 90 vans each assigned to a depot', 'vans'));
    const songs = tablesOf('albums and songs, song have title, duration and track number');
    t.ok(field(songs, 'songs', 'title'));
    t.notOk(
      tablesOf('herbs with pots, one pot have 2 to 5 herb').some((x) =>
        x.fields.some((f) => f.name === 'one'),
      ),
    );
  },
);

t.test(
  'rows of each row of another table after a column list, and tables named after another table',
  async (t) => {
    const forum = tablesOf('forums, their threads with a topic, and upvotes on each thread');
    t.ok(table(forum, 'upvotes'));
    t.same(refs(forum, 'upvotes'), ['threads']);
    // Named after no table, firing logs still refer to the table named before them, and say so.
    const ci = convertPrompt('kilns, and firing logs with peak temperature');
    t.same(ci.ok && refs(ci.tables, 'firing_logs'), ['kilns']);
    t.match(ci.ok ? (ci.warnings ?? []).join(' ') : '', /firing_logs: no relation was stated/);
    const named = tablesOf('Ovens, and oven inspections with a grade');
    t.same(refs(named, 'oven_inspections'), ['ovens']);
    // A classifying noun is the other way round: the rooms refer to their type.
    const rooms = tablesOf('rooms with a number, and room types with a name');
    t.same(refs(rooms, 'room_types'), []);
    t.same(refs(rooms, 'rooms'), ['room_types']);
  },
);

t.test('objects joined by "and", and one row for each pair', async (t) => {
  const names = (prompt: string) => tablesOf(prompt).map((x) => x.name);
  t.ok(names('Loans reference a borrower and a loan officer, with amount').includes('loan_officers'));
  t.ok(names('Loans reference a borrower and a loan officer, with amount').includes('borrowers'));
  const tallies = names('Exam marks: one row per pupil per exam with mark and grade');
  t.ok(tallies.includes('pupils') && tallies.includes('exams'), tallies.join());
  t.same(names('Crop yields, one row per harvest: tonnes, moisture'), ['crop_yields']);
});

t.test('columns described in sentences', async (t) => {
  const tables = tablesOf(
    'Auction lots with a title, how many bids it got, the number of watchers still active, the date it was listed, the city it ships from, when it was first viewed, the price after it was discounted, and whether it has been sold',
  );
  const typeOf = (name: string) => field(tables, 'auction_lots', name)?.type;
  t.equal(typeOf('bids'), 'integer');
  t.equal(typeOf('watchers_active'), 'integer');
  t.equal(typeOf('listed_date'), 'date');
  t.equal(typeOf('city'), 'city');
  t.equal(typeOf('first_viewed_at'), 'datetime');
  t.ok(field(tables, 'auction_lots', 'price'));
  t.equal(typeOf('sold'), 'boolean');
});

t.test(
  'columns nothing names: plural counts, participles as yes/no, measures and counts of things done',
  async (t) => {
    const tables = tablesOf(
      'observatory logs with magnitude, pace, citations, rebounds, customers affected, flagged, scanned, species, eta, msisdn, quarter',
    );
    const typeOf = (name: string) => field(tables, 'observatory_logs', name)?.type;
    t.equal(typeOf('magnitude'), 'decimal');
    t.equal(typeOf('citations'), 'integer');
    t.equal(typeOf('rebounds'), 'integer');
    t.equal(typeOf('customers_affected'), 'integer');
    t.equal(typeOf('flagged'), 'boolean');
    t.equal(typeOf('scanned'), 'boolean');
    t.equal(typeOf('species'), 'word');
    t.equal(typeOf('eta'), 'datetime');
    t.equal(typeOf('msisdn'), 'phone');
    t.same(field(tables, 'observatory_logs', 'quarter')?.params, { min: 1, max: 4 });
    // An unknown plural counts things; "status open" is no count.
    t.equal(field(tablesOf('dens with burrows, status open or closed'), 'dens', 'burrows')?.type, 'integer');
  },
);

t.test(
  'a plural table with one verb and one row of another, and "one per X per Y" keeping its subject',
  async (t) => {
    const moorings = tablesOf('piers, boats, and moorings tying a boat to a pier with start date and fee');
    t.same(refs(moorings, 'moorings')?.sort(), ['boats', 'piers']);
    t.ok(field(moorings, 'moorings', 'fee'));
    t.notOk(field(moorings, 'boats', 'fee'));
    const marks = tablesOf(
      'exam sittings and marksheets, one per pupil per sitting, with raw score and grade',
    );
    t.ok(field(marks, 'marksheets', 'raw_score'));
    t.notOk(
      tablesOf('200 anglers plus a catches table').some(
        (x) => x.name === 'anglers' && x.fields.some((f) => f.name === 'catch_id'),
      ),
    );
  },
);

t.test(
  'a link table named by what it links takes the columns after it; values with underscores; stamps',
  async (t) => {
    const crews = tablesOf(
      'pilots, permits, and a table linking pilots to permits holding issued date and hours flown',
    );
    t.ok(field(crews, 'pilot_permits', 'issued_date'));
    t.same(refs(crews, 'permits'), []);
    t.same(refs(crews, 'pilot_permits')?.sort(), ['permits', 'pilots']);
    t.same(field(tablesOf('builds with status passed/failed/timed_out'), 'builds', 'status')?.params, {
      values: ['passed', 'failed', 'timed_out'],
    });
    const stops = tablesOf('substations and outages at each substation (started, ended, crews dispatched)');
    t.equal(field(stops, 'outages', 'started_at')?.type, 'datetime');
    t.equal(field(tablesOf('cabins with dogs_allowed and sauna'), 'cabins', 'dogs_allowed')?.type, 'boolean');
  },
);

t.test("a row's possessions, and a yes/no column about the row", async (t) => {
  const farms = tablesOf("farms, and each farm's water pumps: model, flow rate");
  t.same(refs(farms, 'water_pumps'), ['farms']);
  t.ok(field(farms, 'water_pumps', 'flow_rate'));
  const cots = tablesOf(
    '8 nurseries, and for every nursery 10 to 20 cots with a cot number and whether the cot is taken',
  );
  t.equal(field(cots, 'cots', 'taken')?.type, 'boolean');
});

t.test('plural things hung on rows of another table are tables; a dash ends a singular title', async (t) => {
  const pumps = tablesOf('wells with depth and owner, and pump tests per well with flow and tested on');
  t.same(refs(pumps, 'pump_tests'), ['wells']);
  // An adjective before the rows attached is part of their name, not a column left behind.
  const ports = tablesOf('routers with a hostname, and open ports on each router');
  t.same(refs(ports, 'open_ports'), ['routers']);
  t.notOk(field(ports, 'routers', 'open'));
  t.ok(field(pumps, 'pump_tests', 'flow'));
  t.notOk(field(pumps, 'wells', 'pump_tests_per'));
  const rescues = tablesOf('a dog rescue with dogs (name, breed) and fosterings of those dogs by volunteers');
  t.same(refs(rescues, 'fosterings')?.sort(), ['dogs', 'volunteers']);
  t.ok(field(rescues, 'dogs', 'breed'));
  t.ok(field(rescues, 'dogs', 'name'));
  const shops = tablesOf(
    'shelves with a code, jars on those shelves, and jar ratings (star rating + comment)',
  );
  t.same(refs(shops, 'jars'), ['shelves']);
  t.ok(field(shops, 'jar_ratings', 'star_rating'));
  // Values in parentheses name no table.
  t.notOk(table(tablesOf('coders with name, languages (python, java, go) and salary'), 'languages'));
  const dig = tablesOf(
    'Excavation site data — trenches and their finds, where each find has a depth and a material',
  );
  t.same(refs(dig, 'finds'), ['trenches']);
  t.notOk(table(dig, 'sites'));
  // Only "tire sets" is a table: the dash after a plural opens its columns.
  t.same(
    tablesOf('tire sets - brand, size, season').map((x) => x.name),
    ['tire_sets'],
  );
});

t.test('two references make a link table only where the prompt or the knowledge base says so', async (t) => {
  const music = tablesOf('Music library — artists, albums and tracks');
  t.notOk(table(music, 'tracks')?.unique);
  const slips = tablesOf('payroll runs and payslips, one per employee per run, with gross and net');
  t.same(table(slips, 'payslips')?.unique, [['employee_id', 'payroll_run_id']]);
  t.notOk(field(slips, 'payslips', 'one_per'));
  // Events repeat, unless the prompt says one per pair.
  const votes = tablesOf('owners and proposals, and votes with a choice, one per owner and proposal');
  t.same(table(votes, 'votes')?.unique, [['owner_id', 'proposal_id']]);
  t.notOk(field(votes, 'votes', 'one_per'));
});

t.test('columns after rows counted per their parent, after a dash, and counted in a list', async (t) => {
  const crates = tablesOf('crates holding 2-8 bottles per crate, shipper email, crate weight');
  t.ok(field(crates, 'crates', 'shipper_email'));
  t.notOk(field(crates, 'bottles', 'shipper_email'));
  // ", each with" goes on about the rows counted.
  const pens = tablesOf('farms with 5-20 pens per farm, each with a capacity and a pen number');
  t.ok(field(pens, 'pens', 'capacity'));
  const cabins = tablesOf('Cabins — address, city, bedrooms 1-6, bathrooms, square feet');
  t.same(
    cabins.map((x) => x.name),
    ['cabins'],
  );
  t.same(field(cabins, 'cabins', 'bedrooms')?.params, { min: 1, max: 6 });
  t.equal(field(cabins, 'cabins', 'square_feet')?.type, 'integer');
  const stays = tablesOf('stays: guest name, 1-14 nights, arrival dates from 2024-06-01 to 2024-08-31');
  t.same(field(stays, 'stays', 'nights'), { name: 'nights', type: 'integer', params: { min: 1, max: 14 } });
  t.equal(field(stays, 'stays', 'arrival_date')?.type, 'date');
  t.notOk(table(stays, 'nights'));
});

t.test('a table related to none refers to the one named before it, and says so', async (t) => {
  const dives = convertPrompt('divers and dive logs with depth and duration');
  t.same(dives.ok && refs(dives.tables, 'dive_logs'), ['divers']);
  t.match(dives.ok ? (dives.warnings ?? []).join(' ') : '', /dive_logs: no relation was stated/);
  // A chain: each to the one just before.
  const chain = tablesOf('vineyards, barrels with a volume, and tastings with a score');
  t.same(refs(chain, 'barrels'), ['vineyards']);
  t.same(refs(chain, 'tastings'), ['barrels']);
  // A relation the prompt states wins; the table named first refers to nothing.
  const stated = tablesOf('pilots and gliders; each glider belongs to a pilot');
  t.same(refs(stated, 'gliders'), ['pilots']);
  t.same(refs(stated, 'pilots'), []);
  // Things that happen refer to things that are, and more rows to fewer, whatever the order.
  t.same(refs(tablesOf('payments with an amount, and customers with a name'), 'payments'), ['customers']);
  t.same(refs(tablesOf('500 gadgets with a price, and 20 brands with a name'), 'gadgets'), ['brands']);
  // Things that classify the table before them are referred to by it.
  t.same(refs(tablesOf('cabins with a number, and cabin types with a name'), 'cabins'), ['cabin_types']);
});

t.test('tables named by a mass noun keep it; a deed with its columns is a table of its own', async (t) => {
  t.ok(
    table(
      tablesOf('3 depots, each holding 50-90 inventory rows (sku, bin location, qty on hand)'),
      'inventory',
    ),
  );
  t.ok(table(tablesOf('weekly mileage rows with runner name and miles between 5 and 60'), 'mileage'));
  const stock = tablesOf('inventory rows: sku, shelf location, quantity on hand');
  t.equal(field(stock, 'inventory', 'shelf_location')?.type, 'sequence');
  t.equal(field(stock, 'inventory', 'quantity_on_hand')?.type, 'integer');
  const inspections = tablesOf('inspectors inspect bridges: grade, notes, inspected on');
  t.same(refs(inspections, 'inspections')?.sort(), ['bridges', 'inspectors']);
  t.ok(field(inspections, 'inspections', 'grade'));
  t.notOk(field(inspections, 'bridges', 'grade'));
  // "with" after the object is the object's own relation: no deed.
  t.notOk(table(tablesOf('parents book lessons with a tutor'), 'bookings'));
});

t.test(
  'names the knowledge base knows by two words keep both; a base-form verb inside a name is a noun',
  async (t) => {
    t.ok(table(tablesOf('Pump work orders: pump id, issue, opened date'), 'work_orders'));
    t.ok(table(tablesOf('12 test drives with customer name'), 'test_drives'));
    t.ok(table(tablesOf('Test drives booked at a dealer: customer name, model'), 'test_drives'));
    t.ok(table(tablesOf('generate test users with name and email'), 'users'));
    // A plural subject keeps its verb: "customers review restaurants".
    t.ok(table(tablesOf('inspectors inspect bridges: grade, inspected on'), 'inspectors'));
  },
);

t.test(
  'columns after a question, after "give me", in parentheses with a type, and whether it was …',
  async (t) => {
    const plans = tablesOf(
      'What would tariff plans look like? Name, monthly fee, and tier either basic or premium.',
    );
    t.ok(field(plans, 'plans', 'name'));
    t.ok(field(plans, 'plans', 'monthly_fee'));
    const posts = tablesOf('what would 200 toots look like? give me text, author handle and posted time');
    t.ok(field(posts, 'toots', 'text'));
    t.notOk(field(posts, 'toots', 'give_me_text'));
    const asks = tablesOf('120 patrons, each with 0–2 wishes (type, requested at, granted)');
    t.ok(field(asks, 'wishes', 'type'));
    t.not(field(asks, 'wishes', 'type')?.type, 'enum');
    t.equal(field(asks, 'wishes', 'requested_at')?.type, 'datetime');
    t.equal(
      field(tablesOf('mailings with subject and whether it was opened'), 'mailings', 'opened')?.type,
      'boolean',
    );
    // A question with no list after it names no column.
    t.same(
      tablesOf('What would 40 gliders look like? Keep it realistic.')[0]?.fields.map((f) => f.name),
      ['id', 'name', 'created_at'],
    );
  },
);

t.test(
  "a person's name where the naming rules say nothing specific, and a compound's last word as a column",
  async (t) => {
    const hours = tablesOf('billable hours entries: attorney, timekeeper name, hours 0.25 to 12, rate');
    t.equal(field(hours, 'billable_hours', 'attorney')?.type, 'full_name');
    t.equal(field(hours, 'billable_hours', 'timekeeper_name')?.type, 'full_name');
    t.same(field(hours, 'billable_hours', 'hours')?.params, { min: 0.25, max: 12, precision: 2 });
    t.equal(field(tablesOf('taxpayers with name and tax id'), 'taxpayers', 'name')?.type, 'full_name');
    // A thing's name stays a thing's.
    const printers = tablesOf('printers with name and model');
    t.ok(field(printers, 'printers', 'name'));
    t.not(field(printers, 'printers', 'name')?.type, 'full_name');
    // A role that reads as a flag stays what the naming rules say.
    t.not(field(tablesOf('applicants with name and veteran'), 'applicants', 'veteran')?.type, 'full_name');
  },
);

t.test(
  'choices as people write them: "which is one of", a dash before "one of", "or … or", slashes between phrases',
  async (t) => {
    const cases: [string, string, string, string[]][] = [
      [
        'leads with name and channel which is one of web, phone, walk in',
        'leads',
        'channel',
        ['web', 'phone', 'walk in'],
      ],
      ['badges: holder and a colour — one of red, green, blue', 'badges', 'colour', ['red', 'green', 'blue']],
      ['dinners with dish is soup or salad or pasta', 'dinners', 'dish', ['soup', 'salad', 'pasta']],
      [
        'patients: age, arm placebo/low dose/high dose',
        'patients',
        'arm',
        ['placebo', 'low dose', 'high dose'],
      ],
      // One value that could name a column does not make the values columns.
      [
        'tickets with fare class: economy, premium, business, first',
        'tickets',
        'fare_class',
        ['economy', 'premium', 'business', 'first'],
      ],
    ];
    for (const [prompt, name, column, values] of cases)
      t.same(field(tablesOf(prompt), name, column)?.params?.['values'], values, prompt);
    t.ok(
      field(tablesOf('wedding guests with name, table number and meal'), 'wedding_guests', 'table_number'),
    );
  },
);

t.test(
  'a table linking two others by name, "via" or as a many-to-many keeps the columns after it',
  async (t) => {
    const credits = tablesOf('films and actors linked by casting w/ character name');
    t.same(refs(credits, 'castings')?.sort(), ['actors', 'films']);
    t.ok(table(credits, 'castings')?.unique);
    t.ok(field(credits, 'castings', 'character_name'));
    const via = tablesOf('songs and playlists, many-to-many via playlist_songs with position');
    t.same(refs(via, 'playlist_songs')?.sort(), ['playlists', 'songs']);
    t.ok(field(via, 'playlist_songs', 'position'));
    const allergies = tablesOf(
      'member_diets as a many-to-many between members and diets, also recording the start date',
    );
    t.same(refs(allergies, 'member_diets')?.sort(), ['diets', 'members']);
    t.ok(field(allergies, 'member_diets', 'start_date'));
    t.same(refs(allergies, 'members'), []);
  },
);

t.test('a measure in a currency is the measure; in another unit, the measure and the unit', async (t) => {
  const tours = tablesOf('walks with title, price in euro, length in kilometers and duration days');
  t.ok(field(tours, 'walks', 'price'));
  t.ok(field(tours, 'walks', 'length_kilometers'));
  t.ok(field(tablesOf('flats with size in square meters'), 'flats', 'size_sqm'));
  t.ok(field(tablesOf('trades with volume in MWh'), 'trades', 'volume_mwh'));
  // Words about the column itself are no part of its name.
  t.ok(field(tablesOf('answers with text and a helpful (bool) column'), 'answers', 'helpful'));
});

t.test("a nationality before a name is the locale's; a stamp's own day", async (t) => {
  const staff = convertPrompt('cooks with Korean names and hire date');
  t.ok(staff.ok && field(staff.tables, 'cooks', 'name'));
  t.equal(staff.ok ? staff.locale : undefined, 'ko');
  t.ok(field(tablesOf('payments: amount, booked on date'), 'payments', 'booked_on'));
});

t.test(
  'headings with a dash or courtesy words, classifying words, bare counts and per-parent numbers',
  async (t) => {
    const names = (prompt: string) => tablesOf(prompt).map((x) => x.name);
    // A heading set off by a spaced dash names its table; a gerund or a classifying adjective stays in it.
    t.same(names('parking fines - plate, amount, issued at'), ['parking_fines']);
    t.same(names('public holidays: country, holiday name, observed on'), ['public_holidays']);
    t.same(names('boarding passes pls: seat, gate, boarding time thx'), ['boarding_passes']);
    t.ok(
      field(
        tablesOf('boarding passes pls: seat, gate, boarding time thx'),
        'boarding_passes',
        'boarding_time',
      ),
    );
    // A describing adjective does not.
    t.same(names('tall towers: height, city, architect'), ['towers']);
    // "X: 300." counts X.
    t.equal(table(tablesOf('gift cards: 300.'), 'gift_cards')?.count, 300);
    // A number per a parent, with no noun after it, is each parent's share.
    const payroll = tablesOf('30 drivers (name) and fuel receipts, exactly 4 per driver, with litres');
    t.same(field(payroll, 'fuel_receipts', 'driver_id')?.params?.['per_parent'], { min: 4, max: 4 });
    // A snake_case plural heading lists columns, plurals among them.
    t.ok(field(tablesOf('game_stats: player, kills, deaths, headshots'), 'game_stats', 'deaths'));
  },
);

t.test('a column with its choices inside a parenthesised column list', async (t) => {
  const fleet = tablesOf('drivers (name, licence class: car, truck or bus) and their shifts with start time');
  t.ok(field(fleet, 'drivers', 'name'));
  t.same(field(fleet, 'drivers', 'licence_class')?.params, { values: ['car', 'truck', 'bus'] });
  const menu = tablesOf('dishes (name, price, spice level: mild, medium, hot, extreme)');
  t.same(field(menu, 'dishes', 'spice_level')?.params, { values: ['mild', 'medium', 'hot', 'extreme'] });
  // Values that could name people are still the kind's values after "rank:".
  const ship = tablesOf('sailors (name, rank: captain, first mate, boatswain, deckhand)');
  t.same(field(ship, 'sailors', 'rank')?.params, {
    values: ['captain', 'first mate', 'boatswain', 'deckhand'],
  });
  // A flight's origin and destination are places, never the crew named before it.
  const crew = tablesOf(
    '50 pilots (name, rank: captain, first officer, second officer), 200 flights (number, origin, destination)',
  );
  t.ok(table(crew, 'flights'));
  t.equal(field(crew, 'pilots', 'rank')?.type, 'enum');
  t.notOk(refs(crew, 'flights')?.includes('pilots'));
});

t.test('a table counted by its head alone, remarks, "i.e.", "X fields:" and windows of time', async (t) => {
  const names = (prompt: string) => tablesOf(prompt).map((x) => x.name);
  // Named "harbor cranes" in the title and counted as "12 cranes", the table is the cranes.
  t.same(
    names(
      'Harbor cranes + lifts. 12 cranes: model, capacity. Each crane gets 2-5 lifts (weight, lifted_at).',
    ),
    ['cranes', 'lifts'],
  );
  // A gerund before a noun names the kind.
  t.same(names('parcel tracking events - parcel id, status, scanned at'), ['tracking_events']);
  // A remark about the data asks for no table.
  t.same(names("bikes (frame size, color) and 40 rentals of them. Colors don't need to be real."), [
    'bikes',
    'rentals',
  ]);
  t.same(field(tablesOf('seats with row, class i.e. economy, business or first'), 'seats', 'class')?.params, {
    values: ['economy', 'business', 'first'],
  });
  t.ok(field(tablesOf('ferries (name) and trips per ferry; trip fields: departs at, fare'), 'trips', 'fare'));
  const windows = tablesOf(
    'deliveries with delivered_at (sometime in March 2025); invoices with issued_on within Q2 2024; scans with scanned_at on 2025-02-03 only',
  );
  t.same(field(windows, 'deliveries', 'delivered_at')?.params, {
    min: '2025-03-01T00:00:00Z',
    max: '2025-03-31T23:59:59Z',
  });
  t.same(field(windows, 'invoices', 'issued_on')?.params, { min: '2024-04-01', max: '2024-06-30' });
  t.same(field(windows, 'scans', 'scanned_at')?.params, {
    min: '2025-02-03T00:00:00Z',
    max: '2025-02-03T23:59:59Z',
  });
  // A range in parentheses is still a range, not a window of time.
  t.same(field(tablesOf('boxes with weight (between 5 and 60)'), 'boxes', 'weight')?.params?.['min'], 5);
});

t.test('collections, states and a last-resort table named by the opening words', async (t) => {
  const names = (prompt: string) => tablesOf(prompt).map((x) => x.name);
  // A fleet or a register of things is a table of those things, even where the tagger reads
  // "register" as a verb.
  t.same(names('truck fleet - plate, payload tonnes, in service'), ['trucks']);
  t.same(names('vessel register: name, flag, gross tonnage'), ['vessels']);
  // A log stays a log: "call center log" is no table of call centers.
  t.same(names('call center log: agent name, caller phone, outcome'), ['call_center_log']);
  t.equal(
    field(tablesOf('truck fleet - plate, payload tonnes, in service'), 'trucks', 'in_service')?.type,
    'boolean',
  );
  // Where nothing reads as a table, the words before the columns name it, and a warning says so.
  const pumps = convertPrompt('Pump maintenance (pump id, done at, technician)');
  t.ok(pumps.ok);
  if (pumps.ok) {
    t.same(
      pumps.tables.map((x) => x.name),
      ['pump_maintenance'],
    );
    t.ok(field(pumps.tables, 'pump_maintenance', 'technician'));
    t.ok(
      pumps.warnings?.some((w) => w.startsWith('pump_maintenance: nothing in the prompt reads as a table')),
    );
  }
});

t.test('columns that look like choices or tables, and limits on a text', async (t) => {
  const names = (prompt: string, tableName: string) =>
    table(tablesOf(prompt), tableName)?.fields.map((f) => f.name);
  // Words for kinds of values ("condition") are columns, so the list is columns, not choices.
  t.same(names('lockers (barcode, floor, condition)', 'lockers'), ['id', 'barcode', 'floor', 'condition']);
  // A limit or a total of things is a column, not a table.
  t.same(
    tablesOf('vouchers with code, expires_on, max redemptions').map((x) => x.name),
    ['vouchers'],
  );
  // A limit on a text's length names no column; a post's text is a sentence or two.
  const tweets = tablesOf('tweets: handle, text (max 140 chars), hashtags, likes');
  t.same(names('tweets: handle, text (max 140 chars), hashtags, likes', 'tweets'), [
    'id',
    'handle',
    'text',
    'hashtags',
    'likes',
  ]);
  t.equal(field(tweets, 'tweets', 'text')?.type, 'sentence');
});

t.test('a clause about a plural keeps its columns; counts in pieces; shares in percent', async (t) => {
  // "the orders each waiter took (…)": the columns are the orders', each of which refers to a waiter.
  const diner = tablesOf(
    'waiters (name, section) and the orders each waiter took (table number, total, placed_at)',
  );
  t.ok(field(diner, 'orders', 'total'));
  t.notOk(field(diner, 'waiters', 'total'));
  t.same(refs(diner, 'orders'), ['waiters']);
  // "gift cards 300 pieces": 300 gift cards, no table of pieces.
  const cards = tablesOf('gift cards 300 pieces, balance, expires_on');
  t.same(
    cards.map((x) => [x.name, x.count]),
    [['gift_cards', 300]],
  );
  // A share in percent runs from 0 to 100.
  t.same(field(tablesOf('phones with model, battery percent'), 'phones', 'battery_percent')?.params, {
    min: 0,
    max: 100,
    precision: 1,
  });
});

t.test(
  'verbs the tagger swaps with their objects, clauses of their own, and names that are no tables',
  async (t) => {
    const names = (prompt: string) =>
      tablesOf(prompt)
        .map((x) => x.name)
        .sort();
    // "members log rides with …": "log" is the verb, "rides" the table.
    t.same(names('cycling clubs have members; members log rides with distance km, elevation'), [
      'cycling_clubs',
      'members',
      'rides',
    ]);
    // "the invoices they send: …": a plural with a clause of its own is a table.
    const studio = tablesOf('studios (name, city) and the invoices they send: amount, due date');
    t.ok(field(studio, 'invoices', 'amount'));
    t.same(refs(studio, 'invoices'), ['studios']);
    // A record of a classifying adjective and a noun keeps both.
    t.same(names('car rental records holding plate, daily rate and mileage'), ['rental_records']);
  },
);

t.test(
  'lists after words the tagger reads as no nouns, "X per Y:" headings, sorted counts and type words',
  async (t) => {
    const names = (prompt: string, tableName: string) =>
      table(tablesOf(prompt), tableName)?.fields.map((f) => f.name);
    // "away goals" is a column of the list, as "home goals" is.
    t.same(
      tablesOf('fixtures - home side, away side, home goals, away goals').map((x) => x.name),
      ['fixtures'],
    );
    t.ok(
      names('fixtures - home side, away side, home goals, away goals', 'fixtures')?.includes('away_goals'),
    );
    // "rider stats per race: …" heads a list of columns.
    const race = tablesOf('rider stats per race: rider name, laps, crashes and yellow cards');
    t.ok(field(race, 'rider_stats', 'crashes'));
    t.equal(field(race, 'rider_stats', 'yellow_cards')?.type, 'integer');
    // A type after the name types the column and names nothing.
    const events = tablesOf(
      'audit events: actor id (uuid), happened at, details json, client version (semver)',
    );
    t.same(
      names(
        'audit events: actor id (uuid), happened at, details json, client version (semver)',
        'audit_events',
      ),
      ['id', 'actor_id', 'happened_at', 'details', 'client_version'],
    );
    t.equal(field(events, 'audit_events', 'details')?.type, 'json');
    t.equal(field(events, 'audit_events', 'client_version')?.type, 'semver');
  },
);

t.test('pairs stated once, and a named table linking the two before it', async (t) => {
  // "no duplicate …", "can't … twice", "only once": the link table keeps its pairs unique.
  for (const prompt of [
    'members, classes and class bookings by members for classes - a member cannot book the same class twice',
    'readers (1000), articles (5000), and bookmarks that link a reader to an article - no duplicate bookmarks',
    'readers, articles and bookmarks linking a reader to an article, each pair only once',
  ]) {
    const tables = tablesOf(prompt);
    const link = tables.find((x) => x.name === 'class_bookings' || x.name === 'bookmarks');
    t.ok(link?.unique?.length, `unique pair: ${prompt}`);
  }
  // "team_tools linking them": the named table refers to the two tables before it.
  const tools = tablesOf('teams, tools, and a team_tools table linking them with a licence count');
  t.same(refs(tools, 'team_tools')?.sort(), ['teams', 'tools']);
});

t.test('a count before a singular the knowledge base knows names rows, with their columns', async (t) => {
  const shop = tablesOf('make me 300 supplier from Spain with name, email and city');
  t.same(
    shop.map((x) => [x.name, x.count]),
    [['suppliers', 300]],
  );
  t.same(
    shop[0]!.fields.map((f) => f.name),
    ['id', 'name', 'email', 'city'],
  );
  // A single letter after a number is a unit ("100x"), no table.
  t.same(
    tablesOf('slides with stain, magnification (10x, 40x, 100x), file size').map((x) => x.name),
    ['slides'],
  );
});

t.test(
  'kind words head choices, "1 or 2 each", a match between teams, and "with their" tables',
  async (t) => {
    // "; kind: a, b, c" is a column's choices, no table named "kind".
    const visits = tablesOf('site visits - visitor name, arrived at; kind: audit, repair, delivery');
    t.same(
      visits.map((x) => x.name),
      ['site_visits'],
    );
    t.same(field(visits, 'site_visits', 'kind')?.params, { values: ['audit', 'repair', 'delivery'] });
    // "1 or 2 cars each": one or two per parent.
    const garage = tablesOf('300 households with 1 or 2 cars each (plate, colour)');
    t.same(field(garage, 'cars', 'household_id')?.params?.['per_parent'], { min: 1, max: 2 });
    // The matches of a tournament refer to it; their sides are teams, never the tournament.
    const cup = tablesOf('Chess tournaments and the matches of a tournament with round and board number.');
    t.same(refs(cup, 'matches'), ['chess_tournaments']);
    // "with their bookings - …": the possessive names a table and its columns.
    const spa = tablesOf('salons with their bookings - client name, service, starts at');
    t.ok(field(spa, 'bookings', 'client_name'));
    t.same(refs(spa, 'bookings'), ['salons']);
  },
);

t.test('remarks, prices per thing and "once" read no more than they say', async (t) => {
  const names = (prompt: string) => tablesOf(prompt).map((x) => x.name);
  // A remark after a semicolon drops only itself.
  t.same(names('Add reviews with rating and comment; the text does not need to be real.'), ['reviews']);
  // A price per thing is no count of rows per parent.
  const gym = tablesOf('50 trainers (name) and 400 sessions with a price of 60 per trainer');
  t.equal(table(gym, 'sessions')?.count, 400);
  // "each order is paid only once" says nothing of pairs.
  const shop = tablesOf(
    'customers, stores and orders; each order belongs to a customer and a store. Each order is paid only once.',
  );
  t.notOk(table(shop, 'orders')?.unique);
  // A describing adjective is no part of a table's name.
  t.same(names('expensive watches: brand, price, movement'), ['watches']);
});

t.test('columns written as DDL, code patterns and type words after a name', async (t) => {
  // "name sqltype" items are typed as schema detection types that SQL column.
  const ledger = tablesOf(
    'ledger_rows: row_uuid uuid pk, net_total decimal(12,2), booked_on date, memo_text text',
  );
  t.same(
    ledger[0]?.fields.map((f) => [f.name, f.type]),
    [
      ['id', 'uuid'],
      ['row_uuid', 'uuid'],
      ['net_total', field(ledger, 'ledger_rows', 'net_total')?.type],
      ['booked_on', 'date'],
      ['memo_text', field(ledger, 'ledger_rows', 'memo_text')?.type],
    ],
  );
  t.match(field(ledger, 'ledger_rows', 'net_total')?.type, /^(amount|price|decimal)$/);
  t.not(field(ledger, 'ledger_rows', 'memo_text')?.type, 'words');
  // A SQL type's length is no count of rows.
  t.equal(table(tablesOf('rates: currency_code char(3), rate_value numeric(9,4)'), 'rates')?.count, 10);
  // In a list written as DDL, short names take their SQL type too; outside one, English words stay names.
  const stops = tablesOf('bus_stops: stop_code varchar(8), lat float, lon float, opened_on date');
  t.equal(field(stops, 'bus_stops', 'lat')?.type, 'latitude');
  const till = tablesOf('till shifts: cashier, opening float, closing cash');
  t.ok(field(till, 'till_shifts', 'opening_float'));
  // "(ABC-xxxx)" after a code is a sequence with that prefix and width.
  const staff = tablesOf('badges: badge code (BDG-xxxx), holder name, issued on');
  t.same(field(staff, 'badges', 'badge_code')?.params, { start: 1, prefix: 'BDG-', pad: 4 });
  // "x as uuid", "(an email)", "as SKU": the type word types the column.
  const kit = tablesOf('kits (kit ref as uuid, owner (an email), article as sku)');
  t.equal(field(kit, 'kits', 'kit_ref')?.type, 'uuid');
  t.equal(field(kit, 'kits', 'owner')?.type, 'email');
  t.equal(field(kit, 'kits', 'article')?.type, 'sku');
  // "Columns a, b" and "4 cols: a, b" open a column list; "I want a table of" names no table.
  t.same(
    tablesOf('Boat rentals for a marina. Columns renter name, boat type, hours').map((x) => x.name),
    ['boat_rentals'],
  );
  t.ok(
    field(
      tablesOf('kiln firings, 3 cols: kiln name, peak temperature, fired at'),
      'kiln_firings',
      'fired_at',
    ),
  );
  t.same(
    tablesOf('i want table of beehives with hive code, queen age, last inspected').map((x) => x.name),
    ['beehives'],
  );
  // "yes/no." at a sentence's end is a yes/no column, no "number".
  t.equal(
    field(tablesOf('permits with permit code and granted yes/no.'), 'permits', 'granted')?.type,
    'boolean',
  );
});

t.test('times of day beside a date, fractions and yes/no events of messages', async (t) => {
  const slots = tablesOf('clinic slots: date, start time, end time, room');
  t.equal(field(slots, 'clinic_slots', 'start_time')?.type, 'time');
  t.equal(field(slots, 'clinic_slots', 'end_time')?.type, 'time');
  // Without a day beside it, a start time is a moment.
  t.equal(
    field(tablesOf('charging sessions: start time, kwh'), 'charging_sessions', 'start_time')?.type,
    'datetime',
  );
  // "0-1" is a fraction, not a choice of 0 or 1.
  const risk = tablesOf('loan screenings: applicant name, risk score 0-1');
  t.same(field(risk, 'loan_screenings', 'risk_score')?.params, { min: 0, max: 1, precision: 2 });
  // A newsletter was opened or not; a ticket's "opened" is when.
  t.equal(
    field(tablesOf('newsletter sends: recipient email, opened'), 'newsletter_sends', 'opened')?.type,
    'boolean',
  );
  t.equal(field(tablesOf('tickets: subject, opened'), 'tickets', 'opened_at')?.type, 'datetime');
});

t.test('remarks in parentheses, tables named outright, data words and spellings', async (t) => {
  // A clause in parentheses is a remark: the columns after it stay with the table before it.
  const school = tablesOf(
    'pupils, clubs, and memberships between pupils and clubs (a pupil can only join once in a given club) with a joined date and a role',
  );
  t.ok(field(school, 'memberships', 'joined_date'));
  t.same(refs(school, 'pupils'), []);
  // "a device table (…) and an alert table": no row of either refers to the other.
  const plant = tablesOf(
    'faults raised by pumps. a pump table (name, site) and a fault table; each fault belongs to a pump. fault code, raised at',
  );
  t.same(refs(plant, 'pumps'), []);
  t.same(refs(plant, 'faults'), ['pumps']);
  // "seed data for X": the data words name no table.
  t.same(
    tablesOf('QA-17 seed data for parcels: weight, sender name').map((x) => x.name),
    ['parcels'],
  );
  // A gerund before the first plural is part of its name, as the count after "x" is its count.
  const pads = tablesOf('EV charging pads x 12');
  t.same(
    pads.map((x) => [x.name, x.count]),
    [['charging_pads', 12]],
  );
  // British and American spellings of travellers name the same table.
  t.ok(field(tablesOf('travellers for a demo, 20 rows: full name, home city'), 'travelers', 'home_city'));
});

t.test('names that tell rows apart, millions of money, E.164 phones and values with dots', async (t) => {
  // A name column takes the knowledge base's few typical names only where the table has no more rows.
  t.not(field(tablesOf('40 tours (name, price)'), 'tours', 'name')?.type, 'enum');
  t.equal(field(tablesOf('4 tours (name, price)'), 'tours', 'name')?.type, 'enum');
  // "budget 2M to 9M" is millions; a height of "5m to 20m" is no money.
  t.same(field(tablesOf('film shoots (title, budget 2M to 9M)'), 'film_shoots', 'budget')?.params, {
    min: 2_000_000,
    max: 9_000_000,
  });
  // "phone in E.164" is a phone number in that form.
  t.equal(field(tablesOf('drivers (name, phone in E.164)'), 'drivers', 'phone_e164')?.type, 'phone_e164');
  // "channel: direct, booking.com, expedia": a value keeps its dot, and the dot ends no sentence.
  const stays = tablesOf('stays with nights and sales channel: walk-in, airbnb.com, vrbo.com.');
  t.same(field(stays, 'stays', 'sales_channel')?.params, { values: ['walk-in', 'airbnb.com', 'vrbo.com'] });
});

t.test('lists separated by semicolons or spaced slashes, units in snake_case and deeds done', async (t) => {
  // Semicolons and no comma separate a table's columns.
  const rx = tablesOf('invoices; client name; amount 5 to 500; reminders; issued on');
  t.same(
    rx.map((x) => x.name),
    ['invoices'],
  );
  t.ok(field(rx, 'invoices', 'issued_on'));
  // Spaced slashes and no comma separate columns, whatever the items hold.
  const bins = tablesOf('bin_scans - bin code / weight (1-90) / scanned by / scanned_at');
  t.ok(field(bins, 'bin_scans', 'scanned_at'));
  // A measure in a unit, written in snake_case, is a column, no table.
  t.same(
    tablesOf('ad clicks: clicked_at, cost_micros, placement').map((x) => x.name),
    ['ad_clicks'],
  );
  // "started/finished times": when each was done.
  const runs = tablesOf('batch runs with job name, started/finished times');
  t.ok(field(runs, 'batch_runs', 'started_at'));
  t.ok(field(runs, 'batch_runs', 'finished_at'));
});

t.test('a count however it is written', async (t) => {
  const cases: [string, string, number][] = [
    ['badges x 300 with holder and issued on', 'badges', 300],
    ['300 of them: badges with holder and issued on', 'badges', 300],
    ['badges (n=300) with holder', 'badges', 300],
    ['~300 badges with holder', 'badges', 300],
    ['300 rows of badges with holder and issued on', 'badges', 300],
    ['badges - 300 - holder, issued on', 'badges', 300],
    ['badges with holder and issued on. Need 300.', 'badges', 300],
    ['badges with holder and issued on, 300 total', 'badges', 300],
    ['badges with holder and issued on, 300 in all', 'badges', 300],
    ['badges with holder and issued on - 300 records', 'badges', 300],
    ['300x badges with holder', 'badges', 300],
    ['badges with holder, 2,500 of them', 'badges', 2500],
  ];
  for (const [prompt, name, count] of cases) t.equal(table(tablesOf(prompt), name)?.count, count, prompt);
  // A word for rows names no table of its own.
  t.same(
    tablesOf('badges with holder - 300 records').map((x) => x.name),
    ['badges'],
  );
});

t.test('a reference however it is written', async (t) => {
  const cases: [string, string, string][] = [
    ['kennels and dogs; each dog belongs to a kennel', 'dogs', 'kennels'],
    ['dogs are kept in kennels. dogs have name and breed', 'dogs', 'kennels'],
    ['dogs (name, breed, kennel_id) and kennels (city)', 'dogs', 'kennels'],
    ['dogs reference kennels', 'dogs', 'kennels'],
    ['dogs housed at kennels', 'dogs', 'kennels'],
    ['invoices (amount, due date) billed to clients (name)', 'invoices', 'clients'],
    ['invoices, linked to clients, with amount', 'invoices', 'clients'],
    ['kennels, and for every kennel 5 to 10 dogs', 'dogs', 'kennels'],
    ['shoppers place orders with total', 'orders', 'shoppers'],
  ];
  for (const [prompt, child, parent] of cases) t.ok(refs(tablesOf(prompt), child)?.includes(parent), prompt);
  // The parent refers to nothing: no cycle, no reversed reading.
  t.same(refs(tablesOf('dogs (name, breed, kennel_id) and kennels (city)'), 'kennels'), []);
  t.same(refs(tablesOf('dogs reference kennels'), 'kennels'), []);
  // A time or a batch after a participle names no table.
  t.same(
    tablesOf('parcels shipped in batches, with weight').map((x) => x.name),
    ['parcels'],
  );
});

t.test('tables however they are listed', async (t) => {
  const cases: [string, string[]][] = [
    ['kilns / firings / glazes', ['kilns', 'firings', 'glazes']],
    ['- kilns\n- firings\n- glazes', ['kilns', 'firings', 'glazes']],
    ['kilns as well as firings', ['kilns', 'firings']],
    ['kilns — name, location\nfirings — fired at, peak temperature', ['kilns', 'firings']],
    ['make kilns with name and location, then firings with fired at and cone', ['kilns', 'firings']],
    ['kilns with name and location. also firings with fired at and cone', ['kilns', 'firings']],
    ['## Kilns\n- name\n- location\n## Firings\n- fired at', ['kilns', 'firings']],
    ['kilns(name, location) firings(fired_at)', ['kilns', 'firings']],
    ['kiln: name, location. firing: fired at, cone', ['kilns', 'firings']],
  ];
  for (const [prompt, names] of cases) {
    const got = tablesOf(prompt).map((x) => x.name);
    t.ok(
      names.every((n) => got.includes(n)),
      `${JSON.stringify(prompt)} -> ${got.join(', ')}`,
    );
  }
  // A heading's list items are its columns.
  const kilns = tablesOf('## Kilns\n- name\n- location\n## Firings\n- fired at');
  t.ok(field(kilns, 'kilns', 'location'));
  t.ok(field(kilns, 'firings', 'fired_at'));
  // A single singular heading keeps its name ("mouse colony").
  t.same(
    tablesOf('mouse colony: cage id, strain, sex').map((x) => x.name),
    ['mouse_colony'],
  );
});

t.test('columns however they are listed', async (t) => {
  const cases: [string, string, string[]][] = [
    ['ushers — each one needs name, email, phone', 'ushers', ['name', 'email', 'phone']],
    ['ushers consisting of name, email, phone', 'ushers', ['name', 'email', 'phone']],
    ['ushers. Fields - name, email, phone', 'ushers', ['name', 'email', 'phone']],
    ['give each usher a name, email and phone', 'ushers', ['name', 'email', 'phone']],
    ['ushers (columns: name, email, phone)', 'ushers', ['name', 'email', 'phone']],
  ];
  for (const [prompt, name, columns] of cases) {
    const got = table(tablesOf(prompt), name)?.fields.map((f) => f.name) ?? [];
    t.ok(
      columns.every((c) => got.includes(c)),
      `${prompt} -> ${got.join(', ')}`,
    );
  }
  // "give me" still asks for data.
  t.same(
    tablesOf('give me 20 ushers').map((x) => x.name),
    ['ushers'],
  );
});

t.test('choices, ranges, windows and pairs however they are written', async (t) => {
  const glazes = tablesOf('glazes with an atmosphere that can be oxidation, reduction or neutral');
  t.same(field(glazes, 'glazes', 'atmosphere')?.params, { values: ['oxidation', 'reduction', 'neutral'] });
  const state = tablesOf('glazes with state in (mixed, tested, retired)');
  t.same(field(state, 'glazes', 'state')?.params, { values: ['mixed', 'tested', 'retired'] });
  const cone = tablesOf('glazes with firing temperature, min 900, max 1300');
  t.match(field(cone, 'glazes', 'firing_temperature')?.params, { min: 900, max: 1300 });
  const least = tablesOf('glazes with firing temperature at least 900 and at most 1300');
  t.match(field(least, 'glazes', 'firing_temperature')?.params, { min: 900, max: 1300 });
  const mixed = tablesOf('glazes with mixed on between Feb 2024 and Apr 2024');
  t.match(field(mixed, 'glazes', 'mixed_on')?.params, { min: '2024-02-01', max: '2024-04-30' });
  // "X between them" links the two tables before it; "pairs must be unique" keeps them so, no table.
  const studio = tablesOf('potters, wheels, and sessions between them; pairs must be unique');
  t.same(
    studio.map((x) => x.name),
    ['potters', 'wheels', 'sessions'],
  );
  t.same(refs(studio, 'sessions'), ['potters', 'wheels']);
  t.ok(table(studio, 'sessions')?.unique);
  // "a potter books a wheel": books is the verb, no table of potter books.
  t.same(
    tablesOf('potters, wheels, and wheel_slots linking them; a potter books a wheel at most once').map(
      (x) => x.name,
    ),
    ['potters', 'wheels', 'wheel_slots'],
  );
});

t.test('chat, tickets and hurried English name their tables', async (t) => {
  // "table customer with …": a table named after the word "table", in the plural.
  const shop = tablesOf('i need table member with name, email and table loan with due date and member');
  t.ok(field(shop, 'members', 'email'));
  t.ok(field(shop, 'loans', 'due_date'));
  // The tagger reads "lift passes" as two verbs; between a list's joints they are a table.
  const ski = tablesOf(
    'Ski hill: lifts (name, capacity), lift passes (type, price), and gate scans when a pass is used',
  );
  t.ok(field(ski, 'lift_passes', 'price'));
  t.ok(table(ski, 'gate_scans'));
  // "a restaurant's table number" stays a column.
  t.ok(field(tablesOf('bookings with guest name, table number and party size'), 'bookings', 'table_number'));
});

t.test('a state named with its preposition is yes or no', async (t) => {
  t.equal(field(tablesOf('gadgets with name, in stock, price'), 'gadgets', 'in_stock')?.type, 'boolean');
  t.equal(field(tablesOf('nurses with name, on call, ward'), 'nurses', 'on_call')?.type, 'boolean');
});

t.test('a thing with its own columns after an article is a table', async (t) => {
  const clinic = tablesOf('visits with date, reason, cost, and the vet (name, clinic) who saw the pet');
  t.ok(field(clinic, 'vets', 'clinic'));
  t.same(refs(clinic, 'visits'), ['vets']);
});

t.test('many to many however it is written', async (t) => {
  const pairs = (prompt: string) => {
    const tables = tablesOf(prompt);
    const link = tables.find((x) => x.fields.filter((f) => f.type === 'ref').length === 2);
    return link === undefined ? [] : (refs(tables, link.name) ?? []).sort();
  };
  t.same(pairs('painters and galleries, many-to-many'), ['galleries', 'painters']);
  t.same(pairs('painters and galleries are many to many'), ['galleries', 'painters']);
  t.same(pairs('painters <-> galleries (m:n)'), ['galleries', 'painters']);
  t.same(
    pairs('painters and galleries; a painter shows in many galleries and a gallery shows many painters'),
    ['galleries', 'painters'],
  );
  t.same(pairs('painters and galleries; painters can exhibit at several galleries'), [
    'galleries',
    'painters',
  ]);
  // The link table is named after both, and neither table refers to the other.
  const art = tablesOf('painters and galleries, many-to-many');
  t.ok(table(art, 'painter_galleries'));
  t.same(refs(art, 'galleries'), []);
  // A table named outright after two others links them; a plain "tags" is the tags.
  const kitchen = tablesOf('recipes, tags, recipe_tags');
  t.same(refs(kitchen, 'recipe_tags')?.sort(), ['recipes', 'tags']);
  t.same(refs(kitchen, 'tags'), []);
});

t.test('a locale written as a code or a city with an accent', async (t) => {
  const locale = (prompt: string) => (convertPrompt(prompt) as { locale?: string }).locale;
  t.equal(locale('clients with name and address, locale de'), 'de');
  t.equal(locale('clients with name and address - pt_BR please'), 'pt');
  t.equal(locale('clients in São Paulo with name'), 'pt');
  // A code the catalogue has no locale for decides nothing; a to-do is no locale.
  t.equal(tablesOf('clients with name, locale xx').length, 1);
  t.notOk(locale('clients with name, locale xx'));
  t.notOk(locale('tasks with a to-do, done flag'));
});

t.test('a table named by the noun before a word for a table', async (t) => {
  t.same(
    tablesOf('a kiln table').map((x) => x.name),
    ['kilns'],
  );
  t.same(
    tablesOf('a kiln dataset, 45 rows').map((x) => [x.name, x.count]),
    [['kilns', 45]],
  );
  // Where a plural names the rows, it does ("a budget dataset: just expenses").
  t.same(
    tablesOf('Could you make a budget dataset? Just expenses with amount and date').map((x) => x.name),
    ['expenses'],
  );
  // "data centers" is one name.
  t.same(
    tablesOf('15 data centers').map((x) => x.name),
    ['data_centers'],
  );
});

t.test('from a fresh-eyes review: wrapped lines, dots, counts, DDL words and remarks', async (t) => {
  // A hard-wrapped sentence goes on over its line break.
  const wrapped = tablesOf(
    'Pet clinic data: 50 owners with name, phone and\nemail; 120 pets with name, species (dog, cat, rabbit) and date of\nbirth; each pet belongs to an\nowner.',
  );
  t.ok(field(wrapped, 'pets', 'date_of_birth'));
  t.same(refs(wrapped, 'pets'), ['owners']);
  // "I need three tables." names no table of tables.
  t.same(
    tablesOf('I need three tables.\n- clients\n- visits\n- invoices')
      .map((x) => x.name)
      .sort(),
    ['clients', 'invoices', 'visits'],
  );
  // A dot before a word ends its sentence, unless it is a web address's.
  const depots = tablesOf(
    '20 depots with name.500 parcels with weight and price.each parcel is held at a depot',
  );
  t.ok(field(depots, 'parcels', 'price'));
  // "each one has 3 orders" counts rows per parent; "each one has a name" lists columns.
  t.same(field(tablesOf('50 buyers, each one has 3 orders'), 'orders', 'buyer_id')?.params?.['per_parent'], {
    min: 3,
    max: 3,
  });
  // Counts before any "char" or "float" in the words before them still count.
  t.equal(table(tablesOf('EV chargers, maybe 300, with location'), 'ev_chargers')?.count, 300);
  // In a list written as DDL, "order date" is still one name.
  const ddl = tablesOf('300 orders: order_id uuid, total_amount decimal(10,2), order date, ship date');
  t.ok(field(ddl, 'orders', 'order_date'));
  t.ok(field(ddl, 'orders', 'ship_date'));
  // Escalated to someone is no date; rented to a day is.
  t.not(field(tablesOf('tickets with subject, escalated_to'), 'tickets', 'escalated_to')?.type, 'date');
  // "20 rows per invoice" is no count of invoices.
  t.not(
    table(tablesOf('invoices with total, and line items with qty, 20 rows per invoice'), 'invoices')?.count,
    20,
  );
  // A code's pattern needs its prefix and dash: "zip (xxxxx)" is no sequence.
  t.not(field(tablesOf('addresses with street, zip (xxxxx)'), 'addresses', 'zip')?.type, 'sequence');
});

t.test('children per parent however written, and a link named in the singular', async (t) => {
  const per = (prompt: string) => field(tablesOf(prompt), 'plots', 'farm_id')?.params?.['per_parent'];
  t.same(per('farms; plots per farm: between 2 and 6'), { min: 2, max: 6 });
  t.same(per('farms, with up to 6 plots each'), { min: 1, max: 6 });
  t.same(per('farms, each with exactly 4 plots'), { min: 4, max: 4 });
  t.same(per('farms with 4 plots apiece'), { min: 4, max: 4 });
  // "mission crew linking astronauts to missions": the crew links them; neither refers to the other.
  const space = tablesOf(
    'missions with name; astronauts with name; mission crew linking astronauts to missions',
  );
  t.same(refs(space, 'mission_crews')?.sort(), ['astronauts', 'missions']);
  t.same(refs(space, 'astronauts'), []);
});

t.test('things hung on a table, many per parent, and words the same in both numbers', async (t) => {
  // "service logs recorded against each boiler": the logs are a table that refers to the boilers.
  const plant = tablesOf('boilers, with service logs recorded against each boiler');
  t.same(refs(plant, 'service_logs'), ['boilers']);
  // "(many per post)": rows per parent.
  t.same(refs(tablesOf('threads and replies (many per thread)'), 'replies'), ['threads']);
  // "name, species": a word the same in both numbers is a column where nothing counts it.
  const pets = tablesOf('pets belong to owners. Owner fields: name, phone. Pet fields: name, species.');
  t.ok(field(pets, 'pets', 'species'));
  t.notOk(table(pets, 'species'));
});

t.test('a year after a month is no count of rows', async (t) => {
  t.equal(table(tablesOf('riders and ride sessions during January 2026'), 'riders')?.count, 10);
  t.equal(
    table(tablesOf('harvest logs with harvest date between August and October 2025'), 'harvest_logs')?.count,
    10,
  );
});

t.test('a collection of rows heads its columns, and counts after the table however written', async (t) => {
  // "server inventory - …", "workout log: …": a collection's columns, plural-looking or not.
  const servers = tablesOf('server inventory - hostname, ip address, os, cpu cores, ram gb');
  t.same(
    servers.map((x) => x.name),
    ['servers'],
  );
  t.ok(field(servers, 'servers', 'cpu_cores'));
  const log = tablesOf('machine log: machine, cycles, faults, logged_at');
  t.same(
    log.map((x) => x.name),
    ['machine_logs'],
  );
  t.equal(table(tablesOf('coupons x 300'), 'coupons')?.count, 300);
  t.equal(table(tablesOf('shipments ×1,200'), 'shipments')?.count, 1200);
  t.equal(table(tablesOf('make some invoices, 45 of em'), 'invoices')?.count, 45);
  // Counted after the dash, once the table is found by any reading.
  t.equal(table(tablesOf('badges - 900 of them'), 'badges')?.count, 900);
  // "interviews for placements, 640 of them": the phrase's head is counted.
  const interviews = tablesOf('reviews of hotels, 250 of them');
  t.equal(table(interviews, 'reviews')?.count, 250);
  t.not(table(interviews, 'hotels')?.count, 250);
  // A participle between "of" and its table: the columns stay with the phrase's head.
  const refunds = tablesOf('refunds for cancelled orders: amount, reason, refunded_at');
  t.ok(field(refunds, 'refunds', 'refunded_at'));
  t.equal(
    field(tablesOf('inspections: site, passed/failed boolean'), 'inspections', 'passed_failed')?.type,
    'boolean',
  );
});

t.test(
  'a thing written one row at a time that names a row of a table or lists columns is a table',
  async (t) => {
    t.same(refs(tablesOf('20 warehouses. Each pallet belongs to a warehouse.'), 'pallets'), ['warehouses']);
    t.same(refs(tablesOf('customers and invoices; a payment is for an invoice'), 'payments'), ['invoices']);
    const ci = tablesOf(
      '12 repositories. Each pipeline run belongs to a repository; run: commit sha, branch',
    );
    t.ok(refs(ci, 'pipeline_runs')?.includes('repositories'));
    t.ok(
      field(
        tablesOf('Teams of engineers. A deployment has service, version, deployed_at and status.'),
        'deployments',
        'deployed_at',
      ),
    );
    // A modal after the noun is no table's name; a counted "has" names rows, not columns.
    t.same(
      tablesOf('100 users where a user may have a manager, a team and a title').map((x) => x.name),
      ['users'],
    );
    t.same(
      tablesOf('orders; each one has a total').map((x) => x.name),
      ['orders'],
    );
  },
);

t.test('singular headers, words for the rows, and how many asked for after the columns', async (t) => {
  // "pledge - amount, …" and "visit = …" on a line of its own head their table's columns.
  const fund = tablesOf('projects and pledges. pledge - amount, pledged_at. project - title, deadline');
  t.ok(field(fund, 'projects', 'deadline'));
  t.notOk(field(fund, 'pledges', 'deadline'));
  const vet = tablesOf('pets and visits; pets have visits.\npet = name, species\nvisit = visit date, cost');
  t.ok(field(vet, 'visits', 'cost'));
  t.notOk(field(vet, 'pets', 'cost'));
  // "Fields is:", "columns are": the list of columns.
  t.notOk(table(tablesOf('sensors, 1800 rows. Fields is: sensor name, temperature'), 'fields'));
  // "feeding schedule rows": rows of a feeding schedule; "make it 1,000 rows" is a count, no column.
  const feeding = tablesOf('feeding schedule rows: animal, food type, keeper name - make it 1,000 rows');
  t.equal(table(feeding, 'feeding_schedules')?.count, 1000);
  t.notOk(feeding[0]?.fields.some((f) => f.name.startsWith('make')));
  // "time entries logged against tasks": a word for rows after a noun, hung on a table.
  t.same(
    refs(tablesOf('tasks with title, and time entries logged against tasks with minutes'), 'time_entries'),
    ['tasks'],
  );
  // "SaaS" is no plural.
  t.notOk(table(tablesOf('For my SaaS: accounts (company name, plan) and users'), 'saas'));
});

t.test('relative clauses on a plural and things had with columns of their own', async (t) => {
  const saas = tablesOf('accounts (company name, plan), users who belong to an account with email and role');
  t.same(refs(saas, 'users'), ['accounts']);
  t.ok(field(saas, 'users', 'role'));
  const food = tablesOf(
    'restaurants with a name; and orders that reference a restaurant, with total and ordered at',
  );
  t.same(refs(food, 'orders'), ['restaurants']);
  t.ok(field(food, 'orders', 'ordered_at'));
  // "where a driver drives a vehicle": the plural refers to both; the columns after are its own.
  const fleet = tablesOf(
    'drivers (name, license number), vehicles (plate, make) and trips where a driver drives a vehicle, with distance km and fare',
  );
  t.same(refs(fleet, 'trips')?.sort(), ['drivers', 'vehicles']);
  t.ok(field(fleet, 'trips', 'distance_km'));
  t.notOk(field(fleet, 'drivers', 'distance_km'));
  // "customers who place orders": what the clause names many of belongs to the plural.
  t.same(refs(tablesOf('customers who place orders with a total'), 'orders'), ['customers']);
  // "Each post has comments with text": things had, with columns of their own, are a table.
  const blog = tablesOf('posts with title. Each post has comments with text and created_at.');
  t.same(refs(blog, 'comments'), ['posts']);
});

t.test(
  'lists inside parentheses, bullets that head tables, approximate counts and tables of things',
  async (t) => {
    // A semicolon inside parentheses ends no sentence; "track: web, data, mobile)" lists choices.
    const billing = tablesOf(
      'plans (name, monthly price), subscriptions (status: active, paused, cancelled; started_at) and payments (amount, paid_at)',
    );
    t.ok(field(billing, 'subscriptions', 'started_at'));
    t.same(field(tablesOf('talks (title, track: web, data, mobile)'), 'talks', 'track')?.params?.['values'], [
      'web',
      'data',
      'mobile',
    ]);
    // Bullets that each head a table's columns are sentences of their own.
    const clinic = tablesOf(
      '- clinics: name, city\n- vets: name, specialty, works at one clinic\n- 300 appointments: date, price',
    );
    t.ok(table(clinic, 'vets'));
    t.notOk(field(clinic, 'clinics', 'specialty'));
    // "about 2000 workouts" counts them; "about" relates nothing.
    const fit = tablesOf(
      'users with username. Workouts are logged by users. 100 users and about 2000 workouts.',
    );
    t.same(refs(fit, 'users'), []);
    t.same(refs(fit, 'workouts'), ['users']);
    // "a table of users and a table of login events": two tables.
    t.same(
      tablesOf('a table of users and a table of login events')
        .map((x) => x.name)
        .sort(),
      ['login_events', 'users'],
    );
    // "is admin", "has garage": yes/no columns named with their verb.
    const users = tablesOf('users with name, is admin, has garage and email');
    t.equal(field(users, 'users', 'is_admin')?.type, 'boolean');
    t.equal(field(users, 'users', 'has_garage')?.type, 'boolean');
  },
);

t.test(
  'columns with the verb left out, link tables named, and things had that the knowledge base knows',
  async (t) => {
    // "concerts have venue and date, attendees name and email": the verb is left out.
    const gig = tablesOf('concerts and attendees; concerts have venue and date, attendees name and email.');
    t.ok(field(gig, 'attendees', 'name'));
    t.notOk(field(tablesOf('orders placed by customers'), 'orders', 'placed_by'));
    // "Claims record description, …": a verb of keeping opens the list.
    t.ok(
      field(
        tablesOf('rentals and damage claims. Claims record description, repair cost.'),
        'damage_claims',
        'description',
      ),
    );
    // "many to many via assignments which have a role": the link table named, with its columns.
    const staff = tablesOf(
      'projects and employees are many to many via assignments which have a role and hours per week',
    );
    t.same(refs(staff, 'assignments')?.sort(), ['employees', 'projects']);
    t.ok(field(staff, 'assignments', 'hours_per_week'));
    // "recipes, ingredients and recipe ingredients …": a compound of two tables named is a third.
    const food = tablesOf(
      'recipes (title), ingredients (name, unit) and recipe ingredients with quantity linking the two',
    );
    t.same(refs(food, 'recipe_ingredients')?.sort(), ['ingredients', 'recipes']);
    t.ok(field(food, 'recipe_ingredients', 'quantity'));
    // "every post has comments": rows of the post's kind the knowledge base knows; a review's stay a column.
    t.same(refs(tablesOf('users and posts; every post has comments'), 'comments')?.includes('posts'), true);
    t.notOk(table(tablesOf('reviews with rating; each review has comments'), 'comments'));
    // "a match is between two teams": how many a row joins, no count of teams.
    t.not(table(tablesOf('Tournaments have matches; a match is between two teams.'), 'teams')?.count, 2);
    // "What tables would a dealership need?": no table of tables; a restaurant's tables are counted.
    t.notOk(table(tablesOf('What tables would a dealership need? cars (make) and sales'), 'tables'));
    t.same(plural('salesperson'), 'salespeople');
    // "between August and October 2025": the year written once.
    t.same(
      field(
        tablesOf('harvest logs with harvest date between August and October 2025'),
        'harvest_logs',
        'harvest_date',
      )?.params,
      {
        min: '2025-08-01',
        max: '2025-10-31',
      },
    );
  },
);

t.test(
  "a thing's own column named with 'of', columns that are no choices, and whether a thing was",
  async (t) => {
    const desk = tablesOf('600 tickets with subject, opened at, and the name of the assigned agent');
    t.equal(field(desk, 'tickets', 'agent_name')?.type, 'full_name');
    t.ok(
      field(
        tablesOf('30 coffee shops with name and the average price of a latte'),
        'coffee_shops',
        'average_latte_price',
      ),
    );
    // "years of experience" and "date of birth" keep their words.
    t.ok(
      field(tablesOf('applicants with name and years of experience'), 'applicants', 'years_of_experience'),
    );
    // "status code, response time ms, and checked at" are columns, not a status's choices.
    const checks = tablesOf('check results with status code, response time ms, and checked at');
    t.ok(field(checks, 'check_results', 'response_time_ms'));
    t.same(
      field(tablesOf('tasks with status open, in progress or closed'), 'tasks', 'status')?.params?.['values'],
      ['open', 'in progress', 'closed'],
    );
    t.equal(
      field(
        tablesOf('hive inspections with date, whether the queen was seen'),
        'hive_inspections',
        'queen_seen',
      )?.type,
      'boolean',
    );
  },
);

t.test('things that tie two tables, verbs that report columns, and things each row has', async (t) => {
  // "Leases tie tenants to units": the leases link the two, both tables ("units" are flats here).
  const rent = tablesOf('Leases tie tenants to units.');
  t.same(refs(rent, 'leases')?.sort(), ['tenants', 'units']);
  t.same(refs(rent, 'tenants'), []);
  // "Sensors report co2 ppm plus …": the verb opens the list.
  t.ok(
    field(
      tablesOf('rooms have many sensors. Sensors report co2 ppm plus an air quality index.'),
      'sensors',
      'co2_ppm',
    ),
  );
  // "buildings each with units, a unit has floor and sqft": the units the prompt goes on about.
  const hoa = tablesOf('buildings each with units, a unit has floor and sqft');
  t.same(refs(hoa, 'units'), ['buildings']);
});

t.test("a kind named after its table keeps the table's word; a status or a name does not", async (t) => {
  const legal = tablesOf('clauses with clause type and clause text; tasks with task status');
  t.ok(field(legal, 'clauses', 'clause_type'));
  t.ok(field(legal, 'tasks', 'status'));
});

t.test('the same rows counted as people after a comma', async (t) => {
  const expo = tablesOf('Conference attendees in Italy, 500 people: name, company, job title');
  t.same(
    expo.map((x) => x.name),
    ['conference_attendees'],
  );
  t.equal(table(expo, 'conference_attendees')?.count, 500);
  t.ok(field(expo, 'conference_attendees', 'job_title'));
});

t.test(
  'a table headed by rows of one table doing something to others of it links them in pairs',
  async (t) => {
    const social = tablesOf('follows table - users following users, no self-follows');
    t.same(refs(social, 'follows'), ['users', 'users']);
    t.same(refs(social, 'users'), []);
  },
);

t.test('ownership, attending and compound names relate tables as written', async (t) => {
  // Owning a plural: the plural's rows belong to the owner.
  t.same(refs(tablesOf('users who own devices, devices with serial'), 'devices'), ['users']);
  // Attending or borrowing relates nothing by itself; the known columns stay.
  const school = tablesOf('students who attend classes taught by teachers');
  t.same(refs(school, 'classes'), ['teachers']);
  t.ok((table(school, 'classes')?.fields.length ?? 0) > 3);
  // A compound of two tables named is no third table unless it links them.
  t.same(
    tablesOf('customers and orders. customer orders have total and status')
      .map((x) => x.name)
      .sort(),
    ['customers', 'orders'],
  );
  // A count in parentheses is the nearest table's.
  const books = tablesOf('reviews of books (200), authors (30)');
  t.equal(table(books, 'books')?.count, 200);
  t.equal(table(books, 'authors')?.count, 30);
  // A hard wrap before a capital after "the" goes on.
  t.ok(
    field(
      tablesOf('Flights with origin, departure time and the\nAirline name, plus 200 passengers'),
      'flights',
      'airline_name',
    ),
  );
  // "x 10, y 20" are coordinates, no counts.
  t.notOk(table(tablesOf('people with name, coordinates x 10, y 20'), 'coordinates'));
  // "Each pipeline run belongs to …": no table of pipelines.
  t.notOk(table(tablesOf('12 repositories. Each pipeline run belongs to a repository'), 'pipelines'));
  // "using a pivot table" names no table.
  t.notOk(table(tablesOf('students and courses, many to many using a pivot table'), 'pivots'));
  // "power of attorney" keeps its words.
  t.ok(field(tablesOf('clients with name and power of attorney'), 'clients', 'power_of_attorney'));
});

t.test('one customer with many orders, however written', async (t) => {
  const belongs = (prompt: string) => refs(tablesOf(prompt), 'orders')?.includes('customers') === true;
  for (const prompt of [
    'customers have orders',
    'customer has many orders',
    'customers 1:n orders',
    'orders n:1 customers',
    'orders (customer_id fk to customers, total)',
    'customers who place orders',
    'customers and their orders',
    'orders placed by customers',
  ])
    t.ok(belongs(prompt), prompt);
  t.same(refs(tablesOf('customers have orders'), 'customers'), []);
});

t.test('a name the prompt asks for is a name, not a numbered label', async (t) => {
  t.not(field(tablesOf('12 wards with a name and floor'), 'wards', 'name')?.type, 'sequence');
  // Where the prompt names no columns, the knowledge base's numbered names stay.
  t.equal(field(tablesOf('12 wards'), 'wards', 'name')?.type, 'sequence');
});

t.test("another entity's numbered label is no label of this one", async (t) => {
  t.not(field(tablesOf('devices with name and room'), 'devices', 'room')?.type, 'sequence');
  // An entity's own numbered code stays.
  t.equal(
    field(tablesOf('patients with name and medical record number'), 'patients', 'medical_record_number')
      ?.type,
    'sequence',
  );
});

t.test('a remark on how often a pair occurs is neither a subject, nor columns, nor a relation', async (t) => {
  const volunteers = tablesOf(
    'projects, volunteers and project_volunteers joining them - each volunteer joins a project at most once - with hours pledged',
  );
  t.ok(
    field(volunteers, 'project_volunteers', 'hours_pledged'),
    'the columns after it stay the link table’s',
  );
  t.same(refs(volunteers, 'volunteers'), [], 'no volunteer refers to a project');
  t.same(
    table(volunteers, 'project_volunteers')?.unique,
    [['project_id', 'volunteer_id']],
    'the pair is unique',
  );
  const members = tablesOf('users, groups and memberships linking them, no duplicate memberships, joined_at');
  t.ok(field(members, 'memberships', 'joined_at'));
  t.notOk(
    members.some((x) => x.fields.some((f) => /duplicate/.test(f.name))),
    'no column is made of the remark',
  );
  const blocks = tablesOf('members and blocks where members block other members, no self-blocks');
  t.notOk(field(blocks, 'members', 'self_blocks'), 'no self-blocks is no column');
  const clubs = tablesOf('students, clubs and memberships between them; no duplicates; with joined date');
  t.same(
    clubs.map((x) => x.name),
    ['students', 'clubs', 'memberships'],
    '"no duplicates" names no table',
  );
  t.ok(field(clubs, 'memberships', 'joined_date'));
  const counted = tablesOf('500 records and 40 duplicates of them');
  t.ok(table(counted, 'duplicates'), 'counted duplicates are a table');
});

t.test('plurals in -us and -is that pluralize knows: menus, emus, taxis, emojis', async (t) => {
  t.same(
    tablesOf('50 menus and 200 dishes; each dish is on a menu').map((x) => [x.name, x.count]),
    [
      ['menus', 50],
      ['dishes', 200],
    ],
  );
  t.same(refs(tablesOf('50 menus and 200 dishes; each dish is on a menu'), 'dishes'), ['menus']);
  t.ok(table(tablesOf('taxis and drivers'), 'taxis'));
  t.ok(table(tablesOf('messages and the emojis used in them'), 'emojis'));
  for (const word of ['status', 'campus', 'bonus', 'analysis', 'axis', 'tennis', 'basis', 'crisis'])
    t.notOk(isPlural(word), `${word} is a singular`);
  for (const word of ['menus', 'emus', 'taxis', 'emojis', 'skis', 'kiwis', 'apis'])
    t.ok(isPlural(word), `${word} is a plural`);
  t.equal(plural('menu'), 'menus');
  t.notOk(
    table(tablesOf('70 employees with name and salary between 3000 and 25000 reais'), 'reais'),
    'a currency in the plural is a unit, no table',
  );
});

t.test('rows by people or known things are theirs: "tweets by users", "albums by artists"', async (t) => {
  for (const [prompt, child, parent] of [
    ['tweets by users', 'tweets', 'users'],
    ['generate 300 posts by 40 users with a title', 'posts', 'users'],
    ['albums by artists', 'albums', 'artists'],
    ['reviews by customers', 'reviews', 'customers'],
  ] as const) {
    const tables = tablesOf(prompt);
    t.ok(table(tables, parent), `${prompt}: ${parent}`);
    t.same(refs(tables, child), [parent], `${prompt}: each of ${child} refers to one of ${parent}`);
  }
  t.same(
    tablesOf('100 orders sorted by date').map((x) => x.name),
    ['orders'],
    'a sort order names no table',
  );
});

t.test(
  'a place or a row with things it has many of: "a library with books, authors and members"',
  async (t) => {
    const school = tablesOf('a school with teachers, students and classes');
    t.same(school.map((x) => x.name).sort(), ['classes', 'students', 'teachers']);
    t.notOk(field(school, 'teachers', 'student'), 'the other things are no columns of the first');
    const shop = tablesOf('a shop with products and orders');
    t.same(
      shop.map((x) => x.name),
      ['products', 'orders'],
    );
    const user = tablesOf('100 users with name, email and a signup date');
    t.same(
      user.map((x) => x.name),
      ['users'],
      'a list of singular names is columns',
    );
    t.ok(field(user, 'users', 'signup_date'));
  },
);

t.test(
  "the knowledge base's entity is chosen among the prompt's other tables, for columns too",
  async (t) => {
    const library = tablesOf('library with books, authors, members and loans');
    t.same(
      refs(library, 'loans')?.sort(),
      ['books', 'members'],
      "a library's loans are of a book to a member",
    );
    t.ok(field(library, 'loans', 'due_date'), 'with the columns of a book loan');
    t.notOk(field(library, 'loans', 'interest_rate'), "none of a bank's loan");
    t.ok(field(library, 'members', 'card_number'), "a library's members are its patrons");
    const bank = tablesOf('bank customers and their loans');
    t.ok(field(bank, 'loans', 'interest_rate'), "a bank's loans are loans");
    const fleet = tablesOf('a fleet of 40 trucks, drivers, and deliveries assigned to a truck and a driver');
    t.same(refs(fleet, 'deliveries'), ['trucks', 'drivers']);
    t.ok(
      field(fleet, 'deliveries', 'status'),
      'a row of two others that is more than a pair keeps its columns',
    );
    const school = tablesOf('students, courses and enrollments');
    t.ok(field(school, 'enrollments', 'enrolled_on'), 'a known link keeps its usual columns');
    t.same(table(school, 'enrollments')?.unique, [['student_id', 'course_id']]);
    const cast = tablesOf('movies, actors and roles');
    t.same(refs(cast, 'roles'), ['movies', 'actors'], "among movies and actors, roles are the actors' parts");
    t.ok(field(cast, 'roles', 'character_name'));
    t.notOk(
      field(tablesOf('users, roles and permissions'), 'roles', 'character_name'),
      "elsewhere roles are a system's roles",
    );
    const unknown = tablesOf('widgets, gizmos and widget_gizmos linking them');
    t.same(
      table(unknown, 'widget_gizmos')?.fields.map((f) => f.name),
      ['id', 'widget_id', 'gizmo_id', 'created_at'],
      'a pair nobody knows is a pair, stamped when made',
    );
  },
);

t.test(
  'a title over a list of things, with an article, is no table: "a CRM: companies, contacts and deals"',
  async (t) => {
    t.same(
      tablesOf('a CRM: companies, contacts and deals').map((x) => x.name),
      ['companies', 'contacts', 'deals'],
    );
    t.same(
      tablesOf('An inventory system: warehouses, products and stock levels').map((x) => x.name),
      ['warehouses', 'products', 'stock_levels'],
    );
    const account = tablesOf('An account: IBAN, holder name, balance');
    t.ok(field(account, 'accounts', 'iban'), 'a singular header over columns is still a table');
  },
);

t.test("a table's own kind of rows in its column list: 'orders with order lines'", async (t) => {
  const orders = tablesOf('500 orders with order date, order status and order lines');
  t.same(refs(orders, 'order_lines'), ['orders']);
  t.ok(field(orders, 'orders', 'order_date'), 'the columns stay the table’s');
  t.same(refs(tablesOf('playlists with playlist tracks'), 'playlist_tracks'), ['playlists']);
  const products = tablesOf('products with variants (size, color) and reviews');
  t.ok(field(products, 'variants', 'color'), 'a plural with columns of its own in parentheses is a table');
  t.same(refs(products, 'reviews'), ['products'], 'and so are the known things listed with it');
  const users = tablesOf('users with roles (admin, editor)');
  t.same(field(users, 'users', 'roles')?.params?.['values'], ['admin', 'editor'], 'values are no columns');
  t.same(
    users.map((x) => x.name),
    ['users'],
  );
});

t.test('"each employee has a manager": a person of the same table', async (t) => {
  const employees = tablesOf('I need 200 employees across 12 departments, each employee has a manager');
  t.same(field(employees, 'employees', 'manager_id')?.params, { table: 'employees' });
  t.notOk(field(employees, 'employees', 'manager'), 'no name column beside the reference');
  const reports = tablesOf('200 employees; each employee reports to a manager who is also an employee');
  t.ok(field(reports, 'employees', 'manager_id'));
  t.notOk(field(reports, 'employees', 'manager'));
  const projects = tablesOf('projects, each with a manager and a budget');
  t.notOk(field(projects, 'projects', 'manager_id'), "a project's manager is no project");
  const two = tablesOf('employees and managers; each employee has a manager');
  t.same(
    field(two, 'employees', 'manager_id')?.params,
    { table: 'managers' },
    'a table of managers is theirs',
  );
});

t.test('clauses after a semicolon, counts as columns and other review findings', async (t) => {
  // A clause of its own after ";" is read, not blanked as a remark.
  const votes = tablesOf('users with name, polls with question; each user votes once per poll');
  t.same(refs(votes, 'user_votes')?.sort(), ['polls', 'users']);
  t.same(refs(votes, 'polls'), [], 'no poll refers to a user');
  // A row's counts stay columns.
  for (const prompt of [
    '100 listings, each listing with bedrooms and bathrooms',
    '50 videos, each video with views and likes',
    '100 players with name; each player with goals and assists',
  ]) {
    const tables = tablesOf(prompt);
    t.equal(tables.length, 1, `${prompt}: one table`);
  }
  t.equal(
    field(tablesOf('100 listings, each listing with bedrooms and bathrooms'), 'listings', 'bedrooms')?.type,
    'number',
  );
  // A singular heading over plural column names keeps its table.
  t.ok(field(tablesOf('employee: first names, last names, salaries'), 'employees', 'first_name'));
  // "ordered by", "ranked by" have agents; "sorted by a column" leaves no column behind.
  t.same(refs(tablesOf('items ordered by members, with quantity and price'), 'items'), ['members']);
  t.same(refs(tablesOf('restaurants ranked by critics with score'), 'restaurants'), ['critics']);
  t.same(
    table(tablesOf('orders with total and date, sorted by date'), 'orders')?.fields.map((f) => f.name),
    ['id', 'total', 'date'],
  );
  t.same(refs(tablesOf('tasks with title, grouped by projects'), 'tasks'), ['projects']);
  // A link of another domain's name is a pair, not that domain's row.
  const assignments = tablesOf(
    'employees with name, projects with title, assignments linking employees to projects',
  );
  t.notOk(field(assignments, 'assignments', 'max_points'), 'no homework columns');
  // A credit union's members and loans are a bank's.
  const union = tablesOf('a credit union: members, accounts, loans');
  t.ok(field(union, 'loans', 'interest_rate'));
  t.notOk(field(union, 'members', 'fines_owed'));
  // Only staff have managers among themselves.
  t.notOk(
    field(tablesOf('customers with name and email; each customer has a manager'), 'customers', 'manager_id'),
  );
  const supervised = tablesOf('50 engineers; each engineer has a direct supervisor');
  t.ok(field(supervised, 'engineers', 'manager_id'));
  t.notOk(field(supervised, 'engineers', 'direct_supervisor'), 'no name column beside the reference');
  // Names in -is are no plurals.
  t.same(
    tablesOf('20 authors named Chris or Lewis, 100 books with title').map((x) => x.name),
    ['authors', 'books'],
  );
  // Column names after "with" are columns, and a parenthesised plural with columns after it is no table.
  t.same(
    tablesOf('employees with employee ids and names').map((x) => x.name),
    ['employees'],
  );
  t.same(
    tablesOf('orders with items (sku, qty, price), status and total').map((x) => x.name),
    ['orders'],
  );
  t.ok(
    table(tablesOf('records (no duplicates) and a duplicates table with record_id and score'), 'duplicates'),
  );
});
