/**
 * POST /api/v1/generate: schema, template or prompt mode in; the JSON envelope or, chosen by Accept,
 * a raw NDJSON, CSV or SQL stream out. Records are counted once the request is accepted — after
 * validation, gating and planning — and generation streams from the worker pool with backpressure.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import type { GenerationPlan, PlanSize } from '../../../workers/engine/index.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../../errors.js';
import { META_TRAILER, type MetaHeader } from '../meta-headers.js';
import { jsonBody } from '../middleware/json-body.js';
import { outputTables } from '../../../workers/engine/child-tables.js';
import { envelopePieces, type Meta, pickCsvTable, type RawKind, rawPieces } from '../../generation/pieces.js';
import {
  CHUNK_BYTES,
  FIRST_CHUNK_ROWS,
  INLINE_CHUNK_BYTES,
  type Piece,
  streamPieces,
  wholeBody,
} from '../../generation/stream.js';
import { prepareGeneration } from '../../generation/prepare.js';

/**
 * Small requests run on the event loop, where a worker round trip would cost more than the work. Small
 * by each measure of the work known before it starts: records, cells (time: ~0.3 µs a cell) and
 * worst-case bytes (time for long text, and memory), with no row larger than an inline chunk. Their
 * chunks run one per turn of the event loop, so other requests wait for one chunk at most.
 */
export const INLINE_MAX_RECORDS = 2000;
export const INLINE_MAX_CELLS = 40_000;
export const INLINE_MAX_BYTES = 8 << 20;

/** A plan's records and cells, over all its tables. */
function extentOf(plan: GenerationPlan): { records: number; cells: number } {
  let records = 0;
  let cells = 0;
  for (const table of plan.tables) {
    records += table.count;
    cells += table.count * table.fields.length;
  }
  return { records, cells };
}

/** Whether a plan is small enough to run on the event loop. */
export function runsInline(plan: GenerationPlan, size: PlanSize): boolean {
  const { records, cells } = extentOf(plan);
  return (
    records <= INLINE_MAX_RECORDS &&
    cells <= INLINE_MAX_CELLS &&
    size.total <= INLINE_MAX_BYTES &&
    size.row.bytes <= INLINE_CHUNK_BYTES
  );
}

/**
 * Records and worst-case cells of a response generated whole, in one turn of the event loop, and sent
 * in one buffer (wholeBody): no more than the first inline chunk of a table, which the event loop
 * already runs in one turn (FIRST_CHUNK_ROWS rows and INLINE_CHUNK_BYTES worst-case bytes), and ~3 ms
 * of cells at most. Only the JSON envelope: raw streams end with a trailer, which needs chunked framing.
 */
export const WHOLE_MAX_RECORDS = FIRST_CHUNK_ROWS;
export const WHOLE_MAX_CELLS = 10_000;

/** Whether a JSON envelope of a plan is small enough to generate whole (see WHOLE_MAX_RECORDS). */
export function runsWhole(plan: GenerationPlan, size: PlanSize): boolean {
  const { records, cells } = extentOf(plan);
  return records <= WHOLE_MAX_RECORDS && cells <= WHOLE_MAX_CELLS && size.total <= INLINE_CHUNK_BYTES;
}

const MEDIA_TYPES = ['application/json', 'application/x-ndjson', 'text/csv', 'application/sql'] as const;
const RAW_KIND: Record<string, RawKind> = {
  'application/x-ndjson': 'ndjson',
  'text/csv': 'csv',
  'application/sql': 'sql',
};
const RAW_CONTENT_TYPE: Record<RawKind, string> = {
  ndjson: 'application/x-ndjson; charset=utf-8',
  csv: 'text/csv; charset=utf-8; header=present',
  sql: 'application/sql; charset=utf-8',
};

