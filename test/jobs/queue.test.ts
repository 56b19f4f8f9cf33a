/**
 * The JobQueue contract, run against both adapters: the embedded queue over SQLite and pg-boss over
 * PostgreSQL. The job code relies on exactly these rules.
 */
import t from 'tap';
import { systemClock } from '../../src/accounts/clock.js';
import { createLogger } from '../../src/logger.js';
import { createLocalQueue } from '../../src/jobs/local-queue.js';
import { createPgBossQueue } from '../../src/jobs/pg-boss-queue.js';
import type { JobQueue, QueueLeases } from '../../src/jobs/queue.js';
import { forEachStore } from '../helpers/stores.js';

const LEASES: QueueLeases = { 'generation-part': 30, 'generation-part-lost': 30, 'webhook-delivery': 30 };
const logger = createLogger('silent');

/** Resolves once `count()` reaches `n`, or rejects after `ms`. */
async function reach(count: () => number, n: number, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (count() < n) {
    if (Date.now() > deadline) throw new Error(`reached ${count()} of ${n}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

forEachStore(t, async (t, store) => {
  const location = store.location;
  const queue: JobQueue =
    'databaseUrl' in location
      ? createPgBossQueue(location.databaseUrl, { logger, leases: LEASES, maintenanceIntervalSeconds: 1 })
      : createLocalQueue(store.db, { clock: systemClock, logger, leases: LEASES, pollMs: 20 });
  await queue.start();
  t.teardown(() => queue.stop(1000));

  const seen: Record<string, unknown>[] = [];
  const attempts = new Map<string, number>();
  const lost: Record<string, unknown>[] = [];
  await queue.work('generation-part', 2, async (data) => {
    const name = String(data.name);
    attempts.set(name, (attempts.get(name) ?? 0) + 1);
    if (name.startsWith('fail')) throw new Error('deliberate');
    if (name.startsWith('outage') && attempts.get(name)! <= 2) {
      throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    }
    seen.push(data);
  });
  await queue.work('generation-part-lost', 1, async (data) => {
    lost.push(data);
  });

  await queue.send('generation-part', [{ name: 'a' }, { name: 'b' }, { name: 'c', nested: { n: 1 } }]);
  await reach(() => seen.length, 3);
  t.same(seen.map((d) => d.name).sort(), ['a', 'b', 'c'], 'every task runs once, with its data');
  t.same(
    seen.find((d) => d.name === 'c'),
    { name: 'c', nested: { n: 1 } },
  );

  await queue.send('generation-part', [{ name: 'fail-1' }]);
  await reach(() => lost.length, 1);
  t.equal(attempts.get('fail-1'), 2, 'a failing task runs twice (one retry)');
  t.same(lost, [{ name: 'fail-1' }], 'then goes to its dead letter queue');

  await store.db
    .transaction()
    .execute(async (trx) => {
      await queue.send('generation-part', [{ name: 'rolled-back' }], { trx });
      throw new Error('roll back');
    })
    .catch(() => {});
  await store.db.transaction().execute(async (trx) => {
    await queue.send('generation-part', [{ name: 'committed' }], { trx });
  });
  await reach(() => seen.length, 4);
  t.same(seen.at(-1), { name: 'committed' }, 'a task sent in a transaction exists once it commits');

  const sentAt = Date.now();
  await queue.send('generation-part', [{ name: 'later' }], { startAfter: sentAt + 1500 });
  await reach(() => seen.length, 5);
  t.ok(Date.now() - sentAt >= 1400, `a delayed task waits (ran after ${Date.now() - sentAt} ms)`);
  t.notOk(attempts.has('rolled-back'), 'a task sent in a rolled-back transaction never runs');

  await queue.send('generation-part', [{ name: 'outage-1' }]);
  await reach(() => seen.length, 6);
  t.equal(attempts.get('outage-1'), 3, 'a task that met a database outage twice runs until it is over');
  t.equal(lost.length, 1, 'without spending its one retry: it is not dead-lettered');

  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let started = false;
  await queue.work('webhook-delivery', 1, async () => {
    started = true;
    await held;
  });
  await queue.send('webhook-delivery', [{ name: 'slow' }]);
  await reach(() => (started ? 1 : 0), 1);
  await queue.stop(100);
  t.pass('stop returns at its deadline while a task still runs');
  release();
});

t.test('tasks sent in a transaction run at once when the sender wakes the queue', async (t) => {
  forEachStore(t, async (t, store) => {
    const location = store.location;
    // Polls a minute apart: only the wake can start the task within the wait below.
    const queue: JobQueue =
      'databaseUrl' in location
        ? createPgBossQueue(location.databaseUrl, {
            logger,
            leases: LEASES,
            maintenanceIntervalSeconds: 60,
            pollingIntervalSeconds: 60,
          })
        : createLocalQueue(store.db, { clock: systemClock, logger, leases: LEASES, pollMs: 60_000 });
    await queue.start();
    t.teardown(() => queue.stop(1000));
    const seen: unknown[] = [];
    await queue.work('generation-part', 1, async (data) => {
      seen.push(data.name);
    });
    // The worker's first look finds nothing; then a task is sent in a transaction and woken for.
    await new Promise((resolve) => setImmediate(resolve));
    await store.db.transaction().execute((trx) => queue.send('generation-part', [{ name: 'sent' }], { trx }));
    queue.wake('generation-part');
    await reach(() => seen.length, 1, 20_000);
    t.same(seen, ['sent']);
  });
});
