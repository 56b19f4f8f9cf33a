/**
 * Jobs survive the process on the embedded store (SQLite and its queue): restart-scenario.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { openStore } from '../../src/store/index.js';
import { scenario, undone } from './restart-scenario.js';

t.test('embedded store: jobs survive restarts and kill -9', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mockhive-restart-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const store = await openStore({ dataDir });
  t.teardown(() => store.close());
  await scenario(
    t,
    store,
    { DATA_DIR: dataDir },
    {
      async parts(jobId) {
        const tasks = await store.db
          .selectFrom('queue_tasks')
          .select('data')
          .where('state', '=', 'active')
          .where('queue', '=', 'generation-part')
          .execute();
        return undone(
          store,
          jobId,
          tasks.map((task) => JSON.parse(task.data) as { job_id: string; seq: number }),
        );
      },
      async markRetried() {
        await store.db
          .updateTable('queue_tasks')
          .set({ retry_count: 1 })
          .where('state', '=', 'active')
          .execute();
      },
    },
  );
});
