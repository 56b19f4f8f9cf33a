/** Polling a job: `?include=none` leaves a completed job's result out; an aborted poll is no error. */
import { request as httpRequest } from 'node:http';
import t, { type Test } from 'tap';
import { startApp, type TestServer } from '../../helpers/app.js';
import { submitJob, waitForJob } from '../../helpers/jobs.js';
import { embeddedStore } from '../../helpers/stores.js';

/** Enough rows that the job object is far larger than what socket buffers hold (~5 MB). */
const LARGE = {
  seed: 7,
  tables: [
    {
      name: 'users',
      count: 40_000,
      fields: [
        { name: 'id', type: 'uuid' },
        { name: 'name', type: 'full_name' },
        { name: 'email', type: 'email' },
        { name: 'bio', type: 'sentence' },
      ],
    },
  ],
};

async function completedJob(t: Test, server: TestServer, key: string, body: object = LARGE) {
  const { job_id } = await submitJob(server, key, body);
  const job = await waitForJob(server, key, job_id, 120_000);
  t.equal(job.status, 'completed');
  return job_id;
}

t.test('include=none answers a completed job without its result; unknown values are 400', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const key = await server.key('scale');
  const small = { ...LARGE, tables: [{ ...LARGE.tables[0]!, count: 3 }] };
  const id = await completedJob(t, server, key, small);

  const full = (await (await server.request(`/api/v1/jobs/${id}`, { key })).json()) as Record<
    string,
    unknown
  >;
  t.equal((full.data as { users: unknown[] }).users.length, 3, 'data by default');
  const explicit = (await (
    await server.request(`/api/v1/jobs/${id}?include=data`, { key })
  ).json()) as object;
  t.same(explicit, full, 'include=data is the default');

  const bare = await server.request(`/api/v1/jobs/${id}?include=none`, { key });
  t.equal(bare.status, 200);
  const state = (await bare.json()) as Record<string, unknown>;
  t.notOk('data' in state, 'no data');
  const { data, ...rest } = full;
  void data;
  t.same(state, rest, 'everything else, result_url included');
  t.equal(state.result_url, `/api/v1/jobs/${id}/result`);

  for (const query of ['include=everything', 'include=', 'include=none&include=data']) {
    const bad = await server.request(`/api/v1/jobs/${id}?${query}`, { key });
    t.equal(bad.status, 400, query);
    t.match(
      await bad.json(),
      { error: { code: 'VALIDATION_ERROR', details: [{ field: 'include' }] } },
      query,
    );
  }
});

/** Reads the first bytes of a poll of `id`, then aborts it; resolves once the server logged the request. */
async function abortedPoll(server: TestServer, key: string, id: string, encoding: string): Promise<void> {
  const logged = server.logs.length;
  await new Promise<void>((resolve, reject) => {
    const request = httpRequest(`${server.url}/api/v1/jobs/${id}`, {
      headers: { Authorization: `Bearer ${key}`, 'Accept-Encoding': encoding },
    });
    request.on('response', (response) => {
      response.once('data', () => {
        request.destroy();
        resolve();
      });
    });
    request.on('error', (error) => {
      if (!request.destroyed) reject(error);
    });
    request.end();
  });
  // The request's log line is written when the server sees the connection close.
  await logLine(server, logged, '"msg":"request"');
}

/** Resolves once a log line written after the first `from` lines holds `text`. */
async function logLine(server: TestServer, from: number, text: string): Promise<void> {
  while (!server.logs.slice(from).some((line) => line.includes(text))) {
    await new Promise((resolve) => setImmediate(resolve));
  }
}

t.test('a client that aborts a poll mid-body leaves no error in the log', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const key = await server.key('scale');
  const id = await completedJob(t, server, key);
  for (const encoding of ['identity', 'gzip', 'br']) {
    await abortedPoll(server, key, id, encoding);
  }
  // A last request: anything the aborted streams logged on their way down is in by its answer.
  const health = await server.request(`/api/v1/jobs/${id}?include=none`, { key });
  t.equal(health.status, 200);
  await health.arrayBuffer();
  const entries = server.logs.map(
    (line) => JSON.parse(line) as { level: number; msg: string; aborted?: boolean },
  );
  t.equal(
    entries.filter((entry) => entry.msg === 'request' && entry.aborted === true).length,
    3,
    'three aborted polls',
  );
  t.same(
    entries.filter((entry) => entry.level >= 50),
    [],
    'no error-level entry',
  );
});

t.test('a result that cannot be read from storage is logged as an error and the answer cut', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const key = await server.key('scale');
  const id = await completedJob(t, server, key, { ...LARGE, tables: [{ ...LARGE.tables[0]!, count: 3 }] });
  const blobs = server.background.jobs.blobs as {
    read: (jobId: string, seq: number, codec: string) => Promise<Buffer>;
  };
  blobs.read = () => Promise.reject(new Error('the disk is gone'));
  for (const encoding of ['identity', 'gzip']) {
    const logged = server.logs.length;
    const read = await new Promise<string>((resolve) => {
      const request = httpRequest(`${server.url}/api/v1/jobs/${id}`, {
        headers: { Authorization: `Bearer ${key}`, 'Accept-Encoding': encoding },
      });
      request.on('response', (response) => {
        response.resume();
        response.on('end', () => resolve('whole'));
        response.on('error', () => resolve('cut'));
      });
      request.on('error', () => resolve('cut'));
      request.end();
    });
    t.equal(read, 'cut', `${encoding}: the answer is cut`);
    await logLine(server, logged, '"msg":"streaming a job result failed"');
    t.pass(`${encoding}: the failure is logged`);
  }
});
