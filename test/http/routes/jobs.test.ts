import { existsSync, readdirSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, crc32, gunzipSync, inflateRawSync } from 'node:zlib';
import t from 'tap';
import { GZIP_HEADER } from '../../../src/jobs/gzip-stream.js';
import { startApp } from '../../helpers/app.js';
import { ManualClock } from '../../helpers/clock.js';
import { submitJob, waitForJob } from '../../helpers/jobs.js';
import { forEachStore } from '../../helpers/stores.js';

const SHOP = { template: 'ecommerce', seed: 42, scale: 0.5 };

/** The sync response to `body` with `accept`, as text. */
async function sync(
  server: Awaited<ReturnType<typeof startApp>>,
  key: string,
  body: object,
  accept = 'application/json',
  path = '',
) {
  const response = await server.request(`/api/v1/generate${path}`, {
    key,
    json: body,
    headers: { Accept: accept },
  });
  if (response.status !== 200) throw new Error(`sync: ${response.status} ${await response.text()}`);
  return response.text();
}

t.test('a job gives the same data as the sync response, in every format and shape', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startApp(t, store);
    const key = await server.key('scale');
    for (const format of ['json', 'csv', 'sql'] as const) {
      const body = { ...SHOP, format };
      const accepted = await submitJob(server, key, body);
      t.equal(accepted.status, 'pending');
      t.equal(accepted.poll_url, `/api/v1/jobs/${accepted.job_id}`);
      const expected = JSON.parse(await sync(server, key, body)) as Record<string, unknown>;
      t.equal(accepted.records_total, (expected.meta as { total_records: number }).total_records);

      const job = await waitForJob(server, key, accepted.job_id);
      t.equal(job.status, 'completed', `${format}: completed`);
      t.ok(job.started_at && job.completed_at && job.started_at <= job.completed_at, `${format}: times`);
      if (format === 'sql') t.equal(job.sql, expected.sql, 'sql: the script of the sync response');
      else t.same(job.data, expected.data, `${format}: data as in the sync response`);

      // The envelope download is the sync response but for the generation time.
      const envelope = await server.request(`/api/v1/jobs/${accepted.job_id}/result`, { key });
      t.equal(envelope.headers.get('content-type'), 'application/json; charset=utf-8');
      const parsed = (await envelope.json()) as Record<string, unknown>;
      const strip = (m: unknown) => ({ ...(m as object), generation_time_ms: 0 });
      t.same(
        { ...parsed, meta: strip(parsed.meta) },
        { ...expected, meta: strip(expected.meta) },
        `${format}: envelope`,
      );
    }
  });
});

t.test('raw results are byte-identical to the sync raw streams, gzipped on request', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startApp(t, store);
    const key = await server.key('scale');
    const cases = [
      { format: 'json', accept: 'application/x-ndjson', query: '' },
      { format: 'csv', accept: 'text/csv', query: '?table=orders' },
      { format: 'sql', accept: 'application/sql', query: '' },
    ] as const;
    for (const { format, accept, query } of cases) {
      const body = { ...SHOP, format, sql_dialect: 'mysql' };
      const { job_id } = await submitJob(server, key, body);
      await waitForJob(server, key, job_id);
      const expected = await sync(server, key, body, accept, query);
      const plain = await server.request(`/api/v1/jobs/${job_id}/result${query}`, {
        key,
        headers: { Accept: accept, 'Accept-Encoding': 'identity' },
      });
      t.equal(plain.headers.get('content-encoding'), null);
      t.equal(await plain.text(), expected, `${format}: raw bytes`);
      const gzipped = await server.request(`/api/v1/jobs/${job_id}/result${query}`, {
        key,
        headers: { Accept: accept, 'Accept-Encoding': 'gzip' },
      });
      t.equal(gzipped.headers.get('content-encoding'), 'gzip');
      t.equal(await gzipped.text(), expected, `${format}: gzipped, same bytes once inflated`);
      const brotli = await server.request(`/api/v1/jobs/${job_id}/result${query}`, {
        key,
        headers: { Accept: accept, 'Accept-Encoding': 'br' },
      });
      t.equal(brotli.headers.get('content-encoding'), 'br');
      t.equal(await brotli.text(), expected, `${format}: Brotli, same bytes once decompressed`);
      const wrong = await server.request(`/api/v1/jobs/${job_id}/result`, {
        key,
        headers: { Accept: format === 'csv' ? 'application/sql' : 'text/csv' },
      });
      t.equal(wrong.status, 406, `${format}: another raw type is 406`);
    }
  });
});

