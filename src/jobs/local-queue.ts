/**
 * The embedded queue: tasks in the SQLite store, run in this process. It has pg-boss's semantics for
 * what the service uses (retry limit, dead letter, lease, start-after), so the job code is the same
 * on both stores. One process serves a DATA_DIR, so at start every task left active belongs to a run
 * that died: it is retried or dead-lettered at once.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Clock } from '../accounts/clock.js';
import type { Db } from '../store/database.js';
import { retryWhileUnavailable } from '../store/outage.js';
import {
  type JobQueue,
  type QueueLeases,
  type QueueName,
  QUEUES,
  type SendOptions,
  type TaskHandler,
} from './queue.js';

/** How often idle workers look for due tasks (a send in this process wakes them at once). */
const POLL_MS = 250;

interface Worker {
  queue: QueueName;
  concurrency: number;
  handler: TaskHandler;
  running: number;
}

/** A task as the queue reads it back. */
interface TaskRow {
  id: string;
  queue: string;
  data: string;
  retry_count: number;
}

interface QueueContext {
  readonly db: Db;
  readonly clock: Clock;
  readonly logger: Logger;
}

/** A task that failed or outlived its lease: back to the queue, or on to its dead letter. */
async function buryOrRetry({ db, clock, logger }: QueueContext, task: TaskRow): Promise<void> {
  const rule = QUEUES[task.queue as QueueName];
  if (task.retry_count < rule.retryLimit) {
    await db
      .updateTable('queue_tasks')
      .set({
        state: 'created',
        retry_count: task.retry_count + 1,
        started_at: null,
        start_after: clock.now(),
      })
      .where('id', '=', task.id)
      .execute();
    return;
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('queue_tasks').where('id', '=', task.id).execute();
    if (rule.deadLetter) await insert(trx, rule.deadLetter, [JSON.parse(task.data) as object], clock.now());
  });
  if (!rule.deadLetter) logger.warn({ queue: task.queue, task: task.id }, 'task failed for good');
}

/** Active tasks past their lease (or, with `all`, every active task, at start) go back or on. */
async function expire(ctx: QueueContext, leases: QueueLeases, all: boolean): Promise<void> {
  const now = ctx.clock.now();
  for (const queue of Object.keys(QUEUES) as QueueName[]) {
    const expired = await ctx.db
      .selectFrom('queue_tasks')
      .select(['id', 'queue', 'data', 'retry_count'])
      .where('queue', '=', queue)
      .where('state', '=', 'active')
      .$if(!all, (q) => q.where('started_at', '<', now - leases[queue] * 1000))
      .execute();
    for (const task of expired) await buryOrRetry(ctx, task);
  }
}

/** The embedded queue over `db` (the SQLite store). */
export function createLocalQueue(
  db: Db,
  options: { clock: Clock; logger: Logger; leases: QueueLeases; pollMs?: number },
): JobQueue {
  const { clock, logger, leases } = options;
  const ctx: QueueContext = { db, clock, logger };
  const retryOrBury = (task: TaskRow) => buryOrRetry(ctx, task);
  const expireLeases = (all: boolean) => expire(ctx, leases, all);
  const workers: Worker[] = [];
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let polling = false;

  async function poll() {
    if (polling || stopped) return;
    polling = true;
    try {
      await expireLeases(false);
      for (const worker of workers) {
        const free = worker.concurrency - worker.running;
        if (free <= 0) continue;
        const now = clock.now();
        const due = db
          .selectFrom('queue_tasks')
          .select('id')
          .where('queue', '=', worker.queue)
          .where('state', '=', 'created')
          .where('start_after', '<=', now)
          .orderBy('start_after')
          .limit(free);
        const tasks = await db
          .updateTable('queue_tasks')
          .set({ state: 'active', started_at: now })
          .where('id', 'in', due)
          .returning(['id', 'queue', 'data', 'retry_count'])
          .execute();
        for (const task of tasks) run(worker, task);
      }
    } catch (error) {
      logger.error({ err: error }, 'embedded queue poll failed');
    } finally {
      polling = false;
    }
  }

  function run(worker: Worker, task: TaskRow) {
    worker.running++;
    const running = (async () => {
      try {
        // As on pg-boss: a busy database file says nothing about the task, which runs again.
        await retryWhileUnavailable(() => worker.handler(JSON.parse(task.data) as Record<string, unknown>));
        await db.deleteFrom('queue_tasks').where('id', '=', task.id).execute();
      } catch (error) {
        logger.warn({ err: error, queue: task.queue, task: task.id }, 'task failed');
        await retryOrBury(task).catch((e: unknown) => logger.error({ err: e }, 'task retry failed'));
      }
    })().finally(() => {
      worker.running--;
      inFlight.delete(running);
      if (!stopped) setImmediate(() => void poll());
    });
    inFlight.add(running);
  }

  return {
    kind: 'embedded',
    async start() {
      await expireLeases(true);
      timer = setInterval(() => void poll(), options.pollMs ?? POLL_MS);
      timer.unref();
    },
    async send(queue: QueueName, items: readonly object[], sendOptions: SendOptions = {}) {
      if (items.length === 0) return;
      await insert(sendOptions.trx ?? db, queue, items, sendOptions.startAfter ?? clock.now());
      if (!sendOptions.trx) setImmediate(() => void poll());
    },
    wake() {
      setImmediate(() => void poll());
    },
    async work(queue, concurrency, handler) {
      workers.push({ queue, concurrency, handler, running: 0 });
      setImmediate(() => void poll());
    },
    async stop(timeoutMs = 10_000) {
      stopped = true;
      clearInterval(timer);
      let deadline: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...inFlight]),
        new Promise((resolve) => (deadline = setTimeout(resolve, timeoutMs))),
      ]);
      clearTimeout(deadline);
    },
  };
}

async function insert(db: Db, queue: string, items: readonly object[], startAfter: number): Promise<void> {
  const rows = items.map((data) => ({
    id: randomUUID(),
    queue,
    data: JSON.stringify(data),
    state: 'created',
    start_after: startAfter,
    created_at: startAfter,
  }));
  // SQLite takes at most 32,766 parameters a statement: 6 a row.
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insertInto('queue_tasks')
      .values(rows.slice(i, i + 1000))
      .execute();
  }
}
