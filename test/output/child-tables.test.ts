/**
 * Arrays of records in CSV and SQL: a child table `<table>_<field>` after its parent, one row per
 * element with the parent's key and a 1-based position, holding exactly the elements of the JSON
 * arrays of the same seed; the same bytes in any chunking; a script that SQLite runs with its
 * foreign keys enforced.
 */
import SQLite from 'better-sqlite3';
import t from 'tap';
import { outputOrder, outputTable, outputTables } from '../../workers/engine/child-tables.js';
import { compile, type GenerationPlan, generateRecords, planSize } from '../../workers/engine/index.js';
import { encodeChunk, encodeChunkBytes } from '../../workers/output/encode.js';
import type { EncodeOptions, SqlDialect } from '../../workers/output/options.js';
import { sqlNameIssues } from '../../workers/output/sql-names.js';
import { scriptEpilogue, scriptPrologue } from '../../workers/output/sql.js';
import { csvHeader } from '../../workers/output/csv.js';

const LINE = {
  type: 'object',
  params: {
    properties: {
      sku: { type: 'pattern', params: { regex: 'SKU-[0-9]{5}' } },
      qty: { type: 'integer', params: { min: 1, max: 9 } },
      note: { type: 'sentence', nullable: true, null_rate: 0.5 },
      options: {
        type: 'array',
        params: { of: 'object', min: 0, max: 2, params: { properties: { k: { type: 'word' } } } },
      },
      position: { type: 'integer', params: { min: 100, max: 200 } },
    },
  },
};

function plan(count = 120, extra: Record<string, unknown>[] = []): GenerationPlan {
  const result = compile({
    seed: 7,
    locale: 'en',
    tables: [
      {
        name: 'customers',
        count: 30,
        fields: [
          { name: 'id', type: 'uuid' },
          { name: 'name', type: 'full_name' },
        ],
      },
      {
        name: 'orders',
        count,
        primary_key: 'id',
        fields: [
          { name: 'id', type: 'sequence' },
          { name: 'customer_id', type: 'ref', params: { table: 'customers' } },
          { name: 'lines', type: 'array', params: { of: 'object', min: 0, max: 4, params: LINE.params } },
          { name: 'total', type: 'integer', params: { min: 1, max: 500 } },
        ],
      },
      ...extra,
    ],
  } as never);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.plan;
}

/** The JSON elements of every order, as the child table should hold them. */
function expectedLines(p: GenerationPlan): unknown[][] {
  return generateRecords(p, 'orders', 0, p.tables[1]!.count).flatMap((order) =>
    (order['lines'] as Record<string, unknown>[]).map((line, i) => [
      order['id'],
      i + 1,
      line['sku'],
      line['qty'],
      line['note'],
      line['options'],
      line['position'],
    ]),
  );
}

function chunks(p: GenerationPlan, table: string, options: EncodeOptions, size: number): string {
  const count = p.tables[outputTable(p, table).source]!.count;
  let out = '';
  for (let start = 0; start < count; start += size)
    out += Buffer.from(
      encodeChunkBytes({ plan: p, table, start, end: Math.min(count, start + size), options }),
    ).toString();
  return out;
}

t.test('an array of records is a child table after its parent', async (t) => {
  const p = plan();
  t.same(
    outputTables(p).map((o) => o.table.name),
    ['customers', 'orders', 'orders_lines'],
  );
  t.same(outputOrder(p), ['customers', 'orders', 'orders_lines']);
  const child = outputTable(p, 'orders_lines').table;
  t.same(
    child.fields.map((f) => f.name),
    ['orders_id', 'position', 'sku', 'qty', 'note', 'options', 'item_position'],
    'the link, the position, then the element properties (a clash takes item_)',
  );
  t.same(child.foreignKeys, [{ field: 'orders_id', table: 'orders', references: 'id' }]);
  t.equal(child.fields[5]!.kind, 'json', 'an array of records inside an element stays a JSON column');
  t.same(
    outputTable(p, 'orders').table.fields.map((f) => f.name),
    ['id', 'customer_id', 'total'],
    'the parent leaves the array out',
  );
  t.same(sqlNameIssues(p, 'postgres'), []);
  t.ok(planSize(p).total > 0);
});

