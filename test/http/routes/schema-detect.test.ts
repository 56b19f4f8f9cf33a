import t from 'tap';
import { DETECTED_COUNT } from '../../../src/detect/index.js';
import { DetectResponse } from '../../../src/http/routes/schema-detect.js';
import { validate } from '../../../src/validation.js';
import { startApp, type TestServer } from '../../helpers/app.js';
import { forEachStore } from '../../helpers/stores.js';
import { openStore } from '../../../src/store/index.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PATH = '/api/v1/schema/detect';
const SQL = 'CREATE TABLE users (id SERIAL PRIMARY KEY, email VARCHAR(255) NOT NULL);';

async function errorOf(response: Response): Promise<{ code: string; message: string }> {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

t.test('gating: no key 401, free key 403, pro key 200', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startApp(t, store);
    const none = await server.request(PATH, { method: 'POST', json: { sql: SQL } });
    t.equal(none.status, 401);
    t.equal((await errorOf(none)).code, 'UNAUTHORIZED');
    const free = await server.request(PATH, {
      method: 'POST',
      json: { sql: SQL },
      key: await server.key('free'),
    });
    t.equal(free.status, 403);
    const error = await errorOf(free);
    t.equal(error.code, 'FEATURE_REQUIRES_UPGRADE');
    t.match(error.message, /Schema detection requires the pro plan/);
    const pro = await server.request(PATH, {
      method: 'POST',
      json: { sql: SQL },
      key: await server.key('pro'),
    });
    t.equal(pro.status, 200);
    const body = validate(DetectResponse, await pro.json());
    t.same(body.schema.tables[0]?.fields, [
      { name: 'id', type: 'id', params: { start: 1 } },
      { name: 'email', type: 'email' },
    ]);
  });
});

t.test('requests and errors (one store: the database does not matter here)', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mockhive-detect-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const store = await openStore({ dataDir });
  t.teardown(() => store.close());
  const server: TestServer = await startApp(t, store);
  const key = await server.key('pro');
  const post = (json: unknown) => server.request(PATH, { method: 'POST', json, key });

  const both = await post({ sql: SQL, sample_json: { title: 'Hello', views: 3 }, table_name: 'posts' });
  t.equal(both.status, 200);
  const tables = ((await both.json()) as DetectResponse).schema.tables;
  t.same(
    tables.map((x) => x.name),
    ['users', 'posts'],
    'both inputs: the tables of both',
  );

  const text = await post({ sample_json: '{"email": "a@b.co"}' });
  t.equal(text.status, 200, 'sample_json may be sent as JSON text');

  const cases: [string, unknown, number, RegExp][] = [
    ['nothing to detect', {}, 400, /sql.*sample_json/],
    ['blank sql', { sql: '   ' }, 400, /sql.*sample_json/],
    ['invalid SQL says where', { sql: 'CREATE TABLE t (\n  a INT,,\n);' }, 400, /line 2, column 9/],
    ['sample_json array', { sample_json: [{ a: 1 }] }, 400, /one JSON object.*array/],
    ['sample_json number', { sample_json: 42 }, 400, /one JSON object/],
    ['sample_json bad JSON text', { sample_json: '{"a": }' }, 400, /not valid JSON/],
    ['sql not a string', { sql: 42 }, 422, /sql/],
    ['bad table_name', { sample_json: { a: 1 }, table_name: 'drop table;' }, 422, /table_name/],
  ];
  for (const [name, json, status, message] of cases) {
    const response = await post(json);
    t.equal(response.status, status, name);
    const error = await errorOf(response);
    t.equal(error.code, 'VALIDATION_ERROR', name);
    t.match(error.message, message, name);
  }
  const array = await server.request(PATH, { method: 'POST', json: [SQL], key });
  t.equal(array.status, 400, 'a body that is not an object');
  const huge = await post({ sql: `${SQL}\n-- ${'x'.repeat(1024 * 1024)}` });
  t.equal(huge.status, 413, 'over the 1 MiB body limit');
});

t.test('a detected schema is a generation request as it is: POST /api/v1/generate answers 200', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mockhive-detect-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const store = await openStore({ dataDir });
  t.teardown(() => store.close());
  const server = await startApp(t, store);
  const key = await server.key('pro');
  const inputs: [string, unknown][] = [
    [
      'postgres DDL with inline and ALTER TABLE foreign keys',
      {
        sql: `CREATE TABLE customers (id BIGSERIAL PRIMARY KEY, email TEXT NOT NULL UNIQUE, first_name TEXT, created_at TIMESTAMPTZ NOT NULL DEFAULT now());
              CREATE TABLE orders (id UUID PRIMARY KEY, customer_id BIGINT NOT NULL REFERENCES customers(id), status TEXT CHECK (status IN ('new','paid','shipped')), total NUMERIC(10,2));
              CREATE TABLE notes (id SERIAL PRIMARY KEY, order_id UUID NOT NULL, body TEXT);
              ALTER TABLE notes ADD CONSTRAINT notes_order_fk FOREIGN KEY (order_id) REFERENCES orders(id);`,
      },
    ],
    [
      'mysql DDL with ENUM and a table-level foreign key',
      {
        sql:
          "CREATE TABLE `users` (`id` INT AUTO_INCREMENT PRIMARY KEY, `name` VARCHAR(100), `role` ENUM('admin','member') NOT NULL, `active` TINYINT(1));\n" +
          'CREATE TABLE `posts` (`id` INT AUTO_INCREMENT, `user_id` INT NOT NULL, `title` VARCHAR(200), PRIMARY KEY (`id`), FOREIGN KEY (`user_id`) REFERENCES `users`(`id`));',
      },
    ],
    [
      'sqlite DDL with a self reference',
      {
        sql: 'CREATE TABLE employees (id INTEGER PRIMARY KEY, name TEXT NOT NULL, manager_id INTEGER REFERENCES employees(id), hired_on DATE);',
      },
    ],
    [
      'nested sample JSON',
      {
        table_name: 'orders',
        sample_json: {
          id: '9b2d5c1e-8f3a-4b7c-9d2e-1f0a3b4c5d6e',
          email: 'a@b.co',
          placed_at: '2024-03-01T10:00:00Z',
          customer: { name: 'Ann Lee', phone: '+1 555 0100' },
          items: [{ sku: 'SKU-1', price: 9.5, qty: 2 }],
        },
      },
    ],
    ['a flat sample JSON record', { sample_json: { id: 1, name: 'Ann Lee', email: 'ann@example.com' } }],
  ];
  for (const [name, body] of inputs) {
    const detected = await server.request(PATH, { json: body, key });
    t.equal(detected.status, 200, `${name}: detected`);
    const { schema } = (await detected.json()) as DetectResponse;
    t.ok(
      schema.tables.every((table) => table.count === DETECTED_COUNT),
      `${name}: every table has a count`,
    );
    // The answer's `schema`, unchanged, is the body.
    const generated = await server.request('/api/v1/generate', { json: schema, key });
    t.equal(
      generated.status,
      200,
      `${name}: generated (${generated.status === 200 ? 'ok' : await generated.clone().text()})`,
    );
    const result = (await generated.json()) as { meta: { total_records: number } };
    t.equal(
      result.meta.total_records,
      DETECTED_COUNT * schema.tables.length,
      `${name}: every table generated`,
    );
  }
  const flat = await server.request(PATH, { json: { sample_json: { name: 'Ann Lee' } }, key });
  const { schema } = (await flat.json()) as DetectResponse;
  t.same(schema.tables[0]?.fields, [{ name: 'name', type: 'full_name' }], 'a sample `name` is a person’s');
});