t.test('refused requests count nothing; accepted ones reserve their records', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startApp(t, store);
    const scale = await server.key('scale');
    const used = async (key: string) =>
      ((await (await server.request('/api/v1/usage', { key })).json()) as { daily_used: number }).daily_used;
    for (const tier of ['free', 'pro'] as const) {
      const response = await server.request('/api/v1/generate/async', {
        key: await server.key(tier),
        json: SHOP,
      });
      t.equal(response.status, 403, `${tier}: 403`);
      t.equal(
        ((await response.json()) as { error: { code: string } }).error.code,
        'FEATURE_REQUIRES_UPGRADE',
      );
    }
    const bad = [
      [{}, 400, 'VALIDATION_ERROR'],
      [{ template: 'nope' }, 422, 'VALIDATION_ERROR'],
      [
        { tables: [{ name: 't', count: 1, fields: [{ name: 'x', type: 'ref', params: { table: 'u' } }] }] },
        400,
        'SCHEMA_ERROR',
      ],
      [
        { tables: [{ name: 't', count: 1_000_001, fields: [{ name: 'x', type: 'integer' }] }] },
        429,
        'RATE_LIMIT_EXCEEDED',
      ],
    ] as const;
    for (const [body, status, code] of bad) {
      const response = await server.request('/api/v1/generate/async', { key: scale, json: body });
      t.equal(response.status, status, `${JSON.stringify(body).slice(0, 60)}: ${status}`);
      t.equal(((await response.json()) as { error: { code: string } }).error.code, code);
    }
    const tooBig = await server.request('/api/v1/generate/async', {
      key: scale,
      body: JSON.stringify({ prompt: 'x'.repeat(6 << 20) }),
      headers: { 'Content-Type': 'application/json' },
      method: 'POST',
    });
    t.equal(tooBig.status, 413, 'a body over 5 MiB is 413');
    t.equal(await used(scale), 0, 'nothing counted');
    const accepted = await submitJob(server, scale, SHOP);
    t.equal(await used(scale), accepted.records_total, 'the records are counted when accepted');
    await waitForJob(server, scale, accepted.job_id);
  });
});

t.test('only the owner sees a job; other ids are 404', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startApp(t, store);
    const owner = await server.key('scale');
    const other = await server.key('scale');
    const { job_id } = await submitJob(server, owner, SHOP);
    await waitForJob(server, owner, job_id);
    for (const [key, id, why] of [
      [other, job_id, 'another account'],
      [owner, '00000000-0000-4000-8000-000000000000', 'unknown'],
      [owner, 'not-a-uuid', 'malformed'],
      [owner, `${job_id}'--`, 'injection-shaped'],
    ] as const) {
      for (const path of [
        `/api/v1/jobs/${encodeURIComponent(id)}`,
        `/api/v1/jobs/${encodeURIComponent(id)}/result`,
      ]) {
        const response = await server.request(path, { key });
        t.equal(response.status, 404, `${why}: ${path.endsWith('result') ? 'result' : 'job'} 404`);
        t.equal(((await response.json()) as { error: { code: string } }).error.code, 'NOT_FOUND');
      }
    }
    const noKey = await server.request(`/api/v1/jobs/${job_id}`);
    t.equal(noKey.status, 401);
    const pro = await server.request(`/api/v1/jobs/${job_id}`, { key: await server.key('pro') });
    t.equal(pro.status, 403, 'a pro key cannot poll jobs');
  });
});

