/**
 * Asynchronous generation: accepts a planned request as a job, runs its parts from the queue (on any
 * instance), fails jobs that overrun or lose a part twice, and deletes results once they expire.
 * Every state change is one conditional update, so instances racing on a job agree on its end.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { compile, type GenerationPlan } from '../../workers/engine/index.js';
import type { OutputFormat, SqlDialect } from '../../workers/output/options.js';
import type { Principal } from '../accounts/api-keys.js';
import type { Clock } from '../accounts/clock.js';
import type { GenerationPool } from '../generation/pool.js';
import type { PreparedGeneration } from '../generation/prepare.js';
import type { Db } from '../store/database.js';
import { isStoreUnavailable, retryWhileUnavailable } from '../store/outage.js';
import type { ResultBlobs } from './blobs.js';
import { type GeneratedPart, generatePart, type StoredCodec } from './generate-part.js';
import { jobParts, storedEncoding } from './partitions.js';
import type { JobQueue } from './queue.js';
import {
  deleteJob,
  expiredJobs,
  failJob,
  findJob,
  finishPart,
  insertJob,
  type JobRow,
  markProcessing,
  overdueJobs,
  type PartTask,
} from './records.js';

export interface JobsConfig {
  /** Parts this instance generates at once. */
  concurrency: number;
  /** How the parts of jobs this instance accepts are stored (default gzip). */
  compression?: StoredCodec;
  /** A job still processing after this long fails with JOB_TIMEOUT. */
  timeoutMs: number;
  /** How long an ended job's result is kept. */
  retentionMs: number;
  /** How often this instance looks for overdue jobs and expired results. */
  sweepIntervalMs: number;
}

export type JobEvent = 'generation.completed' | 'generation.failed';

/** Called in the transaction that ends a job, so its notification is queued if and only if it ends. */
export type JobEventSink = (trx: Db, job: JobRow, event: JobEvent) => Promise<void>;

/** What the spec column holds: everything that recompiles the job's plan, on any instance. */
interface JobSpec {
  tables: unknown;
  locale: string;
  seed: number;
}

export interface JobService {
  /** Starts the queue, this instance's workers and sweeps (once; later calls wait for the first). */
  start(): Promise<void>;
  /**
   * Accepts a planned request as a pending job (after start). `alongside` runs in the transaction that
   * inserts it (the caller reserves the job's records there): both happen, or neither.
   */
  submit(
    principal: Principal,
    prepared: PreparedGeneration,
    alongside?: (trx: Db) => Promise<void>,
  ): Promise<JobRow>;
  /** The job if `accountId` owns it. */
  find(id: string, accountId: string): Promise<JobRow | undefined>;
  readonly blobs: ResultBlobs;
  /** Times out overdue jobs and deletes expired results (run every sweepIntervalMs). */
  sweep(): Promise<void>;
  stop(): Promise<void>;
}

/** Plans recompiled from specs, kept for the jobs an instance is working on. */
const PLANS_KEPT = 8;

export interface JobServiceDeps {
  db: Db;
  queue: JobQueue;
  pool: GenerationPool;
  blobs: ResultBlobs;
  clock: Clock;
  logger: Logger;
  config: JobsConfig;
  events: JobEventSink;
  /** Recorded with each part it generates (to see how a job spread over instances). */
  instanceId?: string;
}

/** What this instance's task handlers share: the deps, its id and its recent plans. */
interface Instance extends JobServiceDeps {
  readonly instanceId: string;
  readonly plans: Map<string, GenerationPlan>;
}

export function createJobService(deps: JobServiceDeps): JobService {
  const self: Instance = { ...deps, instanceId: deps.instanceId ?? randomUUID(), plans: new Map() };
  const { db, queue, clock, logger, config } = self;
  let started: Promise<void> | undefined;
  let sweeper: NodeJS.Timeout | undefined;

  return {
    blobs: self.blobs,
    start() {
      started ??= (async () => {
        await queue.start();
        await queue.work('generation-part', config.concurrency, (data) => runPart(self, data));
        await queue.work('generation-part-lost', 1, (data) => lostPart(self, data));
        sweeper = setInterval(() => {
          sweep(self).catch((error: unknown) => {
            // During an outage every sweep fails; the outage is reported where it is met by work.
            if (isStoreUnavailable(error)) logger.debug({ err: error }, 'job sweep: database unavailable');
            else logger.warn({ err: error }, 'job sweep failed');
          });
        }, config.sweepIntervalMs);
        sweeper.unref();
      })();
      return started;
    },
    async submit(principal, prepared, alongside) {
      const { plan, format, dialect, meta, schema } = prepared;
      const parts = jobParts(plan, format, dialect);
      const spec: JobSpec = { tables: prepared.tables, locale: plan.locale, seed: plan.seed };
      const job = {
        id: randomUUID(),
        account_id: principal.accountId,
        status: 'pending',
        format,
        dialect,
        spec: JSON.stringify(spec),
        meta: JSON.stringify(meta),
        schema: schema ? JSON.stringify(schema) : null,
        records_total: meta.total_records,
        parts_total: parts.length,
        created_at: clock.now(),
        result_codec: config.compression ?? 'gzip',
      };
      await insertJob(db, queue, job, parts, alongside);
      // Its parts start now rather than at the queue's next poll (up to half a second later).
      queue.wake('generation-part');
      return (await findJob(db, job.id))!;
    },
    find: (id, accountId) => findJob(db, id, accountId),
    sweep: () => sweep(self),
    async stop() {
      clearInterval(sweeper);
      if (started) await started.catch(() => {});
      await queue.stop();
    },
  };
}

