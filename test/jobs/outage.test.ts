/**
 * The state database goes away under a running service (a PostgreSQL cluster of the test's own,
 * stopped with `pg_ctl -m immediate`, as a crash or a failover does): the process stays up, health
 * and keyed requests answer 503 while it lasts, and once it is back the job in flight completes with
 * the sync stream's bytes, a webhook attempt made during it is recorded once, and a limit update it
 * cut counts nothing.
 */
import { createServer, type IncomingMessage } from 'node:http';
import pg from 'pg';
import t from 'tap';
import { createApiKey } from '../../src/accounts/api-keys.js';
import { systemClock } from '../../src/accounts/clock.js';
import { openStore } from '../../src/store/index.js';
import { privatePostgres } from '../helpers/private-postgres.js';
import { call, resultAndStream, type ServerProcess, startServer, until } from '../helpers/server-process.js';

const USERS = {
  tables: [
    {
      name: 'users',
      count: 2_000_000,
      fields: [
        { name: 'id', type: 'sequence' },
        { name: 'name', type: 'full_name' },
        { name: 'email', type: 'email' },
      ],
    },
  ],
  format: 'csv',
  seed: 7,
};

const SMALL = { tables: [{ name: 'users', count: 10, fields: [{ name: 'id', type: 'uuid' }] }] };

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** Resolves once the server's log has a line with `msg` (the instance has met the outage there). */
function logged(server: ServerProcess, msg: string) {
  return until(`the log line "${msg}"`, async () =>
    server.output().includes(`"msg":"${msg}"`) ? true : undefined,
  );
}

const healthIs = (server: ServerProcess, status: number) =>
  until(`health ${status}`, async () => {
    const response = await fetch(`${server.url}/api/v1/health`);
    return response.status === status
      ? json<{ status: string; checks: { database: string } }>(response)
      : undefined;
  });

