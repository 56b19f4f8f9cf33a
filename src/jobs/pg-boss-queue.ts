/**
 * The queue on PostgreSQL: pg-boss 10 (the line that runs on Node 20), in its own schema of the
 * service's database. Every instance works the same queues, so a job's parts spread over all of
 * them; pg-boss's supervisor fails tasks whose lease ran out (their instance died) and retries them
 * or moves them to the dead letter queue.
 */
import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Db } from '../store/database.js';
import {
  type JobQueue,
  type QueueLeases,
  type QueueName,
  QUEUES,
  type SendOptions,
  type TaskHandler,
} from './queue.js';

/** pg-boss's connection as a transaction of the service's own: tasks sent in it commit with it. */
function inTransaction(trx: Db): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      const result = await trx.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as unknown[] as never[] };
    },
  };
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
  boss.on('error', (error: unknown) => options.logger.error({ err: error }, 'pg-boss error'));
  const polling = options.pollingIntervalSeconds ?? 0.5;
  return {
    kind: 'pg-boss',
    async start() {
      await boss.start();
      // Dead letter queues first: a queue names its dead letter queue, which must exist.
      const names = (Object.keys(QUEUES) as QueueName[]).sort((a, b) =>
        QUEUES[a].deadLetter ? (QUEUES[b].deadLetter ? 0 : 1) : -1,
      );
      for (const name of names) {
        const rule = QUEUES[name];
        const queue = {
          name,
          retryLimit: rule.retryLimit,
          expireInSeconds: options.leases[name],
          ...(rule.deadLetter ? { deadLetter: rule.deadLetter } : {}),
        };
        if (await boss.getQueue(name)) await boss.updateQueue(name, queue);
        else await boss.createQueue(name, queue);
      }
    },
    async send(queue: QueueName, items: readonly object[], sendOptions: SendOptions = {}) {
      if (items.length === 0) return;
      const startAfter = sendOptions.startAfter === undefined ? undefined : new Date(sendOptions.startAfter);
      const jobs = items.map((data) => ({ name: queue, data, ...(startAfter ? { startAfter } : {}) }));
      await boss.insert(jobs, sendOptions.trx ? { db: inTransaction(sendOptions.trx) } : {});
    },
    async work(queue, concurrency, handler: TaskHandler) {
      // pg-boss 10 runs one batch at a time per worker: `concurrency` workers of one task each.
      for (let i = 0; i < concurrency; i++) {
        await boss.work<Record<string, unknown>>(
          queue,
          { batchSize: 1, pollingIntervalSeconds: polling },
          async ([job]) => {
            if (job) await handler(job.data);
          },
        );
      }
    },
    async stop(timeoutMs = 10_000) {
      await boss.stop({ graceful: true, wait: true, timeout: Math.max(1000, timeoutMs) });
    },
  };
}