/** What Accept asks for: the JSON envelope (undefined) or a raw stream. 406 when nothing fits. */
function negotiate(ctx: Context): RawKind | undefined {
  const accepted = ctx.accepts([...MEDIA_TYPES]);
  if (accepted === false) {
    throw new HttpError('NOT_ACCEPTABLE', `Accept one of: ${MEDIA_TYPES.join(', ')}.`);
  }
  return RAW_KIND[accepted as string];
}

/** Routes of the generation resource (mounted behind authentication). */
export function generateRoutes(deps: AppDeps): Router {
  const router = new Router();
  router.post('/generate', jsonBody(deps.config.bodyLimit), async (ctx) => {
    const started = performance.now();
    const principal = ctx.state.principal!;
    const prepared = await prepareGeneration(deps, principal, ctx.request.body, {
      negotiate: () => negotiate(ctx),
      mode: 'sync',
    });
    const { plan, size, format, dialect, meta, schema, rawKind } = prepared;
    const inline = runsInline(plan, size);
    const budget = inline ? INLINE_CHUNK_BYTES : CHUNK_BYTES;
    const csvTable =
      rawKind === 'csv'
        ? pickCsvTable(
            outputTables(plan).map((o) => o.table.name),
            ctx.query.table,
            'request',
          )
        : undefined;
    const daily = await deps.limiter.reserveRecords(principal, meta.total_records, 'sync', prepared.prompts);
    ctx.set(deps.limiter.headers(daily));

    const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
    let pieces: Iterable<Piece>;
    if (rawKind) {
      pieces = rawPieces(plan, rawKind, dialect, csvTable, budget);
      ctx.type = RAW_CONTENT_TYPE[rawKind];
      if (rawKind !== 'ndjson') {
        const file = `${rawKind === 'csv' ? csvTable : 'mockhive'}.${rawKind}`;
        ctx.set('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(file)}`);
      }
      ctx.set(metaHeaders(meta));
      ctx.set('Trailer', META_TRAILER);
    } else {
      const tail = () => {
        const full = { ...meta, generation_time_ms: elapsed() };
        return `"meta":${JSON.stringify(full)}${schema ? `,"schema":${JSON.stringify(schema)}` : ''}`;
      };
      pieces = envelopePieces(plan, format, dialect, tail, budget);
      ctx.type = 'application/json; charset=utf-8';
      if (runsWhole(plan, size)) {
        ctx.status = 200;
        ctx.body = wholeBody(pieces);
        return;
      }
    }
    const stream = streamPieces(pieces, deps.pool, {
      inline,
      output: ctx.res,
      onDone: rawKind ? () => ctx.res.addTrailers({ [META_TRAILER]: String(elapsed()) }) : undefined,
    });
    stream.once('error', (error) => {
      // Headers may be out already: cutting the connection is the only honest signal left.
      ctx.state.log.error({ err: error }, 'generation failed while streaming');
      ctx.res.destroy();
    });
    ctx.status = 200;
    ctx.body = stream;
  });
  return router;
}

/** meta fields known before the body, as X-Meta-* headers of raw streams. */
function metaHeaders(meta: Omit<Meta, 'generation_time_ms'>): Partial<Record<MetaHeader, string>> {
  const headers: Partial<Record<MetaHeader, string>> = {
    'X-Meta-Tables': String(meta.tables),
    'X-Meta-Total-Records': String(meta.total_records),
    'X-Meta-Records-Per-Table': asciiJson(meta.records_per_table),
    'X-Meta-Locale': meta.locale,
    'X-Meta-Format': meta.format,
    'X-Meta-Seed': String(meta.seed),
    'X-Meta-Engine-Version': meta.engine_version,
  };
  if (meta.sql_dialect) headers['X-Meta-Sql-Dialect'] = meta.sql_dialect;
  if (meta.warnings) headers['X-Meta-Warnings'] = asciiJson(meta.warnings);
  return headers;
}

/** JSON with every non-ASCII character escaped, so it fits in a header value. */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
