/**
 * The `pattern` type over HTTP: listed in the catalogue, values that match, the same bytes whatever
 * the number of generation threads, and a 400 SCHEMA_ERROR naming the params path for every regex it
 * refuses (never a 500). One store: the database does not matter here.
 */
import t from 'tap';
import { createPool } from '../../../src/generation/pool.js';
import { startApp } from '../../helpers/app.js';
import { embeddedStore } from '../../helpers/stores.js';

const CODE = '^[A-Z]{3}-\\d{4}$';
const SLUG = '^[a-z0-9]+(-[a-z0-9]+)*$';

function tables(count: number, fields: unknown[]) {
  return [{ name: 'tickets', count, fields }];
}

type Envelope = { error: { code: string; details?: { field: string; message: string }[] } };

t.test('listed in GET /api/v1/types, generated through POST /api/v1/generate', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const key = await server.key('pro');
  const types = (await (await server.request('/api/v1/types', { key })).json()) as unknown;
  t.match(JSON.stringify(types), /"pattern"/, 'the catalogue lists pattern');

  const response = await server.request('/api/v1/generate', {
    key,
    json: {
      seed: 3,
      tables: tables(200, [
        { name: 'code', type: 'pattern', unique: true, params: { regex: CODE } },
        { name: 'slug', type: 'pattern', params: { regex: SLUG, min_length: 5, max_length: 12 } },
      ]),
    },
  });
  t.equal(response.status, 200);
  const rows = ((await response.json()) as { data: { tickets: { code: string; slug: string }[] } }).data
    .tickets;
  t.equal(rows.length, 200);
  t.ok(
    rows.every((r) => new RegExp(CODE).test(r.code)),
    'codes match',
  );
  t.equal(new Set(rows.map((r) => r.code)).size, 200, 'unique codes are distinct');
  t.ok(
    rows.every((r) => new RegExp(SLUG).test(r.slug) && r.slug.length >= 5 && r.slug.length <= 12),
    'slugs match and keep their length bounds',
  );
});

t.test('the same bytes on the event loop and on two threads, in chunks', async (t) => {
  const store = await embeddedStore(t);
  const threads = createPool(2);
  t.teardown(() => threads.close());
  const inline = await startApp(t, store);
  const pooled = await startApp(t, store, { pool: threads });
  const json = {
    seed: 11,
    tables: tables(12_000, [
      { name: 'code', type: 'pattern', params: { regex: CODE } },
      { name: 'mail', type: 'pattern', params: { regex: '^[a-z]{2,8}\\.[a-z]{2,8}@(mail|post)\\.test$' } },
    ]),
  };
  const bodies = await Promise.all(
    [inline, pooled].map(async (server) => {
      const response = await server.request('/api/v1/generate', {
        key: await server.key('scale'),
        json,
        headers: { Accept: 'text/csv' },
      });
      t.equal(response.status, 200);
      return response.text();
    }),
  );
  t.ok(bodies[0]!.length > 200_000, 'several chunks of rows');
  t.equal(bodies[1], bodies[0], 'the pool gives the inline bytes');
});

t.test('regexes it cannot honour are a 400 SCHEMA_ERROR with the params path', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const key = await server.key('pro');
  const cases: [Record<string, unknown>, string, RegExp][] = [
    [{ regex: '[a-z' }, 'regex', /not a valid regular expression/],
    [{ regex: '(?<=a)b' }, 'regex', /lookbehind/],
    [{ regex: '(a)\\1' }, 'regex', /backreference/],
    [{ regex: '^(?=.*\\d)\\w{8}$' }, 'regex', /lookahead/],
    [{ regex: '\\bx' }, 'regex', /word boundary/],
    [{ regex: '^\\p{Lu}$' }, 'regex', /property escape/],
    [{ regex: '^$' }, 'regex', /empty string/],
    [{ regex: '(x{999}){999}' }, 'regex', /at most/],
    [{}, 'regex', /required/],
    [{ regex: '^[a-z]{2}$', min_length: 3 }, 'min_length', /no value/],
  ];
  for (const [params, path, message] of cases) {
    const response = await server.request('/api/v1/generate', {
      key,
      json: { tables: tables(3, [{ name: 'code', type: 'pattern', params }]) },
    });
    const body = (await response.json()) as Envelope;
    const name = JSON.stringify(params);
    t.equal(response.status, 400, `${name}: 400`);
    t.equal(body.error.code, 'SCHEMA_ERROR', `${name}: SCHEMA_ERROR`);
    t.match(
      body.error.details,
      [{ field: `tables[0].fields[0].params.${path}`, message }],
      `${name}: details`,
    );
  }
  const unique = await server.request('/api/v1/generate', {
    key,
    json: { tables: tables(3, [{ name: 'slug', type: 'pattern', unique: true, params: { regex: SLUG } }]) },
  });
  t.equal(unique.status, 400, 'unique on a regex of variable shape is refused, not looped on');
  t.match(((await unique.json()) as Envelope).error.details, [{ field: 'tables[0].fields[0].unique' }]);
});
