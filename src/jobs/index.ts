/**
 * Builds the background side for a store: the queue (pg-boss on PostgreSQL, the embedded queue on
 * SQLite), where results are kept, the job service and the webhook delivery workers, started together.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Clock } from '../accounts/clock.js';
import type { Config } from '../config.js';
import type { GenerationPool } from '../generation/pool.js';
import type { Store } from '../store/types.js';
import { deliveryHandler } from '../webhooks/dispatch.js';
import { enqueueJobEvent } from '../webhooks/events.js';
import { type SecretBox, secretBox } from '../webhooks/secrets.js';
import { databaseBlobs, fileBlobs } from './blobs.js';
import { createLocalQueue } from './local-queue.js';
import { createPgBossQueue } from './pg-boss-queue.js';
import type { JobQueue, QueueLeases } from './queue.js';
import { createJobService, type JobService } from './service.js';

export type { JobService } from './service.js';

/** Deliveries at once per instance: each mostly waits on the network. */
const DELIVERY_CONCURRENCY = 4;

/** The job service and what the webhook routes need, over one queue. */
export interface Background {
  jobs: JobService;
  queue: JobQueue;
  secrets: SecretBox;
  /** Starts the queue and this instance's workers (once; routes call it before using the queue). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createBackground(deps: {
  config: Config;
  store: Store;
  pool: GenerationPool;
  clock: Clock;
  logger: Logger;
  /** pg-boss's polling interval (seconds, at least 0.5); tests may shorten the embedded queue's. */
  pollMs?: number;
  instanceId?: string;
}): Background {
  const { config, store, pool, clock } = deps;
  const logger = deps.logger.child({ component: 'jobs' });
  const leases: QueueLeases = {
    'generation-part': config.jobs.leaseS,
    'generation-part-lost': 60,
    // An attempt takes at most the 10 s delivery timeout.
    'webhook-delivery': 60,
  };
  const { location } = store;
  const queue =
    'databaseUrl' in location
      ? createPgBossQueue(location.databaseUrl, {
          logger,
          leases,
          maintenanceIntervalSeconds: config.jobs.maintenanceS,
          ...(deps.pollMs ? { pollingIntervalSeconds: Math.max(0.5, deps.pollMs / 1000) } : {}),
        })
      : createLocalQueue(store.db, {
          clock,
          logger,
          leases,
          ...(deps.pollMs ? { pollMs: deps.pollMs } : {}),
        });
  const blobs = 'dataDir' in location ? fileBlobs(location.dataDir) : databaseBlobs(store.db);
  const secrets = secretBox(config.webhooks.secretKey);
  const jobs = createJobService({
    db: store.db,
    queue,
    pool,
    blobs,
    clock,
    logger,
    config: config.jobs,
    events: (trx, job, event) => enqueueJobEvent(trx, queue, job, event, clock.now()),
    instanceId: deps.instanceId ?? randomUUID(),
  });
  let started: Promise<void> | undefined;
  return {
    jobs,
    queue,
    secrets,
    start() {
      started ??= (async () => {
        await jobs.start();
        const handler = deliveryHandler({
          db: store.db,
          queue,
          clock,
          logger,
          secrets,
          options: { allowPrivate: config.webhooks.allowPrivate },
        });
        await queue.work('webhook-delivery', DELIVERY_CONCURRENCY, handler);
      })();
      return started;
    },
    async stop() {
      if (started) await started.catch(() => {});
      await jobs.stop();
    },
  };
}
