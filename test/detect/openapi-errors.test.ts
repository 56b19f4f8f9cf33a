import { createServer } from 'node:http';
import t, { type Test } from 'tap';
import { DetectionError, detectSchema } from '../../src/detect/index.js';
import { startApp } from '../helpers/app.js';
import { openStore } from '../../src/store/index.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const record = (extra: object = {}) => ({
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer' }, ...extra },
});
const openapi = (schemas: object) => ({
  openapi: '3.1.0',
  info: { title: 'x', version: '1' },
  components: { schemas },
});

function refused(t: Test, input: Parameters<typeof detectSchema>[0], message: RegExp, name: string): void {
  try {
    detectSchema(input);
    t.fail(`${name}: accepted`);
  } catch (error) {
    t.ok(error instanceof DetectionError, `${name}: a DetectionError (400), not a crash`);
    t.match((error as Error).message, message, name);
  }
}

t.test('documents that are no spec, and refs that do not resolve, name the pointer', async (t) => {
  refused(t, { openapi: 'just: [some yaml' }, /not valid YAML or JSON \(line 1/, 'broken YAML');
  refused(t, { openapi: '42' }, /must be an OpenAPI document/, 'a scalar');
  refused(t, { openapi: { swagger: '2.0' } }, /at \/openapi: .*Swagger 2\.0 is not read/, 'Swagger 2');
  refused(t, { openapi: { openapi: '4.0.0' } }, /at \/openapi: OpenAPI 4\.0\.0 is not read/, 'OpenAPI 4');
  refused(t, { json_schema: { hello: 'world' } }, /not a JSON Schema/, 'not a schema');
  refused(t, { json_schema: openapi({}) }, /send it as `openapi`/, 'OpenAPI sent as JSON Schema');
  refused(t, { openapi: openapi({ Thing: { type: 'string' } }) }, /describes no record/, 'no record');
  refused(
    t,
    { openapi: openapi({ Book: record({ author: { $ref: '#/components/schemas/Nobody' } }) }) },
    /at \/components\/schemas\/Book\/properties\/author\/\$ref: \$ref "#\/components\/schemas\/Nobody" does not resolve/,
    'an unresolvable ref',
  );
  refused(
    t,
    { openapi: openapi({ A: { $ref: '#/components/schemas/B' }, B: { $ref: '#/components/schemas/A' } }) },
    /\$ref cycle without any schema/,
    'a cycle of bare refs',
  );
  refused(
    t,
    {
      openapi: openapi({
        Node: record({ next: { $ref: '#/components/schemas/Node' } }),
        Chain: {
          type: 'object',
          required: ['next'],
          properties: { next: { $ref: '#/components/schemas/Chain' } },
        },
      }),
    },
    /\/components\/schemas\/Chain: a recursive schema with no exit/,
    'a required recursion with no exit',
  );
  refused(
    t,
    { openapi: openapi({ Book: record({ code: { type: 'string', pattern: '([a-z' } }) }) },
    /properties\/code\/pattern: pattern .* is not a valid regular expression/,
    'an invalid pattern',
  );
  refused(
    t,
    {
      openapi: openapi({ Book: record({ secret: { type: 'string', pattern: '^(?=.*[0-9])[a-z0-9]{8}$' } }) }),
    },
    /properties\/secret\/pattern: pattern .* cannot be generated: .*/,
    'a pattern with lookahead that no realistic type passes',
  );
  refused(
    t,
    { openapi: openapi({ Book: record({ n: { type: 'integer', minimum: 5, maximum: 4 } }) }) },
    /properties\/n: no number lies within the bounds/,
    'empty bounds',
  );
});

t.test('refs to other documents are refused and never fetched', async (t) => {
  let requests = 0;
  const server = createServer((_, res) => {
    requests++;
    res.end('{"type": "object", "properties": {"id": {"type": "integer"}}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  const { port } = server.address() as { port: number };
  for (const ref of [
    `http://127.0.0.1:${port}/book.json`,
    `http://127.0.0.1:${port}/x#/a`,
    './book.yaml',
    '/etc/passwd',
    'file:///etc/passwd#/x',
  ]) {
    refused(
      t,
      { openapi: openapi({ Book: record({ author: { $ref: ref } }) }) },
      /points outside the document; only local refs .* nothing is fetched/,
      `ref ${ref}`,
    );
  }
  t.equal(requests, 0, 'no request reached the server');
});

t.test('a YAML bomb does not expand', async (t) => {
  const lines = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
  for (let i = 1; i < 12; i++)
    lines.push(
      `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10)
        .fill(`*${String.fromCharCode(96 + i)}`)
        .join(',')}]`,
    );
  refused(
    t,
    { openapi: `openapi: 3.1.0\n${lines.join('\n')}\n` },
    /cannot be read|alias|YAML/i,
    'billion laughs',
  );
});

t.test('over the body limit: 10 MB of YAML is 413 with the envelope; bad specs are 400', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mockhive-openapi-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const store = await openStore({ dataDir });
  t.teardown(() => store.close());
  const server = await startApp(t, store);
  const key = await server.key('pro');
  const yaml = `openapi: 3.1.0\ncomponents:\n  schemas:\n${'    X: {type: object}\n'.repeat(500_000)}`;
  const huge = await server.request('/api/v1/schema/detect', {
    method: 'POST',
    json: { openapi: yaml },
    key,
  });
  t.equal(huge.status, 413);
  t.equal(((await huge.json()) as { error: { code: string } }).error.code, 'PAYLOAD_TOO_LARGE');
  const bad = await server.request('/api/v1/schema/detect', {
    method: 'POST',
    json: {
      openapi: {
        openapi: '3.1.0',
        components: { schemas: { B: record({ a: { $ref: 'https://example.com/a' } }) } },
      },
    },
    key,
  });
  t.equal(bad.status, 400);
  const error = ((await bad.json()) as { error: { code: string; message: string } }).error;
  t.equal(error.code, 'VALIDATION_ERROR');
  t.match(error.message, /\/components\/schemas\/B\/properties\/a\/\$ref/);
  const good = await server.request('/api/v1/schema/detect', {
    method: 'POST',
    json: {
      openapi: openapi({
        Book: record({ title: { type: 'string' } }),
        Problem: {
          type: 'object',
          properties: {
            type: { type: 'string' },
            title: { type: 'string' },
            status: { type: 'integer' },
            detail: { type: 'string' },
          },
        },
      }),
    },
    key,
  });
  t.equal(good.status, 200);
  const body = (await good.json()) as { schema: { tables: { name: string }[] }; warnings: string[] };
  t.same(
    body.schema.tables.map((x) => x.name),
    ['Book'],
  );
  t.match(body.warnings[0], /Problem is an error body/);
});
