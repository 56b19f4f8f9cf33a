/**
 * The restart scenario both stores run (restart-embedded.test.ts, restart-postgres.test.ts, one file
 * each so that they run side by side): a pending job runs after a restart, a job whose instance is
 * killed (`kill -9`) mid-run is retried and completes with the same bytes, and a part lost twice
 * fails the job with WORKER_LOST. Real server processes.
 */
import type { Test } from 'tap';
import { createApiKey } from '../../src/accounts/api-keys.js';
import { systemClock } from '../../src/accounts/clock.js';
import type { Store } from '../../src/store/index.js';
import { call, resultAndStream, type ServerProcess, startServer, until } from '../helpers/server-process.js';

const USERS = {
  tables: [
    {
      name: 'users',
      count: 600_000,
      fields: [
        { name: 'id', type: 'sequence' },
        { name: 'name', type: 'full_name' },
        { name: 'email', type: 'email' },
        { name: 'signed_up', type: 'datetime' },
      ],
    },
  ],
  format: 'csv',
  seed: 11,
};

async function submit(server: ServerProcess, key: string): Promise<string> {
  const response = await call(server, key, '/api/v1/generate/async', {
    method: 'POST',
    body: JSON.stringify(USERS),
  });
  if (response.status !== 202) throw new Error(`${response.status} ${await response.text()}`);
  return ((await response.json()) as { job_id: string }).job_id;
}

/** The job's row once `predicate` holds. */
function jobWhere(
  store: Store,
  id: string,
  predicate: (job: { status: string; parts_done: number; parts_total: number }) => boolean,
) {
  return until(`job ${id}`, async () => {
    const job = await store.db
      .selectFrom('jobs')
      .select(['status', 'parts_done', 'parts_total', 'error_code'])
      .where('id', '=', id)
      .executeTakeFirst();
    return job && predicate(job) ? job : undefined;
  });
}

/** How many of `tasks` are parts of `jobId` not stored yet. */
export async function undone(
  store: Store,
  jobId: string,
  tasks: { job_id: string; seq: number }[],
): Promise<number> {
  const seqs = tasks.filter((task) => task.job_id === jobId).map((task) => task.seq);
  if (seqs.length === 0) return 0;
  const rows = await store.db
    .selectFrom('job_parts')
    .select('seq')
    .where('job_id', '=', jobId)
    .where('seq', 'in', seqs)
    .where('done', '=', 0)
    .execute();
  return rows.length;
}

/** What the queue has running: parts of a job in progress and not stored yet; marking them retried. */
export interface Running {
  parts(jobId: string): Promise<number>;
  markRetried(): Promise<void>;
}

export async function scenario(t: Test, store: Store, env: Record<string, string>, running: Running) {
  const key = (await createApiKey(store.db, systemClock, { tier: 'internal' })).api_key;

  // 1. Accepted by an instance that runs no parts, which then dies: the job runs after the restart.
  let server = await startServer(t, { ...env, JOB_CONCURRENCY: '0' });
  const pending = await submit(server, key);
  await server.kill();
  server = await startServer(t, { ...env, JOB_CONCURRENCY: '1' });
  t.equal(
    (await jobWhere(store, pending, (j) => j.status === 'completed')).status,
    'completed',
    'a pending job runs after a restart',
  );

  // 2. Killed mid-run: the interrupted part is retried, and the result is the sync stream's bytes.
  const interrupted = await submit(server, key);
  // The CSV header is a part done from the start: wait for a generated one.
  const seen = await jobWhere(
    store,
    interrupted,
    (j) => (j.status === 'processing' && j.parts_done >= 2) || j.status === 'completed',
  );
  t.equal(
    seen.status,
    'processing',
    `killed while processing (${seen.parts_done} of ${seen.parts_total} parts)`,
  );
  await server.kill();
  server = await startServer(t, { ...env, JOB_CONCURRENCY: '1' });
  t.equal(
    (await jobWhere(store, interrupted, (j) => j.status !== 'processing')).status,
    'completed',
    'completed after the restart',
  );
  const { stored, streamed } = await resultAndStream(server, key, interrupted, USERS);
  t.equal(stored, streamed, 'its result is byte-identical to the sync stream');

  // 3. Killed while a part runs, that part having been retried once already: WORKER_LOST. The kill
  // must find a part running, not just finished (a stored part is not lost): tried until it does.
  let lost: string | undefined;
  for (let attempt = 0; attempt < 5 && lost === undefined; attempt++) {
    const id = await submit(server, key);
    await until('a part running', async () => ((await running.parts(id)) > 0 ? true : undefined));
    await server.kill();
    if ((await running.parts(id)) > 0) lost = id;
    await running.markRetried();
    server = await startServer(t, { ...env, JOB_CONCURRENCY: '1' });
  }
  t.ok(lost, 'killed while a part was running');
  const failed = await jobWhere(store, lost!, (j) => j.status !== 'processing' && j.status !== 'pending');
  t.same(
    failed,
    { ...failed, status: 'failed', error_code: 'WORKER_LOST' },
    'a part lost twice fails the job',
  );
  const answer = (await (await call(server, key, `/api/v1/jobs/${lost}`)).json()) as {
    error: { code: string };
  };
  t.equal(answer.error.code, 'WORKER_LOST', 'the job object says why');
  await server.kill();
}
