/**
 * Unknown params keys are served and named in warnings on every channel of the API: `meta.warnings`
 * of the JSON envelope (sync and a job's), and `X-Meta-Warnings` on raw streams.
 */
import t from 'tap';
import { startApp } from '../../helpers/app.js';
import { submitJob, waitForJob } from '../../helpers/jobs.js';
import { embeddedStore } from '../../helpers/stores.js';

const TYPO = {
  tables: [
    {
      name: 'users',
      count: 3,
      fields: [
        { name: 'email', type: 'email', params: { domian: 'x.com' } },
        { name: 'age', type: 'integer', params: { min: 20, max: 30, grö: 1 } },
      ],
    },
  ],
  seed: 7,
};
const WARNINGS = [
  'tables[0].fields[0].params.domian: unknown key, ignored; did you mean domain?',
  'tables[0].fields[1].params.grö: unknown key, ignored',
];

t.test('the JSON envelope lists them in meta.warnings; without any there is no key', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const key = await server.key('scale');
  const response = await server.request('/api/v1/generate', { key, json: TYPO });
  t.equal(response.status, 200);
  const body = (await response.json()) as {
    data: { users: { age: number }[] };
    meta: Record<string, unknown>;
  };
  t.same(body.meta.warnings, WARNINGS);
  t.ok(
    body.data.users.every((u) => u.age >= 20 && u.age <= 30),
    'known keys still hold',
  );
  const clean = await server.request('/api/v1/generate', {
    key,
    json: { tables: [{ name: 'u', count: 1, fields: [{ name: 'e', type: 'email' }] }] },
  });
  t.notOk('warnings' in ((await clean.json()) as { meta: object }).meta);
  t.notOk(clean.headers.has('X-Meta-Warnings'));

  const job = await waitForJob(server, key, (await submitJob(server, key, TYPO)).job_id);
  t.equal(job.status, 'completed');
  t.same(job.meta?.warnings, WARNINGS, "a job's meta carries them too");
});

t.test('raw streams carry them in X-Meta-Warnings: a JSON array, ASCII-escaped', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const key = await server.key('scale');
  for (const accept of ['application/x-ndjson', 'text/csv', 'application/sql']) {
    const response = await server.request('/api/v1/generate', {
      key,
      json: TYPO,
      headers: { Accept: accept },
    });
    t.equal(response.status, 200, accept);
    const header = response.headers.get('X-Meta-Warnings') ?? '';
    t.match(header, /^[\x20-\x7e]+$/, `${accept}: printable ASCII`);
    t.match(header, /gr\\u00f6/);
    t.same(JSON.parse(header), WARNINGS, `${accept}: the warnings`);
    await response.arrayBuffer();
  }
});