/** The job's plan, recompiled from its stored spec once per instance while it runs. */
function planOf(self: Instance, job: JobRow): GenerationPlan {
  let plan = self.plans.get(job.id);
  if (!plan) {
    const spec = JSON.parse(job.spec) as JobSpec;
    const compiled = compile(spec as Parameters<typeof compile>[0]);
    if (!compiled.ok)
      throw new Error(`job ${job.id}: its spec no longer compiles: ${compiled.error.message}`);
    plan = compiled.plan;
    if (self.plans.size >= PLANS_KEPT) self.plans.delete(self.plans.keys().next().value!);
    self.plans.set(job.id, plan);
  }
  return plan;
}

/** Fails the job (if it has not ended) and queues its notification in the same transaction. */
async function fail(self: Instance, id: string, code: string, message: string): Promise<void> {
  const now = self.clock.now();
  await self.db.transaction().execute(async (trx) => {
    if (!(await failJob(trx, id, { code, message }, now, self.config.retentionMs))) return;
    const job = await findJob(trx, id);
    if (job) await self.events(trx, job, 'generation.failed');
  });
  self.plans.delete(id);
}

/** The queue task of one part: generate its rows, then store them. */
async function runPart(self: Instance, data: Record<string, unknown>): Promise<void> {
  const { db, clock, logger } = self;
  const { job_id: jobId, seq } = data as unknown as PartTask;
  const job = await findJob(db, jobId);
  if (!job || job.status === 'completed' || job.status === 'failed') return;
  const part = await db
    .selectFrom('job_parts')
    .select(['table_name', 'start_row', 'end_row', 'done'])
    .where('job_id', '=', jobId)
    .where('seq', '=', seq)
    .executeTakeFirst();
  if (!part || part.done || part.table_name === null) return;
  await markProcessing(db, jobId, clock.now());
  let generated: GeneratedPart;
  try {
    generated = await generatePart(
      self.pool,
      planOf(self, job),
      { table: part.table_name, start: part.start_row, end: part.end_row },
      {
        encoding: storedEncoding(job.format as OutputFormat),
        dialect: job.dialect as SqlDialect,
        codec: job.result_codec as StoredCodec,
      },
    );
  } catch (error) {
    // The engine is deterministic: running the part again would fail again.
    logger.error({ err: error, job: jobId, seq }, 'job part failed');
    await fail(self, jobId, 'GENERATION_FAILED', 'Generating the data failed; the error was logged.');
    return;
  }
  await storePart(self, jobId, seq, generated);
}

/**
 * Stores a generated part and counts it; the last part completes the job. The generated bytes are kept
 * through an outage: storing them waits for the database rather than throw them away (storing a part
 * twice writes the same bytes; finishing it is conditional).
 */
async function storePart(
  self: Instance,
  jobId: string,
  seq: number,
  generated: GeneratedPart,
): Promise<void> {
  const { db, blobs, clock, logger, config } = self;
  const sizes = {
    rawBytes: generated.rawBytes,
    storedBytes: generated.stored.length,
    crc32: generated.crc32,
    ranBy: self.instanceId,
  };
  const outcome = await retryWhileUnavailable(
    async () => {
      await blobs.write(jobId, seq, generated.stored, generated.codec);
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const result = await finishPart(trx, jobId, seq, sizes, now, config.retentionMs);
        if (result === 'completed')
          await self.events(trx, (await findJob(trx, jobId))!, 'generation.completed');
        return result;
      });
    },
    {
      onOutage: (error) =>
        logger.warn({ err: error, job: jobId, seq }, 'part generated; storing it waits for the database'),
    },
  );
  logger.debug({ job: jobId, seq, outcome, ...sizes }, 'job part stored');
  if (outcome === 'completed') self.plans.delete(jobId);
}

/** The dead-letter task of a part whose run and retry were both lost: fails its job. */
async function lostPart(self: Instance, data: Record<string, unknown>): Promise<void> {
  const { job_id: jobId, seq } = data as unknown as PartTask;
  // A part whose instance waited out a database outage for longer than its lease counts as lost,
  // yet may have been stored since: only a part still missing fails its job.
  const part = await self.db
    .selectFrom('job_parts')
    .select('done')
    .where('job_id', '=', jobId)
    .where('seq', '=', seq)
    .executeTakeFirst();
  if (part?.done) return;
  self.logger.warn({ job: jobId, seq }, 'job part lost twice');
  await fail(
    self,
    jobId,
    'WORKER_LOST',
    'The instance generating part of this job stopped, and so did its retry. Submit the job again.',
  );
}

/** Times out overdue jobs and deletes expired results. */
async function sweep(self: Instance): Promise<void> {
  const { db, blobs, clock, config } = self;
  const now = clock.now();
  for (const id of await overdueJobs(db, now - config.timeoutMs)) {
    await fail(
      self,
      id,
      'JOB_TIMEOUT',
      `The job did not finish within ${Math.round(config.timeoutMs / 1000)} seconds.`,
    );
  }
  for (const id of await expiredJobs(db, now)) {
    await blobs.remove(id);
    await deleteJob(db, id);
  }
}
