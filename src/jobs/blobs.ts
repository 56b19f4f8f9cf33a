/**
 * Where a job's generated parts are kept, in the job's codec: in the `job_parts.data` column on PostgreSQL, so any
 * instance serves any job (the one that ran it may be gone), and as files under DATA_DIR/jobs on
 * SQLite. A part is at most a few megabytes compressed (PART_BYTES of worst case, see partitions.ts).
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../store/database.js';

export interface ResultBlobs {
  write(jobId: string, seq: number, stored: Buffer, codec: string): Promise<void>;
  read(jobId: string, seq: number, codec: string): Promise<Buffer>;
  /** Removes every part of a job (the rows go with the job). */
  remove(jobId: string): Promise<void>;
}

// Job ids are UUIDs the service makes; checked anyway before they become paths.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A part file's extension by the job's codec. */
const EXTENSIONS: Readonly<Record<string, string>> = { gzip: 'deflate', none: 'raw', br: 'br' };

/**
 * Parts as files: DATA_DIR/jobs/<job id>/<seq>.<deflate|raw|br>, each written whole (temporary file,
 * then rename).
 */
export function fileBlobs(dataDir: string): ResultBlobs {
  const dir = (jobId: string) => {
    if (!UUID.test(jobId)) throw new Error(`not a job id: ${jobId}`);
    return join(dataDir, 'jobs', jobId);
  };
  const file = (jobId: string, seq: number, codec: string) => {
    const extension = EXTENSIONS[codec];
    if (extension === undefined) throw new Error(`not a result codec: ${codec}`);
    return join(dir(jobId), `${seq}.${extension}`);
  };
  return {
    async write(jobId, seq, stored, codec) {
      const path = file(jobId, seq, codec);
      await mkdir(dir(jobId), { recursive: true });
      await writeFile(`${path}.tmp`, stored);
      await rename(`${path}.tmp`, path);
    },
    read: (jobId, seq, codec) => readFile(file(jobId, seq, codec)),
    remove: (jobId) => rm(dir(jobId), { recursive: true, force: true }),
  };
}

/** Parts in the database, beside their rows. */
export function databaseBlobs(db: Db): ResultBlobs {
  return {
    async write(jobId, seq, stored) {
      await db
        .updateTable('job_parts')
        .set({ data: stored })
        .where('job_id', '=', jobId)
        .where('seq', '=', seq)
        .execute();
    },
    async read(jobId, seq) {
      const row = await db
        .selectFrom('job_parts')
        .select('data')
        .where('job_id', '=', jobId)
        .where('seq', '=', seq)
        .executeTakeFirst();
      if (!row?.data) throw new Error(`part ${seq} of job ${jobId} is missing`);
      return row.data;
    },
    // The parts' rows, and their data, are deleted with the job (ON DELETE CASCADE).
    remove: async () => {},
  };
}