t.test('CSV child rows are the JSON elements, in any chunking', async (t) => {
  const p = plan();
  const options: EncodeOptions = { encoding: 'csv', dialect: 'postgres', jsonEscape: false };
  const whole = chunks(p, 'orders_lines', options, 120);
  t.equal(chunks(p, 'orders_lines', options, 1), whole, 'one row a chunk');
  t.equal(chunks(p, 'orders_lines', options, 7), whole, 'seven rows a chunk');
  t.equal(
    encodeChunk({ plan: p, table: 'orders_lines', start: 0, end: 120, options }),
    whole,
    'reference encoder',
  );
  t.equal(
    chunks(p, 'orders', options, 13),
    encodeChunk({ plan: p, table: 'orders', start: 0, end: 120, options }),
  );
  t.equal(
    csvHeader(outputTable(p, 'orders_lines').table),
    'orders_id,position,sku,qty,note,options,item_position\r\n',
  );
  const expected = expectedLines(p);
  const lines = whole.split('\r\n').filter((l) => l !== '');
  t.equal(lines.length, expected.length, 'one line per element');
  const orders = generateRecords(p, 'orders', 0, 120);
  t.ok(
    orders.some((o) => (o['lines'] as unknown[]).length === 0),
    'some orders have no lines (min 0)',
  );
  const withLines = new Set(
    orders.filter((o) => (o['lines'] as unknown[]).length > 0).map((o) => String(o['id'])),
  );
  t.same(new Set(lines.map((l) => l.split(',')[0])), withLines, 'an order without lines has no child row');
  for (const [i, e] of expected.entries()) {
    const cells = lines[i]!.split(',');
    if (
      cells[0] !== String(e[0]) ||
      cells[1] !== String(e[1]) ||
      cells[2] !== e[2] ||
      cells[3] !== String(e[3])
    )
      t.fail(`line ${i}: ${lines[i]} is not ${JSON.stringify(e)}`);
  }
});

async function runSql(p: GenerationPlan, dialect: SqlDialect): Promise<string> {
  const options: EncodeOptions = { encoding: 'sql', dialect, jsonEscape: false };
  let script = scriptPrologue(dialect, p);
  for (const name of outputOrder(p)) script += chunks(p, name, options, 11);
  return script + scriptEpilogue();
}

t.test('SQL: the child table with its foreign key holds the JSON elements', async (t) => {
  const p = plan(1200);
  const script = await runSql(p, 'sqlite');
  t.match(script, /FOREIGN KEY \("orders_id"\) REFERENCES "orders" \("id"\)/);
  t.match(script, /UNIQUE \("orders_id", "position"\)/);
  const options: EncodeOptions = { encoding: 'sql', dialect: 'sqlite', jsonEscape: false };
  t.equal(
    chunks(p, 'orders_lines', options, 1200),
    encodeChunk({ plan: p, table: 'orders_lines', start: 0, end: 1200, options }),
    'the fast encoder writes the reference bytes',
  );
  const db = new SQLite(':memory:');
  t.teardown(() => db.close());
  db.exec(script);
  t.same(db.pragma('foreign_key_check'), [], 'no foreign key violations');
  const rows = db
    .prepare(
      'SELECT orders_id, position, sku, qty, note, options, item_position FROM orders_lines ORDER BY orders_id, position',
    )
    .raw()
    .all() as unknown[][];
  const expected = expectedLines(p).map((e) => [
    Number(e[0]),
    e[1],
    e[2],
    e[3],
    e[4],
    JSON.stringify(e[5]),
    e[6],
  ]);
  t.equal(rows.length, expected.length);
  t.same(rows, expected, 'the same values as the JSON arrays');
  t.notOk(
    (db.prepare("SELECT name FROM pragma_table_info('orders') WHERE name = 'lines'").all() as unknown[])
      .length,
    'the parent has no lines column',
  );
});

t.test('arrays of records stay JSON where there is no key or no record', async (t) => {
  const p = plan(10, [
    {
      name: 'logs',
      count: 5,
      fields: [
        { name: 'entries', type: 'array', params: { of: 'object', min: 1, max: 2, params: LINE.params } },
        { name: 'tags', type: 'array', params: { of: 'word' } },
      ],
    },
  ]);
  t.same(
    outputTables(p).map((o) => o.table.name),
    ['customers', 'orders', 'orders_lines', 'logs'],
    'a table without a key keeps its array of records as JSON',
  );
  t.equal(outputTable(p, 'logs').columns, null);
});

t.test("a child table's name must fit the dialect too", async (t) => {
  const long = 'o'.repeat(58);
  const result = compile({
    seed: 1,
    locale: 'en',
    tables: [
      {
        name: long,
        count: 3,
        fields: [
          { name: 'id', type: 'sequence' },
          { name: 'lines', type: 'array', params: { of: 'object', params: LINE.params } },
        ],
      },
    ],
  } as never);
  if (!result.ok) throw new Error(result.error.message);
  t.same(sqlNameIssues(result.plan, 'sqlite'), [], 'SQLite has no length limit');
  const issues = sqlNameIssues(result.plan, 'postgres');
  t.equal(issues.length, 1);
  t.equal(issues[0]!.field, 'tables[0].fields[1].name', 'the array field is named');
  t.match(issues[0]!.message, /child table name/);
});