t.test('a job waits while no instance runs parts; its result is 409 until it completes', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startApp(t, store, { env: { JOB_CONCURRENCY: '0' } });
    const key = await server.key('scale');
    const { job_id } = await submitJob(server, key, SHOP);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const job = (await (await server.request(`/api/v1/jobs/${job_id}`, { key })).json()) as Record<
      string,
      unknown
    >;
    t.equal(job.status, 'pending');
    t.equal(job.data, undefined, 'no data before completion');
    const result = await server.request(`/api/v1/jobs/${job_id}/result`, { key });
    t.equal(result.status, 409);
    t.equal(((await result.json()) as { error: { code: string } }).error.code, 'JOB_NOT_READY');
  });
});

t.test('a job processing too long fails with JOB_TIMEOUT; results expire after the retention', async (t) => {
  forEachStore(t, async (t, store, factory) => {
    const clock = new ManualClock(Date.now());
    const server = await startApp(t, store, { clock, env: { JOB_CONCURRENCY: '0', JOB_TIMEOUT_S: '300' } });
    const key = await server.key('scale');
    const stuck = await submitJob(server, key, SHOP);
    // As an instance does when it starts a part, then dies without a retry getting far.
    await store.db.updateTable('jobs').set({ status: 'processing', started_at: clock.now() }).execute();
    clock.advance(299_000);
    await server.background.jobs.sweep();
    t.equal(
      ((await (await server.request(`/api/v1/jobs/${stuck.job_id}`, { key })).json()) as { status: string })
        .status,
      'processing',
    );
    clock.advance(2_000);
    await server.background.jobs.sweep();
    const failed = (await (await server.request(`/api/v1/jobs/${stuck.job_id}`, { key })).json()) as {
      status: string;
      error: { code: string; message: string };
      failure_reason: string;
    };
    t.equal(failed.status, 'failed');
    t.equal(failed.error.code, 'JOB_TIMEOUT');
    t.match(failed.error.message, /300 seconds/);
    t.equal(
      failed.failure_reason,
      failed.error.message,
      'failure_reason: the message, as the hosted job has it',
    );

    // Retention: 7 days after it ended, the job and its files are gone.
    clock.advance(7 * 86_400_000 - 1000);
    await server.background.jobs.sweep();
    t.equal(
      (await server.request(`/api/v1/jobs/${stuck.job_id}`, { key })).status,
      200,
      'kept just under 7 days',
    );
    clock.advance(2000);
    await server.background.jobs.sweep();
    t.equal((await server.request(`/api/v1/jobs/${stuck.job_id}`, { key })).status, 404, 'then 404');
    const parts = await store.db
      .selectFrom('job_parts')
      .select('seq')
      .where('job_id', '=', stuck.job_id)
      .execute();
    t.equal(parts.length, 0, 'its parts are deleted');
    if (factory.kind === 'sqlite') {
      const dir = join(factory.options.dataDir, 'jobs');
      t.notOk(existsSync(join(dir, stuck.job_id)), 'its files are deleted');
      if (existsSync(dir)) t.same(readdirSync(dir), []);
    }
  });
});

t.test('a job writes the child tables of arrays of records as the sync response does', async (t) => {
  const body = {
    seed: 3,
    tables: [
      {
        name: 'orders',
        count: 300,
        fields: [
          { name: 'id', type: 'sequence' },
          {
            name: 'lines',
            type: 'array',
            params: { of: 'object', min: 0, max: 3, params: { properties: { sku: { type: 'word' } } } },
          },
        ],
      },
    ],
  };
  forEachStore(t, async (t, store) => {
    const server = await startApp(t, store);
    const key = await server.key('scale');
    for (const format of ['csv', 'sql'] as const) {
      const { job_id } = await submitJob(server, key, { ...body, format });
      const job = await waitForJob(server, key, job_id);
      const expected = JSON.parse(await sync(server, key, { ...body, format })) as Record<string, unknown>;
      if (format === 'sql') {
        t.equal(job.sql, expected.sql, 'sql: the script of the sync response');
        t.match(job.sql, /CREATE TABLE IF NOT EXISTS "orders_lines"/);
      } else {
        t.same(
          Object.keys(job.data as object),
          ['orders', 'orders_lines'],
          'csv: the child table after its parent',
        );
        t.same(job.data, expected.data, 'csv: data as in the sync response');
      }
    }
    const { job_id } = await submitJob(server, key, { ...body, format: 'csv' });
    await waitForJob(server, key, job_id);
    const query = '?table=orders_lines';
    const raw = await server.request(`/api/v1/jobs/${job_id}/result${query}`, {
      key,
      headers: { Accept: 'text/csv' },
    });
    t.equal(
      await raw.text(),
      await sync(server, key, { ...body, format: 'csv' }, 'text/csv', query),
      'raw child CSV',
    );
  });
});

