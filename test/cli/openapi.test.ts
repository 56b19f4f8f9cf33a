import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import t from 'tap';
import { UsageError } from '../../src/cli/errors.js';
import { type BodyIo, inputOptions, requestBody } from '../../src/cli/input.js';
import { PassThrough } from 'node:stream';

/** No stdin; stderr kept for the warnings. */
const io = (): BodyIo => ({ stdin: new PassThrough().end(), stderr: new PassThrough() });

const spec = (file: string): string => fileURLToPath(new URL(`../fixtures/specs/${file}`, import.meta.url));

t.test('--openapi and --json-schema read a spec into the tables of generate and seed', async (t) => {
  const program = inputOptions(new Command().exitOverride()).action(() => undefined);
  const parsed = program.parse(['--openapi', spec('library-3.0.yaml'), '--count', '7'], { from: 'user' });
  const body = await requestBody({ ...(parsed.opts() as { count: string[] }), quiet: true }, io());
  const tables = body['tables'] as { name: string; count: number }[];
  t.same(
    tables.map((x) => [x.name, x.count]),
    [
      ['Book', 7],
      ['Member', 7],
      ['Loan', 7],
    ],
  );
  const json = await requestBody({ jsonSchema: spec('org-2020-12.json'), count: [], quiet: true }, io());
  t.same(
    (json['tables'] as { name: string }[]).map((x) => x.name),
    ['Employee', 'Department'],
  );
});

t.test('a bad spec or two inputs are usage errors', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'mockhive-openapi-cli-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const bad = join(dir, 'bad.yaml');
  writeFileSync(
    bad,
    'openapi: 3.1.0\ncomponents: {schemas: {A: {type: object, properties: {b: {$ref: "other.yaml"}}}}}\n',
  );
  await t.rejects(requestBody({ openapi: bad, count: [] }, io()), UsageError);
  await t.rejects(requestBody({ openapi: bad, count: [] }, io()), /points outside the document/);
  await t.rejects(
    requestBody({ openapi: join(dir, 'missing.yaml'), count: [] }, io()),
    /Cannot read OpenAPI document/,
  );
  await t.rejects(
    requestBody({ openapi: bad, template: 'blog', count: [] }, io()),
    /exactly one of --request, --template, --schema, --openapi, --json-schema or --prompt/,
  );
});
