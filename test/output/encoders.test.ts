import t from 'tap';
import type { PlannedTable } from '../../workers/engine/index.js';
import { csvChunk, csvField, csvHeader } from '../../workers/output/csv.js';
import { jsonStringBody, writeUtf8 } from '../../workers/output/encode.js';
import { jsonChunk, jsonValue, ndjsonChunk } from '../../workers/output/json.js';
import { quoteIdentifier, quoteString, sqlChunk, sqlLiteral } from '../../workers/output/sql.js';

const table = (count: number) =>
  ({
    name: 'we"ird',
    count,
    fields: [
      { name: 'id', kind: 'integer' },
      { name: 'say', kind: 'text' },
    ],
    primaryKey: 'id',
    foreignKeys: [],
    uniques: [],
  }) as unknown as PlannedTable;

t.test('CSV follows RFC 4180', async (t) => {
  t.equal(csvField('plain'), 'plain');
  t.equal(csvField('a,b'), '"a,b"');
  t.equal(csvField('say "hi"'), '"say ""hi"""');
  t.equal(csvField('two\nlines'), '"two\nlines"');
  t.equal(csvField('cr\rhere'), '"cr\rhere"');
  t.equal(csvField(''), '""', 'empty string is quoted, to differ from NULL');
  t.equal(csvField(null), '', 'NULL is an empty field');
  t.equal(csvField(true), 'true');
  t.equal(csvField(12.5), '12.5');
  t.equal(csvField({ a: [1, ','] }), '"{""a"":[1,"",""]}"', 'JSON values are quoted as needed');
  t.equal(csvHeader(table(1)), 'id,say\r\n');
  t.equal(
    csvChunk([
      [1, 'x,y'],
      [2, null],
    ]),
    '1,"x,y"\r\n2,\r\n',
    'CRLF line ends',
  );
});

t.test('JSON values and records', async (t) => {
  t.equal(jsonValue('a"b\n\u2028'), JSON.stringify('a"b\n\u2028'));
  t.throws(() => jsonValue(Number.NaN), RangeError, 'NaN is never written as null');
  t.throws(() => csvField(Number.POSITIVE_INFINITY), RangeError, 'nor Infinity as an empty field');
  t.throws(() => sqlLiteral('postgres', 'float', Number.NEGATIVE_INFINITY), RangeError, 'nor as NULL');
  t.equal(jsonValue([1, { a: null }]), '[1,{"a":null}]');
  t.equal(
    jsonChunk(
      table(3),
      [
        [1, 'a'],
        [2, 'b'],
      ],
      0,
    ),
    '{"id":1,"say":"a"},{"id":2,"say":"b"}',
  );
  t.equal(jsonChunk(table(3), [[3, 'c']], 2), ',{"id":3,"say":"c"}', 'later chunks start with a comma');
  t.equal(ndjsonChunk(table(1), [[1, 'a']]), '{"table":"we\\"ird","record":{"id":1,"say":"a"}}\n');
  t.equal(
    JSON.parse(`"${jsonStringBody('line\r\n"q"\\')}"`),
    'line\r\n"q"\\',
    'embedding in a JSON string round-trips',
  );
});

t.test('SQL quoting per dialect', async (t) => {
  t.equal(quoteIdentifier('postgres', 'we"ird'), '"we""ird"');
  t.equal(quoteIdentifier('sqlite', 'order'), '"order"');
  t.equal(quoteIdentifier('mysql', 'a`b'), '`a``b`');
  t.equal(quoteString('postgres', "it's \\ fine"), "'it''s \\ fine'", 'backslash is literal in PostgreSQL');
  t.equal(quoteString('mysql', "it's \\ fine"), "'it''s \\\\ fine'", 'backslash is escaped in MySQL');
  t.equal(quoteString('mysql', 'nul\0here'), "'nul\\0here'");
  t.equal(quoteString('postgres', 'nul\0here'), "'nulhere'", 'PostgreSQL text cannot hold NUL');
  t.equal(sqlLiteral('postgres', 'boolean', true), 'TRUE');
  t.equal(sqlLiteral('sqlite', 'boolean', false), '0');
  t.equal(sqlLiteral('mysql', 'datetime', '2024-01-02T03:04:05.678Z'), "'2024-01-02 03:04:05.678'");
  t.equal(sqlLiteral('postgres', 'datetime', '2024-01-02T03:04:05.678Z'), "'2024-01-02T03:04:05.678Z'");
  t.equal(sqlLiteral('postgres', 'json', { a: "o'k" }), `'{"a":"o''k"}'`);
  t.equal(sqlLiteral('mysql', 'integer', null), 'NULL');
});

t.test('INSERT batches align to absolute rows, so chunking never shows', async (t) => {
  const rows = Array.from({ length: 1203 }, (_, i) => [i, `r${i}`]);
  const whole = sqlChunk('postgres', table(1203), rows, 0);
  let pieces = '';
  for (const [start, end] of [
    [0, 7],
    [7, 500],
    [500, 501],
    [501, 1203],
  ] as const) {
    pieces += sqlChunk('postgres', table(1203), rows.slice(start, end), start);
  }
  t.equal(pieces, whole);
  t.equal(whole.match(/^INSERT INTO/gm)?.length, 3, '500 + 500 + 203 rows');
  t.ok(whole.endsWith(');\n'));
});

t.test('a write that cannot hold its text fails instead of writing nothing', async (t) => {
  const buffer = Buffer.alloc(8);
  t.equal(writeUtf8(buffer, 'héllo', 0), 6, 'returns the new position');
  t.throws(() => writeUtf8(buffer, 'too long for it', 0), RangeError, 'a short write throws');
  t.throws(() => writeUtf8(buffer, 'ab', 7), RangeError, 'so does one past the end');
});