/** The body of a GET as sent, not decompressed, and its Content-Encoding. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ body: Buffer; encoding?: string }> {
  return new Promise((resolve, reject) => {
    const request = httpGet(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ body: Buffer.concat(chunks), encoding: response.headers['content-encoding'] }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

t.test('a gzip result goes out as stored; none and Brotli results of before read back alike', async (t) => {
  forEachStore(t, async (t, store) => {
    const body = { ...SHOP, format: 'csv' };
    // Brotli first: the servers of later rounds would run its parts before it is marked.
    for (const stored of ['br', 'gzip', 'none'] as const) {
      // A Brotli job was accepted before its codec was recorded (the migration marks those `br`): one
      // instance that runs no parts accepts it, it is marked so, and another runs its parts. The part
      // codec is the job's, whichever instance runs it.
      const env: Record<string, string> =
        stored === 'br' ? { JOB_CONCURRENCY: '0' } : { JOB_RESULT_COMPRESSION: stored };
      const server = await startApp(t, store, { env });
      const key = await server.key('scale');
      const { job_id } = await submitJob(server, key, body);
      let runner = server;
      if (stored === 'br') {
        await store.db.updateTable('jobs').set({ result_codec: 'br' }).where('id', '=', job_id).execute();
        runner = await startApp(t, store);
        await runner.background.start(); // an instance starts its workers with its first job, else
      }
      await waitForJob(runner, key, job_id);
      const row = await store.db
        .selectFrom('jobs')
        .select('result_codec')
        .where('id', '=', job_id)
        .executeTakeFirst();
      t.equal(row?.result_codec, stored, `${stored}: recorded with the job`);
      const expected = Buffer.from(await sync(server, key, body, 'text/csv', '?table=orders'));
      const url = `${server.url}/api/v1/jobs/${job_id}/result?table=orders`;
      const auth = { Authorization: `Bearer ${key}`, Accept: 'text/csv' };
      for (const accept of ['identity', 'gzip', 'br', 'br, gzip', 'gzip;q=0.5, br']) {
        const { body: sent, encoding } = await rawGet(url, { ...auth, 'Accept-Encoding': accept });
        const decoded =
          encoding === 'gzip' ? gunzipSync(sent) : encoding === 'br' ? brotliDecompressSync(sent) : sent;
        t.ok(
          decoded.equals(expected),
          `${stored}, ${accept}: the sync stream's bytes (${encoding ?? 'plain'})`,
        );
        // Stored gzip wins whenever gzip is accepted at all: nothing is compressed again.
        const asStored = stored === 'gzip' && accept.includes('gzip');
        t.equal(
          encoding,
          // Otherwise compressed as it is read: Brotli when accepted, as the other results.
          asStored || accept === 'gzip' ? 'gzip' : accept === 'identity' ? undefined : 'br',
        );
        if (!asStored) continue;
        // One gzip member (curl and browsers read only the first): raw deflate between our header and
        // a trailer of the whole result's CRC-32 and length.
        t.ok(sent.subarray(0, 10).equals(GZIP_HEADER), 'our header');
        t.ok(inflateRawSync(sent.subarray(10, -8)).equals(expected), 'one deflate stream');
        t.equal(sent.readUInt32LE(sent.length - 8), crc32(expected), 'the CRC-32 of the whole');
        t.equal(sent.readUInt32LE(sent.length - 4), expected.length, 'its length');
      }
    }
  });
});
