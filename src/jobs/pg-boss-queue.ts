/**
 * The queue on PostgreSQL: pg-boss 10 (the line that runs on Node 20), in its own schema of the
 * service's database. Every instance works the same queues, so a job's parts spread over all of
 * them; pg-boss's supervisor fails tasks whose lease ran out (their instance died) and retries them
 * or moves them to the dead letter queue.
 *
 * Tasks are taken with pg-boss's own fetch, complete and fail, in a loop of ours rather than through
 * `boss.work()`: pg-boss 10 settles a task without awaiting it, so a database outage at that moment
 * was an unhandled rejection that killed the process, and a handler that overran its lease was
 * abandoned while still running. Here every call is awaited, and an outage is waited out (docs/jobs.md).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Db } from '../store/database.js';
import { isStoreUnavailable, retryWhileUnavailable } from '../store/outage.js';
import {
  type JobQueue,
  type QueueLeases,
  type QueueName,
  QUEUES,
  type SendOptions,
  type TaskHandler,
} from './queue.js';

/** What pg-boss keeps as a failed task's output: the error's message. */
function failure(error: unknown): object {
  return { message: error instanceof Error ? error.message : String(error) };
}

/** pg-boss's connection as a transaction of the service's own: tasks sent in it commit with it. */
function inTransaction(trx: Db): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      const result = await trx.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as unknown[] as never[] };
    },
  };
}

/** Creates or updates each queue with its rules; dead letter queues first, as a queue names its own. */
async function declareQueues(boss: PgBoss, leases: QueueLeases): Promise<void> {
  const names = (Object.keys(QUEUES) as QueueName[]).sort((a, b) =>
    QUEUES[a].deadLetter ? (QUEUES[b].deadLetter ? 0 : 1) : -1,
  );
  for (const name of names) {
    const rule = QUEUES[name];
    const queue = {
      name,
      retryLimit: rule.retryLimit,
      expireInSeconds: leases[name],
      ...(rule.deadLetter ? { deadLetter: rule.deadLetter } : {}),
    };
    if (await boss.getQueue(name)) await boss.updateQueue(name, queue);
    else await boss.createQueue(name, queue);
  }
}

/** Runs a task's handler: its error, or undefined. An outage makes it wait and run again rather than fail. */
async function run(
  task: { id: string; data: Record<string, unknown> },
  queue: QueueName,
  handler: TaskHandler,
  signal: AbortSignal,
  logger: Logger,
): Promise<unknown> {
  try {
    // An outage says nothing about the task: it does not spend one of the task's retries.
    await retryWhileUnavailable(() => handler(task.data), {
      signal,
      onOutage: (outage) =>
        logger.warn({ err: outage, queue, task: task.id }, 'task waits for the database to return'),
    });
    return undefined;
  } catch (error) {
    return error ?? new Error('task failed');
  }
}

/** The pg-boss queue on `databaseUrl`. */
export function createPgBossQueue(
  databaseUrl: string,
  options: {
    logger: Logger;
    leases: QueueLeases;
    maintenanceIntervalSeconds: number;
    pollingIntervalSeconds?: number;
  },
): JobQueue {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: 'pgboss',
    max: 4,
    supervise: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
    // Queue counts are not used: no monitoring queries.
    monitorStateIntervalSeconds: 3600,
  });
  const { logger } = options;
  boss.on('error', (error: unknown) => {
    // Its maintenance fails on every round of an outage: that is expected, and said once elsewhere.
    if (isStoreUnavailable(error)) logger.debug({ err: error }, 'pg-boss: database unavailable');
    else logger.error({ err: error }, 'pg-boss error');
  });
  const pollMs = (options.pollingIntervalSeconds ?? 0.5) * 1000;
  const stopping = new AbortController();
  const loops: Promise<void>[] = [];
  /** Wakes the idle loops of a queue when this process sends to it. */
  const wakers = new Map<QueueName, Set<() => void>>();
  const wakeLoops = (queue: QueueName) => wakers.get(queue)?.forEach((wake) => wake());

  /** Resolves after the polling interval, on a send to `queue`, or at stop. */
  function idle(queue: QueueName): Promise<void> {
    return new Promise((resolve) => {
      const waiting = wakers.get(queue) ?? new Set();
      wakers.set(queue, waiting);
      const wake = () => {
        waiting.delete(wake);
        stopping.signal.removeEventListener('abort', wake);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(wake, pollMs);
      waiting.add(wake);
      stopping.signal.addEventListener('abort', wake);
    });
  }

  /**
   * Marks a task done or failed; during an outage, tries again until the database answers. Should it
   * still fail, the lease runs out and the task runs again, which every handler allows (idempotent).
   */
  async function settle(queue: QueueName, id: string, error: unknown): Promise<void> {
    try {
      await retryWhileUnavailable(
        () => (error === undefined ? boss.complete(queue, id) : boss.fail(queue, id, failure(error))),
        {
          signal: stopping.signal,
          onOutage: (outage) =>
            logger.warn(
              { err: outage, queue, task: id },
              'task outcome not recorded yet: database unavailable',
            ),
        },
      );
    } catch (settling) {
      logger.error(
        { err: settling, queue, task: id },
        'task outcome not recorded: it runs again when its lease runs out',
      );
    }
  }

  /** One worker: takes a task at a time, runs it, settles it, until stop. */
  async function loop(queue: QueueName, handler: TaskHandler): Promise<void> {
    while (!stopping.signal.aborted) {
      try {
        // pg-boss's fetch answers [] when the database does not answer (and reports it as 'error').
        const [job] = await boss.fetch<Record<string, unknown>>(queue, { batchSize: 1 });
        if (job) await settle(queue, job.id, await run(job, queue, handler, stopping.signal, logger));
        else await idle(queue);
      } catch (error) {
        logger.error({ err: error, queue }, 'queue worker failed; it goes on');
        await idle(queue);
      }
    }
  }

  return {
    kind: 'pg-boss',
    async start() {
      await boss.start();
      await declareQueues(boss, options.leases);
    },
    async send(queue: QueueName, items: readonly object[], sendOptions: SendOptions = {}) {
      if (items.length === 0) return;
      const startAfter = sendOptions.startAfter === undefined ? undefined : new Date(sendOptions.startAfter);
      const jobs = items.map((data) => ({ name: queue, data, ...(startAfter ? { startAfter } : {}) }));
      await boss.insert(jobs, sendOptions.trx ? { db: inTransaction(sendOptions.trx) } : {});
      // Tasks sent in a transaction exist once it commits: the sender wakes the loops then.
      if (!sendOptions.trx && startAfter === undefined) wakeLoops(queue);
    },
    wake: wakeLoops,
    async work(queue, concurrency, handler: TaskHandler) {
      for (let i = 0; i < concurrency; i++) loops.push(loop(queue, handler));
    },
    async stop(timeoutMs = 10_000) {
      stopping.abort();
      const deadline = new AbortController();
      const overdue = sleep(timeoutMs, 'overdue', { signal: deadline.signal }).catch(() => 'done');
      if ((await Promise.race([Promise.allSettled(loops), overdue])) === 'overdue') {
        logger.warn('tasks still running at the stop deadline: their leases run out, then they run again');
      }
      deadline.abort();
      await boss.stop({ graceful: true, wait: true, timeout: 1000 });
    },
  };
}
