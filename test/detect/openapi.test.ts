import { readFileSync } from 'node:fs';
import t from 'tap';
import { parse } from 'yaml';
import { type DetectedTable, detectSchema } from '../../src/detect/index.js';
import { outputTables } from '../../workers/engine/child-tables.js';
import { compile, generateRecords } from '../../workers/engine/index.js';
import { encodeChunk } from '../../workers/output/encode.js';
import { scriptPrologue } from '../../workers/output/sql.js';
import { checkRecords } from './spec-validity.js';

const read = (file: string): string =>
  readFileSync(new URL(`../fixtures/specs/${file}`, import.meta.url), 'utf8');

function tableOf(tables: readonly DetectedTable[], name: string): DetectedTable {
  const table = tables.find((x) => x.name === name);
  if (table === undefined) throw new Error(`no table ${name}`);
  return table;
}
const fieldOf = (tables: readonly DetectedTable[], table: string, name: string) =>
  tableOf(tables, table).fields.find((f) => f.name === name);

const component = (name: string): string => `/components/schemas/${name}`;

t.test('a library (OpenAPI 3.0, nullable): books, members and loans', async (t) => {
  const text = read('library-3.0.yaml');
  const { tables, warnings } = detectSchema({ openapi: text });
  t.same(
    tables.map((x) => x.name),
    ['Book', 'Member', 'Loan'],
  );
  t.match(warnings.join('\n'), /BookPage is a wrapper/);
  t.match(warnings.join('\n'), /NewBook is an input variant of Book/);
  t.match(warnings.join('\n'), /Error is an error body/);
  t.match(warnings.join('\n'), /Address has no key and is nested/);
  t.same(fieldOf(tables, 'Loan', 'bookId')?.params, { table: 'Book', field: 'id' });
  t.same(fieldOf(tables, 'Loan', 'memberId')?.params, { table: 'Member', field: 'id' });
  t.equal(fieldOf(tables, 'Member', 'firstName')?.type, 'first_name', 'names carry meaning');
  t.equal(fieldOf(tables, 'Member', 'city')?.type, 'city');
  t.equal(fieldOf(tables, 'Book', 'subtitle')?.nullable, true, '3.0 nullable');
  t.equal(fieldOf(tables, 'Member', 'address')?.type, 'object', 'a nested record stays nested');
  const checked = checkRecords(t, parse(text), 'openapi', tables, component, 150);
  t.equal(checked, 450);
});

t.test('a ride service (3.1: unions, allOf, problem details, oneOf with discriminator)', async (t) => {
  const text = read('rides-3.1.yaml');
  const { tables, warnings } = detectSchema({ openapi: text });
  t.same(
    tables.map((x) => x.name),
    ['Driver', 'Rider', 'Ride', 'Payment'],
  );
  t.match(warnings.join('\n'), /RideList is a wrapper/);
  t.match(warnings.join('\n'), /Problem is an error body/);
  t.match(warnings.join('\n'), /Ride\.pickup is guessed to refer to Driver\.driver_id/);
  t.same(fieldOf(tables, 'Ride', 'rider_id')?.params, { table: 'Rider', field: 'id' });
  t.same(fieldOf(tables, 'Ride', 'pickup')?.params, { table: 'Driver', field: 'driver_id' });
  t.same(fieldOf(tables, 'Payment', 'ride_id')?.params, { table: 'Ride', field: 'ride_id' });
  t.equal(fieldOf(tables, 'Driver', 'createdAt')?.type, 'datetime', 'allOf parts are merged');
  t.equal(fieldOf(tables, 'Rider', 'phone')?.nullable, true, 'a type union with null');
  checkRecords(t, parse(text), 'openapi', tables, component, 150);
});

t.test('a conference (3.1: patterns, string components by $ref)', async (t) => {
  const text = read('conference-3.1.yaml');
  const { tables, warnings } = detectSchema({ openapi: JSON.stringify(parse(text)) });
  t.same(
    tables.map((x) => x.name),
    ['Speaker', 'Talk', 'Ticket'],
  );
  t.match(warnings.join('\n'), /TalkLinks is a link object/);
  t.same(
    fieldOf(tables, 'Ticket', 'talkId')?.params,
    { table: 'Talk', field: 'talkId' },
    'talkId → Talk.talkId',
  );
  t.same(fieldOf(tables, 'Talk', 'speakerId')?.params, { table: 'Speaker', field: 'speakerId' });
  t.same(fieldOf(tables, 'Talk', 'talkId'), {
    name: 'talkId',
    type: 'pattern',
    params: { regex: '^TLK-[0-9]{4}$', primary_key: true },
    unique: true,
  });
  t.equal(fieldOf(tables, 'Speaker', 'photoUrls')?.params?.['of'], 'image_url');
  checkRecords(t, parse(text), 'openapi', tables, component, 150);
});

