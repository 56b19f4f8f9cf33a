/**
 * Asynchronous generation: POST /api/v1/generate/async accepts a request as a job (202), and
 * GET /api/v1/jobs/{id} and /api/v1/jobs/{id}/result serve it, the result streamed from storage.
 * Only the account that created a job sees it; any other id is 404.
 */
import { pipeline, Readable } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import Router from '@koa/router';
import { type Static, Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { HttpError } from '../../errors.js';
import { InferredSchemaSchema, MetaSchema, pickCsvTable } from '../../generation/pieces.js';
import { prepareGeneration } from '../../generation/prepare.js';
import { envelope, jobObject, jobTables, rawResult, storedGzip } from '../../jobs/output.js';
import type { JobRow } from '../../jobs/records.js';
import type { AppDeps } from '../deps.js';
import { jsonBody } from '../middleware/json-body.js';

export const JobAccepted = Type.Object({
  job_id: Type.String({ format: 'uuid' }),
  status: Type.Literal('pending'),
  poll_url: Type.String(),
  records_total: Type.Integer(),
});
export type JobAccepted = Static<typeof JobAccepted>;

const Time = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

/** The job object (src/jobs/output.ts, jobSummary); a completed job's data or sql comes last. */
export const JobObject = Type.Object({
  job_id: Type.String({ format: 'uuid' }),
  status: Type.Union(['pending', 'processing', 'completed', 'failed'].map((s) => Type.Literal(s))),
  records_total: Type.Integer(),
  created_at: Time,
  started_at: Time,
  completed_at: Time,
  format: Type.Union(['json', 'csv', 'sql'].map((f) => Type.Literal(f))),
  progress: Type.Object({ parts_done: Type.Integer(), parts_total: Type.Integer() }),
  poll_url: Type.String(),
  result_url: Type.Optional(Type.String({ description: 'completed jobs' })),
  expires_at: Type.Optional(Type.String({ format: 'date-time', description: 'ended jobs' })),
  meta: Type.Optional(MetaSchema),
  schema: Type.Optional(InferredSchemaSchema),
  error: Type.Optional(
    Type.Object({
      code: Type.Union(['JOB_TIMEOUT', 'WORKER_LOST', 'GENERATION_FAILED'].map((c) => Type.Literal(c))),
      message: Type.String(),
    }),
  ),
  failure_reason: Type.Optional(
    Type.String({
      description: 'failed jobs: why, as one string (error.message), as the hosted service has it',
    }),
  ),
  data: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'JSON and CSV jobs' })),
  sql: Type.Optional(Type.String({ description: 'SQL jobs' })),
});

