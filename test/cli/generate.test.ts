import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import t from 'tap';
import { startApp } from '../helpers/app.js';
import { embeddedStore } from '../helpers/stores.js';
import { cli as run } from '../helpers/cli.js';

/** Runs `mockhive …args` in process (inline generation: no threads to start); its exit code and output. */
const cli = (...args: string[]) => run(args);
/** A file that is not JSON. */
const NOT_JSON = new URL(import.meta.url).pathname;

const SHOP = { template: 'ecommerce', scale: 0.2, seed: 42 };

t.test('generate writes the bytes the API returns for the same request and seed', async (t) => {
  const store = await embeddedStore(t);
  const server = await startApp(t, store);
  const key = await server.key('internal');
  const api = async (body: object, accept: string, query = '') => {
    const response = await server.request(`/api/v1/generate${query}`, {
      key,
      json: body,
      headers: { Accept: accept },
    });
    t.equal(response.status, 200);
    return response.text();
  };
  const args = ['generate', '--template', 'ecommerce', '--scale', '0.2', '--seed', '42', '--quiet'];

  const ndjson = await cli(...args, '--format', 'ndjson');
  t.equal(ndjson.code, 0, ndjson.stderr);
  t.equal(ndjson.stdout, await api(SHOP, 'application/x-ndjson'), 'ndjson');
  const sql = await cli(...args, '--format', 'sql', '--dialect', 'mysql');
  t.equal(sql.stdout, await api({ ...SHOP, sql_dialect: 'mysql' }, 'application/sql'), 'sql, mysql');
  const csv = await cli(...args, '--format', 'csv', '--table', 'orders');
  t.equal(csv.stdout, await api(SHOP, 'text/csv', '?table=orders'), 'csv of one table');

  const json = await cli(...args);
  const fromApi = JSON.parse(await api(SHOP, 'application/json')) as { meta: object };
  const fromCli = JSON.parse(json.stdout) as { meta: object };
  const timeless = (body: { meta: object }) => ({ ...body, meta: { ...body.meta, generation_time_ms: 0 } });
  t.same(timeless(fromCli), timeless(fromApi), 'the JSON envelope, but for the generation time');

  const request = join(mkdtempSync(join(tmpdir(), 'mockhive-cli-')), 'body.json');
  t.teardown(() => rmSync(join(request, '..'), { recursive: true, force: true }));
  writeFileSync(request, JSON.stringify({ ...SHOP, format: 'sql', sql_dialect: 'sqlite' }));
  const fromRequest = await cli('generate', '--request', request, '--quiet');
  t.equal(
    fromRequest.stdout,
    await api({ ...SHOP, sql_dialect: 'sqlite' }, 'application/sql'),
    '--request, its format and dialect',
  );
  const fromStdin = await run(['generate', '--request', '-', '--quiet'], {
    stdin: JSON.stringify({ ...SHOP, format: 'sql', sql_dialect: 'sqlite' }),
  });
  t.equal(fromStdin.stdout, fromRequest.stdout, '--request - reads the body from stdin');
});

t.test('generate --out writes one gzipped CSV per table; --count overrides counts', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'mockhive-cli-out-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  // The blog template, 20 rows a table but 7 posts, as CSV: written to files, then one table to stdout.
  const blog = ['generate', '--template', 'blog', '--seed', '5', '--count', '20', '--count', 'posts=7'];
  const result = await cli(...blog, '--format', 'csv', '--out', dir, '--gzip');
  t.equal(result.code, 0, result.stderr);
  t.match(
    result.stderr,
    /records \(authors, posts, comments, tags, post_tags\) in [\d.]+ ms, [\d,]+ records\/s, seed 5/,
  );
  t.same(readdirSync(dir).sort(), [
    'authors.csv.gz',
    'comments.csv.gz',
    'post_tags.csv.gz',
    'posts.csv.gz',
    'tags.csv.gz',
  ]);
  const counts = { authors: 20, posts: 7, comments: 20, tags: 20, post_tags: 20 };
  for (const [name, count] of Object.entries(counts)) {
    const text = gunzipSync(readFileSync(join(dir, `${name}.csv.gz`))).toString();
    t.equal(text.trimEnd().split('\r\n').length, count + 1, `${name}: header and ${count} rows`);
  }
  const expanded = await cli(...blog, '--format', 'csv', '--table', 'posts', '--quiet');
  const posts = gunzipSync(readFileSync(join(dir, 'posts.csv.gz'))).toString();
  t.equal(expanded.stdout, posts, 'a table to stdout = its file');
});

t.test('generate refuses bad calls with exit code 2 and a reason', async (t) => {
  const cases: [string[], RegExp][] = [
    [['generate'], /exactly one of --request, --template, --schema, --openapi, --json-schema or --prompt/],
    [['generate', '--template', 'blog', '--prompt', 'users'], /exactly one of/],
    [['generate', '--template', 'nope'], /template/],
    [['generate', '--template', 'blog', '--format', 'csv'], /CSV to stdout is one table: add --table/],
    [['generate', '--template', 'blog', '--format', 'xml'], /Allowed choices are json, csv, sql, ndjson/],
    [['generate', '--template', 'blog', '--seed', 'abc'], /--seed takes a whole number/],
    [['generate', '--template', 'blog', '--count', 'nope=3'], /no table nope/],
    [['generate', '--schema', '/nonexistent/tables.json'], /Cannot read schema/],
    [['generate', '--schema', NOT_JSON], /is not JSON/],
    [['generate', '--prompt', 'users', '--count', '3'], /--count does not apply to --prompt/],
    [['generate', '--template', 'blog', '--count', '0'], /count/],
  ];
  for (const [args, message] of cases) {
    const result = await cli(...args);
    t.equal(result.code, 2, `${args.join(' ')}: exit 2`);
    t.match(result.stderr, message, `${args.join(' ')}: says why`);
  }
  const help = await cli('generate', '--help');
  t.equal(help.code, 0);
  t.match(help.stdout, /Examples:/);
});

t.test('generate prints the request warnings on stderr, unless --quiet', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'mockhive-cli-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const schema = join(dir, 'tables.json');
  writeFileSync(
    schema,
    JSON.stringify([{ name: 'u', count: 2, fields: [{ name: 'n', type: 'integer', params: { mni: 3 } }] }]),
  );
  const loud = await cli('generate', '--schema', schema, '--seed', '1', '--format', 'ndjson');
  t.equal(loud.code, 0, loud.stderr);
  t.match(
    loud.stderr,
    'mockhive: warning: tables[0].fields[0].params.mni: unknown key, ignored; did you mean min?\n',
  );
  t.equal(loud.stdout.trim().split('\n').length, 2, 'the data is written all the same');
  const quiet = await cli('generate', '--schema', schema, '--seed', '1', '--format', 'ndjson', '--quiet');
  t.equal(quiet.stderr, '');
});
