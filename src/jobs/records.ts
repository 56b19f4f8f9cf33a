/**
 * Job rows: creation (with its parts and their queue tasks, in one transaction), the transitions
 * pending → processing → completed | failed as single conditional updates (safe when instances race),
 * and the sweeps for timeouts and expired results.
 */
import type { Selectable } from 'kysely';
import type { Db, JobsTable } from '../store/database.js';
import type { Part } from './partitions.js';
import type { JobQueue } from './queue.js';

export type JobRow = Selectable<JobsTable>;
export type JobStatus = 'pending' | 'processing' | 'completed' | 'failed';

/** A part's task on the queue. */
export interface PartTask {
  job_id: string;
  seq: number;
}

/** Inserts the job and its parts and enqueues the row parts, all or nothing. */
export async function insertJob(
  db: Db,
  queue: JobQueue,
  job: Omit<
    JobRow,
    | 'parts_done'
    | 'started_at'
    | 'completed_at'
    | 'expires_at'
    | 'generation_ms'
    | 'error_code'
    | 'error_message'
  >,
  parts: readonly Part[],
  /** Runs first in the job's transaction: what must hold, or be counted, if and only if it is accepted. */
  alongside: (trx: Db) => Promise<void> = async () => {},
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await alongside(trx);
    // Text parts are done from the start.
    const textParts = parts.filter((p) => p.text !== undefined).length;
    await trx
      .insertInto('jobs')
      .values({ ...job, parts_done: textParts })
      .execute();
    const rows = parts.map((p) => ({
      job_id: job.id,
      seq: p.seq,
      table_name: p.table,
      start_row: p.start,
      end_row: p.end,
      text: p.text ?? null,
      done: p.text === undefined ? 0 : 1,
    }));
    // SQLite takes at most 32,766 parameters a statement: 7 a row.
    for (let i = 0; i < rows.length; i += 1000) {
      await trx
        .insertInto('job_parts')
        .values(rows.slice(i, i + 1000))
        .execute();
    }
    const tasks: PartTask[] = parts
      .filter((p) => p.text === undefined)
      .map((p) => ({ job_id: job.id, seq: p.seq }));
    await queue.send('generation-part', tasks, { trx });
  });
}

/** The job, if it exists and belongs to `accountId`. */
export async function findJob(db: Db, id: string, accountId?: string): Promise<JobRow | undefined> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('id', '=', id)
    .$if(accountId !== undefined, (q) => q.where('account_id', '=', accountId!))
    .executeTakeFirst();
}

/** pending → processing, when the first part starts. */
export async function markProcessing(db: Db, id: string, now: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'processing', started_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Records a stored part, in the caller's transaction. 'completed' when it was the job's last (this call completed the job),
 * 'progress' when parts remain, 'stale' when the part was done already or the job has ended.
 */
export async function finishPart(
  trx: Db,
  jobId: string,
  seq: number,
  sizes: { rawBytes: number; storedBytes: number; crc32: number; ranBy: string },
  now: number,
  retentionMs: number,
): Promise<'completed' | 'progress' | 'stale'> {
  const marked = await trx
    .updateTable('job_parts')
    .set({
      done: 1,
      raw_bytes: sizes.rawBytes,
      stored_bytes: sizes.storedBytes,
      crc32: sizes.crc32,
      ran_by: sizes.ranBy,
    })
    .where('job_id', '=', jobId)
    .where('seq', '=', seq)
    .where('done', '=', 0)
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) === 0) return 'stale';
  const counted = await trx
    .updateTable('jobs')
    .set((eb) => ({ parts_done: eb('parts_done', '+', 1) }))
    .where('id', '=', jobId)
    .where('status', '=', 'processing')
    .returning(['parts_done', 'parts_total', 'started_at'])
    .executeTakeFirst();
  if (!counted) return 'stale';
  // The counter's row lock orders parts finishing at once: exactly one sees the last count.
  if (counted.parts_done < counted.parts_total) return 'progress';
  const completed = await trx
    .updateTable('jobs')
    .set({
      status: 'completed',
      completed_at: now,
      expires_at: now + retentionMs,
      generation_ms: now - (counted.started_at ?? now),
    })
    .where('id', '=', jobId)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  return Number(completed.numUpdatedRows) === 1 ? 'completed' : 'stale';
}

/** Fails a job that has not ended; true when this call failed it. */
export async function failJob(
  db: Db,
  id: string,
  error: { code: string; message: string },
  now: number,
  retentionMs: number,
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({
      status: 'failed',
      completed_at: now,
      expires_at: now + retentionMs,
      error_code: error.code,
      error_message: error.message,
    })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'processing'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Jobs processing since before `startedBefore`: the ones to time out. */
export async function overdueJobs(db: Db, startedBefore: number): Promise<string[]> {
  const rows = await db
    .selectFrom('jobs')
    .select('id')
    .where('status', '=', 'processing')
    .where('started_at', '<', startedBefore)
    .execute();
  return rows.map((r) => r.id);
}

/** Ended jobs whose results expired by `now`. */
export async function expiredJobs(db: Db, now: number, limit = 100): Promise<string[]> {
  const rows = await db.selectFrom('jobs').select('id').where('expires_at', '<=', now).limit(limit).execute();
  return rows.map((r) => r.id);
}

export async function deleteJob(db: Db, id: string): Promise<void> {
  await db.deleteFrom('jobs').where('id', '=', id).execute();
}

/** The parts of a job in order, without their data. */
export async function listParts(db: Db, jobId: string) {
  return db
    .selectFrom('job_parts')
    .select([
      'seq',
      'table_name',
      'start_row',
      'end_row',
      'text',
      'done',
      'raw_bytes',
      'stored_bytes',
      'crc32',
      'ran_by',
    ])
    .where('job_id', '=', jobId)
    .orderBy('seq')
    .execute();
}