t.test('JSON Schema draft-07: the root and its definitions', async (t) => {
  const text = read('catalogue-draft07.json');
  const { tables, warnings } = detectSchema({ json_schema: text });
  t.same(
    tables.map((x) => x.name),
    ['Product', 'category'],
  );
  t.match(warnings.join('\n'), /dimensions has no key and is nested/);
  t.match(warnings.join('\n'), /product_ref holds only a key/);
  t.same(fieldOf(tables, 'Product', 'categoryId')?.params, { table: 'category', field: 'id' });
  t.equal(fieldOf(tables, 'category', 'parentId')?.type, 'ref', 'a nullable self-reference');
  checkRecords(t, JSON.parse(text), 'json_schema', tables, (name) =>
    name === 'Product' ? '' : `/definitions/${name}`,
  );
});

t.test('JSON Schema 2020-12: $defs, $anchor, recursion bounded', async (t) => {
  const text = read('org-2020-12.json');
  const { tables } = detectSchema({ json_schema: JSON.parse(text) });
  t.same(
    tables.map((x) => x.name),
    ['Employee', 'Department'],
  );
  t.same(fieldOf(tables, 'Employee', 'departmentId')?.params, { table: 'Department', field: 'id' });
  t.same(fieldOf(tables, 'Employee', 'managerId')?.params, { table: 'Employee', field: 'id' });
  t.equal(fieldOf(tables, 'Employee', 'givenName')?.type, 'first_name');
  checkRecords(t, JSON.parse(text), 'json_schema', tables, (name) => `/$defs/${name}`);
});

t.test('a schema that refers to itself from many places stays small and valid', async (t) => {
  // Every property is the whole schema again, as a meta-schema is: (properties)^depth without a budget.
  const properties: Record<string, unknown> = { id: { type: 'integer' } };
  for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'])
    properties[key] = { $ref: '#/$defs/Node' };
  properties['list'] = { type: 'array', minItems: 1, items: { $ref: '#/$defs/Node' } };
  properties['either'] = { anyOf: [{ $ref: '#/$defs/Node' }, { type: 'string' }] };
  const doc = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $defs: { Node: { type: 'object', required: ['id'], properties } },
  };
  const { tables, warnings } = detectSchema({ json_schema: doc });
  t.same(
    tables.map((x) => x.name),
    ['Node'],
  );
  t.ok(warnings.length <= 51, 'warnings are few and distinct');
  t.equal(new Set(warnings).size, warnings.length);
  t.ok(JSON.stringify(tables).length < 2_000_000, 'the detected schema stays small');
  checkRecords(t, doc as never, 'json_schema', tables, (name) => `/$defs/${name}`, 20);
});

t.test('an array of records is nested in JSON and a child table in SQL', async (t) => {
  const doc = {
    openapi: '3.1.0',
    info: { title: 'shop', version: '1' },
    paths: {},
    components: {
      schemas: {
        Order: {
          type: 'object',
          required: ['id', 'lines'],
          properties: {
            id: { type: 'integer' },
            lines: {
              type: 'array',
              minItems: 0,
              maxItems: 4,
              items: {
                type: 'object',
                required: ['sku', 'qty'],
                properties: {
                  sku: { type: 'string', pattern: '^SKU-[0-9]{4}$' },
                  qty: { type: 'integer', minimum: 1, maximum: 9 },
                },
              },
            },
          },
        },
      },
    },
  };
  const { tables } = detectSchema({ openapi: doc });
  t.equal(checkRecords(t, doc as never, 'openapi', tables, component, 100), 100, 'JSON records validate');
  const result = compile({ tables: tables.map((x) => ({ ...x, count: 100 })), locale: 'en', seed: 42 });
  if (!result.ok) throw new Error(result.error.message);
  t.same(
    outputTables(result.plan).map((o) => [o.table.name, o.table.fields.map((f) => f.name)]),
    [
      ['Order', ['id']],
      ['Order_lines', ['Order_id', 'position', 'sku', 'qty']],
    ],
  );
  const sql = scriptPrologue('postgres', result.plan);
  t.match(sql, /FOREIGN KEY \("Order_id"\) REFERENCES "Order" \("id"\)/);
  const orders = generateRecords(result.plan, 'Order', 0, 100);
  const csv = encodeChunk({
    plan: result.plan,
    table: 'Order_lines',
    start: 0,
    end: 100,
    options: { encoding: 'csv', dialect: 'postgres', jsonEscape: false },
  });
  const expected = orders
    .flatMap((o) =>
      (o['lines'] as { sku: string; qty: number }[]).map(
        (l, i) => `${String(o['id'])},${i + 1},${l.sku},${l.qty}\r\n`,
      ),
    )
    .join('');
  t.equal(csv, expected, 'the child rows are the JSON items');
});