/** `?include=` of GET /jobs/{id}: whether a completed job's `data` (or `sql`) is in the object. */
export const JobInclude = Type.Union([Type.Literal('data'), Type.Literal('none')], {
  default: 'data',
  description:
    '`data` (default): a completed job object carries its `data` or `sql`. `none`: the state only; fetch large results from `result_url`.',
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Raw media types a job's result can be read as, besides the JSON envelope, by format. */
const RAW_TYPES: Record<string, { type: string; contentType: string }> = {
  json: { type: 'application/x-ndjson', contentType: 'application/x-ndjson; charset=utf-8' },
  csv: { type: 'text/csv', contentType: 'text/csv; charset=utf-8; header=present' },
  sql: { type: 'application/sql', contentType: 'application/sql; charset=utf-8' },
};

/** Routes of the job resource (mounted behind authentication). */
export function jobRoutes(deps: AppDeps): Router {
  const router = new Router();
  const { background } = deps;

  router.post('/generate/async', jsonBody(deps.config.asyncBodyLimit), async (ctx) => {
    const principal = ctx.state.principal!;
    deps.limiter.requireFeature(principal, 'async');
    const prepared = await prepareGeneration(deps, principal, ctx.request.body, { mode: 'async' });
    await background.start();
    // The records are reserved in the job's own transaction: a job that is not stored (an outage
    // between the two) counts nothing.
    const job = await background.jobs.submit(principal, prepared, async (trx) => {
      const daily = await deps.limiter.reserveRecords(
        principal,
        prepared.meta.total_records,
        'async',
        prepared.prompts,
        trx,
      );
      ctx.set(deps.limiter.headers(daily));
    });
    const body: JobAccepted = {
      job_id: job.id,
      status: 'pending',
      poll_url: `/api/v1/jobs/${job.id}`,
      records_total: job.records_total,
    };
    ctx.status = 202;
    ctx.set('Location', body.poll_url);
    ctx.body = body;
  });

  /** The caller's job, or 404 for any id that is not one (malformed, unknown, expired, another's). */
  const ownJob = async (ctx: Context, id: string): Promise<JobRow> => {
    const principal = ctx.state.principal!;
    deps.limiter.requireFeature(principal, 'jobs');
    const job = UUID.test(id) ? await background.jobs.find(id, principal.accountId) : undefined;
    if (!job) throw new HttpError('NOT_FOUND', `No job ${JSON.stringify(id)}.`);
    return job;
  };

  router.get('/jobs/:id', async (ctx) => {
    const include = includeOf(ctx.query['include']);
    const job = await ownJob(ctx, ctx.params.id!);
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = send(ctx, jobObject(deps.store.db, background.jobs.blobs, job, include === 'data'));
  });

  router.get('/jobs/:id/result', async (ctx) => {
    const job = await ownJob(ctx, ctx.params.id!);
    if (job.status !== 'completed') {
      const why = job.status === 'failed' ? `it failed (${job.error_code})` : `it is ${job.status}`;
      throw new HttpError(
        'JOB_NOT_READY',
        `The job has no result: ${why}. Poll ${`/api/v1/jobs/${job.id}`}.`,
      );
    }
    const raw = RAW_TYPES[job.format]!;
    const accepted = ctx.accepts('application/json', raw.type);
    if (accepted === false) {
      throw new HttpError(
        'NOT_ACCEPTABLE',
        `This ${job.format} job's result is served as application/json or ${raw.type}.`,
      );
    }
    const { db } = deps.store;
    const { blobs } = background.jobs;
    if (accepted === 'application/json') {
      ctx.type = 'application/json; charset=utf-8';
      ctx.body = send(ctx, envelope(db, blobs, job));
      return;
    }
    const tables = await jobTables(db, job);
    const table = job.format === 'csv' ? pickCsvTable(tables, ctx.query.table, 'job') : undefined;
    ctx.type = raw.contentType;
    const stored = job.result_codec === 'gzip' ? () => storedGzip(db, blobs, job, table) : undefined;
    ctx.body = send(ctx, rawResult(db, blobs, job, table), stored);
  });
  return router;
}

/** The `include` query parameter: 400 VALIDATION_ERROR for anything but one `data` or `none`. */
function includeOf(raw: string | string[] | undefined): Static<typeof JobInclude> {
  if (raw === undefined) return 'data';
  if (raw === 'data' || raw === 'none') return raw;
  throw new HttpError(
    'VALIDATION_ERROR',
    `include must be "data" or "none" (once); got ${JSON.stringify(raw).slice(0, 100)}.`,
    { details: [{ field: 'include', message: 'Expected "data" or "none"' }] },
  );
}

/**
 * A byte stream for the response, compressed when the client accepts it. A raw result stored in gzip
 * (`stored`) goes out as stored to a client that accepts gzip, whatever else it accepts. Otherwise:
 * Brotli at quality 0 first (several times faster than gzip's fastest level, docs/benchmarks.md), else
 * gzip at level 1. Source and compressor are one pipeline, so a client that leaves mid-body stops the
 * reading of storage too.
 */
function send(ctx: Context, bytes: AsyncIterable<Buffer>, stored?: () => AsyncIterable<Buffer>): Readable {
  ctx.vary('Accept-Encoding');
  if (stored !== undefined && ctx.acceptsEncodings('gzip') === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    return readable(ctx, stored());
  }
  const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
  const compressor =
    encoding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 0 } })
      : encoding === 'gzip'
        ? createGzip({ level: constants.Z_BEST_SPEED })
        : undefined;
  if (compressor === undefined) return readable(ctx, bytes);
  ctx.set('Content-Encoding', encoding as string);
  return pipeline(Readable.from(bytes, { objectMode: false }), compressor, (error) => {
    if (error) failed(ctx, error);
  });
}

/** The bytes as a stream whose failure is logged and cuts the response. */
function readable(ctx: Context, bytes: AsyncIterable<Buffer>): Readable {
  const source = Readable.from(bytes, { objectMode: false });
  source.once('error', (error) => failed(ctx, error));
  return source;
}

function failed(ctx: Context, error: Error): void {
  // A client that leaves mid-body is no failure (its request's log line says `aborted`): the
  // response's pipeline then ends the body with a premature close.
  if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
  // Headers are out: cutting the connection is the only honest signal left.
  ctx.state.log.error({ err: error }, 'streaming a job result failed');
  ctx.res.destroy();
}
