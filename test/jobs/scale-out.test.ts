/**
 * Two instances sharing one PostgreSQL split a 1,000,000-record job: each runs some of its parts
 * (recorded per part), and the stored result is byte-identical to the sync stream of the request.
 */
import t from 'tap';
import { startApp } from '../helpers/app.js';
import { submitJob, waitForJob } from '../helpers/jobs.js';
import { sha256 } from '../helpers/server-process.js';
import { requirePostgres, throwawayPostgres } from '../helpers/stores.js';
import { openStore } from '../../src/store/index.js';

const USERS = {
  tables: [
    {
      name: 'users',
      count: 1_000_000,
      fields: [
        { name: 'id', type: 'sequence' },
        { name: 'name', type: 'full_name' },
        { name: 'email', type: 'email' },
        { name: 'signed_up', type: 'datetime' },
        { name: 'score', type: 'integer', params: { min: 0, max: 100 } },
      ],
    },
  ],
  format: 'csv',
  seed: 7,
};

t.test('two instances each run part of one job; the result is the sync stream, byte for byte', async (t) => {
  if (!(await requirePostgres(t))) return;
  const databaseUrl = await throwawayPostgres(t);
  const stores = [
    await openStore({ dataDir: '/nonexistent', databaseUrl }),
    await openStore({ dataDir: '/nonexistent', databaseUrl }),
  ];
  t.teardown(() => Promise.all(stores.map((s) => s.close())));
  const [a, b] = [
    await startApp(t, stores[0]!, { env: { JOB_CONCURRENCY: '1' } }),
    await startApp(t, stores[1]!, { env: { JOB_CONCURRENCY: '1' } }),
  ];
  const key = await a!.key('internal');
  await b!.background.start(); // instance b serves no request: it only takes parts from the queue

  const { job_id } = await submitJob(a!, key, USERS);
  const job = await waitForJob(b!, key, job_id, 120_000);
  t.equal(job.status, 'completed', 'instance b reports the job instance a accepted');

  const parts = await stores[0]!.db
    .selectFrom('job_parts')
    .select(['seq', 'ran_by', 'start_row', 'end_row'])
    .where('job_id', '=', job_id)
    .where('text', 'is', null)
    .orderBy('seq')
    .execute();
  const byInstance = new Map<string, number>();
  for (const part of parts) byInstance.set(part.ran_by!, (byInstance.get(part.ran_by!) ?? 0) + 1);
  t.ok(parts.length >= 10, `the job has ${parts.length} parts`);
  t.equal(byInstance.size, 2, `both instances ran parts: ${[...byInstance.values()].join(' and ')}`);
  t.equal(parts.at(-1)!.end_row, 1_000_000, 'the parts cover every row');

  const stored = await b!.request(`/api/v1/jobs/${job_id}/result`, { key, headers: { Accept: 'text/csv' } });
  const streamed = await a!.request('/api/v1/generate', {
    key,
    json: USERS,
    headers: { Accept: 'text/csv' },
  });
  t.equal(stored.status, 200);
  t.equal(await sha256(stored), await sha256(streamed), 'stored result = sync stream');
});
