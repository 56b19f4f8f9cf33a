/**
 * Where a job's generated parts are kept, Brotli-compressed: in the `job_parts.data` column on PostgreSQL, so any
 * instance serves any job (the one that ran it may be gone), and as files under DATA_DIR/jobs on
 * SQLite. A part is at most a few megabytes compressed (PART_BYTES of worst case, see partitions.ts).
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../store/database.js';

export interface ResultBlobs {
  write(jobId: string, seq: number, compressed: Buffer): Promise<void>;
  read(jobId: string, seq: number): Promise<Buffer>;
  /** Removes every part of a job (the rows go with the job). */
  remove(jobId: string): Promise<void>;
}

// Job ids are UUIDs the service makes; checked anyway before they become paths.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Parts as files: DATA_DIR/jobs/<job id>/<seq>.br, each written whole (temporary file, then rename). */
export function fileBlobs(dataDir: string): ResultBlobs {
  const dir = (jobId: string) => {
    if (!UUID.test(jobId)) throw new Error(`not a job id: ${jobId}`);
    return join(dataDir, 'jobs', jobId);
  };
  return {
    async write(jobId, seq, compressed) {
      await mkdir(dir(jobId), { recursive: true });
      const file = join(dir(jobId), `${seq}.br`);
      await writeFile(`${file}.tmp`, compressed);
      await rename(`${file}.tmp`, file);
    },
    read: (jobId, seq) => readFile(join(dir(jobId), `${seq}.br`)),
    remove: (jobId) => rm(dir(jobId), { recursive: true, force: true }),
  };
}

/** Parts in the database, beside their rows. */
export function databaseBlobs(db: Db): ResultBlobs {
  return {
    async write(jobId, seq, compressed) {
      await db
        .updateTable('job_parts')
        .set({ data: compressed })
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
