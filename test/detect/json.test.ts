import t from 'tap';
import { DetectionError, detectSchema } from '../../src/detect/index.js';
import { assertGenerates, fieldOf } from './engine-check.js';

t.test('values are sniffed and names refine them', async (t) => {
  const { tables } = detectSchema({
    table_name: 'users',
    sample_json: {
      id: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
      firstName: 'Ana',
      last_name: 'Diaz',
      email: 'ana@example.com',
      phone: '+1 (555) 123-4567',
      website: 'https://ana.dev',
      avatar: 'https://cdn.example.com/a.png',
      signup_date: '2024-05-01',
      last_login: '2024-06-01T10:00:00Z',
      age: 34,
      balance: 120.5,
      score: 0.125,
      verified: true,
      plan: 'pro',
      invoice: 'INV-004211',
      city: 'Austin',
      ip: '84.17.203.9',
      bio: null,
      tags: ['a', 'b'],
      lucky_numbers: [3, 7],
      meta: {},
    },
  });
  const f = (name: string) => fieldOf(tables, 'users', name);
  t.equal(f('id')?.type, 'uuid');
  t.equal(f('firstName')?.type, 'first_name', 'camelCase names');
  t.equal(f('last_name')?.type, 'last_name');
  t.equal(f('email')?.type, 'email');
  t.equal(f('phone')?.type, 'phone');
  t.equal(f('website')?.type, 'url');
  t.equal(f('avatar')?.type, 'avatar_url');
  t.equal(f('signup_date')?.type, 'date', 'ISO date');
  t.equal(f('last_login')?.type, 'datetime', 'ISO date-time');
  t.equal(f('age')?.type, 'age');
  t.equal(f('balance')?.type, 'amount');
  t.same(f('score'), { name: 'score', type: 'float', params: { min: 0, max: 1, precision: 4 } });
  t.equal(f('verified')?.type, 'boolean');
  t.same(f('plan'), { name: 'plan', type: 'enum', params: { values: ['pro'] } });
  t.same(f('invoice'), {
    name: 'invoice',
    type: 'sequence',
    params: { start: 4211, prefix: 'INV-', pad: 6 },
  });
  t.equal(f('city')?.type, 'city');
  t.equal(f('ip')?.type, 'ip_address');
  t.same(f('bio'), { name: 'bio', type: 'bio', nullable: true }, 'null → nullable, typed by name');
  t.same(f('tags')?.params, { of: 'tag', min: 1, max: 3 });
  t.equal((f('lucky_numbers')?.params as { of: string }).of, 'integer');
  t.equal(f('meta')?.type, 'json');
  assertGenerates(t, tables);
});

t.test('nested objects and arrays of objects become child tables with a ref to the parent', async (t) => {
  const { tables } = detectSchema({
    table_name: 'orders',
    sample_json: {
      order_number: 'ORD-1042',
      total: 59.9,
      customer: {
        name: 'Ana Diaz',
        email: 'ana@example.com',
        address: { street: '1 Main St', zip: '78701' },
      },
      items: [
        { sku: 'ABC-1', quantity: 2, unit_price: 19.99 },
        { sku: 'ABC-2', quantity: 1, unit_price: 19.92, gift: true },
      ],
    },
  });
  t.same(
    tables.map((x) => x.name),
    ['orders', 'customer', 'address', 'items'],
  );
  t.same(fieldOf(tables, 'orders', 'id'), { name: 'id', type: 'uuid' }, 'the parent gets an id');
  t.same(fieldOf(tables, 'customer', 'order_id'), {
    name: 'order_id',
    type: 'ref',
    params: { table: 'orders', field: 'id' },
  });
  t.equal(fieldOf(tables, 'customer', 'name')?.type, 'full_name');
  t.same(fieldOf(tables, 'address', 'customer_id')?.params, { table: 'customer', field: 'id' });
  t.equal(fieldOf(tables, 'address', 'zip')?.type, 'postal_code');
  t.same(fieldOf(tables, 'items', 'order_id')?.params, { table: 'orders', field: 'id' });
  t.equal(fieldOf(tables, 'items', 'gift')?.type, 'boolean', 'keys of every array element');
  t.equal(fieldOf(tables, 'items', 'unit_price')?.type, 'price');
  assertGenerates(t, tables);
});

t.test('an integer id stays the key that children reference', async (t) => {
  const { tables } = detectSchema({ sample_json: { id: 7, comments: [{ id: 1, body: 'Nice!' }] } });
  t.same(fieldOf(tables, 'records', 'id'), { name: 'id', type: 'id', params: { start: 1 } });
  t.same(fieldOf(tables, 'comments', 'record_id')?.params, { table: 'records', field: 'id' });
  assertGenerates(t, tables);
});

t.test('sql and sample_json together give the tables of both', async (t) => {
  const { tables } = detectSchema({
    sql: 'CREATE TABLE records (id SERIAL PRIMARY KEY, title TEXT NOT NULL);',
    sample_json: { email: 'a@b.co' },
    table_name: 'records',
  });
  t.same(
    tables.map((x) => x.name),
    ['records', 'sample_records'],
  );
  assertGenerates(t, tables);
});

t.test('a sample that is not one object is refused', async (t) => {
  for (const sample of [[{ a: 1 }], 'text', 3, null, {}]) {
    t.throws(() => detectSchema({ sample_json: sample }), DetectionError, JSON.stringify(sample));
  }
});