t.test('a database outage: the service stays up, answers 503, and loses nothing', async (t) => {
  const cluster = await privatePostgres(t);
  if (!cluster) return;
  const setup = await openStore({ dataDir: '/nonexistent', databaseUrl: cluster.url });
  const internal = (await createApiKey(setup.db, systemClock, { tier: 'internal' })).api_key;
  const pro = (await createApiKey(setup.db, systemClock, { tier: 'pro' })).api_key;
  await setup.close();

  // A receiver that crashes the database after taking a delivery and before answering it: the
  // attempt succeeds, and recording it meets the outage.
  const deliveries: string[] = [];
  let crashOnDelivery = false;
  const receiver = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      deliveries.push(request.headers['x-service-delivery'] as string);
      void (crashOnDelivery ? cluster.crash() : Promise.resolve()).then(() => response.end('ok'));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise((resolve) => receiver.close(resolve)));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;

  const server = await startServer(t, {
    DATABASE_URL: cluster.url,
    WORKERS: '1',
    JOB_CONCURRENCY: '2',
    JOB_LEASE_S: '60',
    WEBHOOK_ALLOW_PRIVATE: '1',
  });

  t.test('during a job: 503 while away, then the job completes with the same bytes', async (t) => {
    const accepted = await call(server, internal, '/api/v1/generate/async', {
      method: 'POST',
      body: JSON.stringify(USERS),
    });
    t.equal(accepted.status, 202);
    const { job_id: id } = await json<{ job_id: string }>(accepted);
    const running = await until('two parts stored', async () => {
      const job = await json<{ status: string; progress: { parts_done: number } }>(
        await call(server, internal, `/api/v1/jobs/${id}`),
      );
      return job.status === 'processing' && job.progress.parts_done >= 2 ? job : undefined;
    });
    t.equal(running.status, 'processing', 'the database goes away in the middle of the job');

    await cluster.crash();
    const degraded = await healthIs(server, 503);
    t.same(
      { status: degraded.status, database: degraded.checks.database },
      { status: 'degraded', database: 'unavailable' },
      'health says so, with 503',
    );
    const keyed = await call(server, pro, '/api/v1/generate', {
      method: 'POST',
      body: JSON.stringify(SMALL),
    });
    t.equal(keyed.status, 503, 'a keyed request gets 503');
    t.equal(keyed.headers.get('Retry-After'), '5');
    t.equal((await json<{ error: { code: string } }>(keyed)).error.code, 'SERVICE_UNAVAILABLE');
    await logged(server, 'part generated; storing it waits for the database');
    t.ok(server.alive(), 'the process is alive while the job waits for the database');

    await cluster.start();
    t.equal((await healthIs(server, 200)).status, 'ok', 'health is ok again');
    const ended = await until('the job to end', async () => {
      const job = await json<{ status: string }>(
        await call(server, internal, `/api/v1/jobs/${id}?include=none`),
      );
      return job.status === 'completed' || job.status === 'failed' ? job : undefined;
    });
    t.equal(ended.status, 'completed', 'the job completes after the outage');
    const { stored, streamed } = await resultAndStream(server, internal, id, USERS);
    t.equal(stored, streamed, 'its result is byte-identical to the sync stream');
  });

  t.test('during a limit update: the cut request counts nothing', async (t) => {
    const used = async () =>
      (await json<{ daily_used: number }>(await call(server, pro, '/api/v1/usage'))).daily_used;
    t.equal(
      (await call(server, pro, '/api/v1/generate', { method: 'POST', body: JSON.stringify(SMALL) })).status,
      200,
    );
    const before = await used();

    // Hold the usage table so that the next reservation waits inside its statement, then crash.
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    admin.on('error', () => {});
    await admin.query('BEGIN');
    await admin.query('LOCK TABLE daily_usage IN EXCLUSIVE MODE');
    let answered: number | undefined;
    const cut = call(server, pro, '/api/v1/generate', { method: 'POST', body: JSON.stringify(SMALL) });
    void cut.then((response) => (answered = response.status));
    // The lock waits show in pg_locks. pg_stat_activity is no witness: a statement of the extended
    // protocol can wait on the table while parsing, when the row still shows the previous query, idle.
    await until('the reservation to wait on the lock', async () => {
      if (answered !== undefined) throw new Error(`answered ${answered} before waiting on the lock`);
      const { rows } = await admin.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND relation = 'daily_usage'::regclass`,
      );
      return rows[0]!.n > 0 ? true : undefined;
    });
    await cluster.crash();
    const answer = await cut;
    t.equal(answer.status, 503, 'the request cut by the outage answers 503');
    t.equal(answer.headers.get('Retry-After'), '5');
    await cluster.start();
    await healthIs(server, 200);
    t.equal(await used(), before, 'it counted nothing');
    t.equal(
      (await call(server, pro, '/api/v1/generate', { method: 'POST', body: JSON.stringify(SMALL) })).status,
      200,
    );
    t.equal(await used(), before + 10, 'the next request counts once');
  });

  t.test('during a webhook delivery: the attempt is recorded once, not made twice', async (t) => {
    const registered = await call(server, internal, '/api/v1/webhooks', {
      method: 'POST',
      body: JSON.stringify({ url: receiverUrl }),
    });
    t.equal(registered.status, 201);
    const { id: webhook } = await json<{ id: string }>(registered);
    crashOnDelivery = true;
    const accepted = await call(server, internal, '/api/v1/generate/async', {
      method: 'POST',
      body: JSON.stringify(SMALL),
    });
    t.equal(accepted.status, 202);
    await logged(server, 'delivery attempted; recording it waits for the database');
    crashOnDelivery = false;
    t.ok(server.alive(), 'the process is alive while the delivery waits for the database');
    await cluster.start();
    const delivery = await until('the delivery recorded', async () => {
      const response = await call(server, internal, `/api/v1/webhooks/${webhook}/deliveries`);
      if (response.status !== 200) return undefined;
      const [first] = (await json<{ deliveries: { state: string; attempts: number }[] }>(response))
        .deliveries;
      return first?.state === 'delivered' ? first : undefined;
    });
    t.equal(delivery.attempts, 1, 'one attempt recorded');
    t.equal(deliveries.length, 1, 'the receiver got it once');
  });

  t.test('no promise failed unobserved', async (t) => {
    t.notMatch(server.output(), /unobserved|unhandledRejection/, 'the log has no unhandled rejection');
    t.ok(server.alive());
  });
});
