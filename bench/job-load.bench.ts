/**
 * Health under job load: CSV jobs of 200,000 rows of the 10-field users table on one compiled server
 * (WORKERS=2, embedded store, JOB_CONCURRENCY=2), health sampled every 20 ms from the first
 * submission until every job completed: first the idle server (the baseline), then one job, then 20
 * submitted at once, in the same run. Reports health p50/p99/max of each, the server's main-thread
 * CPU and its peak RSS (VmHWM, worker threads included) after each: RSS after 20 jobs against after
 * one is what the number of jobs costs. Targets (the job-load issue): health p99 under 50 ms, peak RSS under the
 * ceiling of docs/jobs.md.
 */
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createApiKey } from '../src/accounts/api-keys.js';
import { systemClock } from '../src/accounts/clock.js';
import { openStore } from '../src/store/index.js';
import { usersTable } from '../workers/engine/samples.js';
import { benchDataDir, healthDuring, peakRssMb, startServer } from './http.bench.js';

const JOBS = Math.max(2, Number(process.env.BENCH_JOBS ?? 20));
const ROWS = Number(process.env.BENCH_JOB_ROWS ?? 200_000);
/** Idle probes of the baseline: about as many as the load gives, so both p99s rest on as many samples. */
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 5_000);
const PROBE_EVERY_MS = 20;

/** CPU milliseconds (user and system) of a process's main thread so far: the event loop's own work. */
function mainThreadCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100;

const p = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;

function summary(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  return `${sorted.length} probes, p50 ${p(sorted, 0.5).toFixed(1)} ms, p99 ${p(sorted, 0.99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
}

/** Submits one job; its id. */
async function submit(url: string, key: string, seed: number): Promise<string> {
  const response = await fetch(`${url}/api/v1/generate/async`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'Content-Type': 'application/json' },
    body: JSON.stringify({ tables: [usersTable(ROWS)], format: 'csv', seed }),
  });
  if (response.status !== 202) throw new Error(`submit: status ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { job_id: string }).job_id;
}

/** The job's status, polled as docs/jobs.md advises: without its data (`?include=none`). */
async function status(url: string, key: string, id: string): Promise<string | undefined> {
  const response = await fetch(`${url}/api/v1/jobs/${id}?include=none`, { headers: { 'x-api-key': key } });
  return ((await response.json()) as { status?: string }).status;
}

/**
 * Resolves once every job completed. One poll every 250 ms, of the earliest job not yet seen
 * completed (they run in about the order they came), and at once the next when it is: like 20
 * clients each polling every 5 s, without the probes of the 20 clients adding up to the load.
 */
async function allCompleted(url: string, key: string, ids: string[]): Promise<void> {
  let next = 0;
  while (next < ids.length) {
    const state = await status(url, key, ids[next]!);
    if (state === 'completed') next++;
    else if (state !== 'pending' && state !== 'processing') throw new Error(`job ${ids[next]}: ${state}`);
    else await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function run(env: Record<string, string> = {}): Promise<void> {
  const dataDir = benchDataDir();
  const store = await openStore({ dataDir });
  const { api_key: key } = await createApiKey(store.db, systemClock, { tier: 'internal' });
  await store.close();
  const server = await startServer(dataDir, env);
  try {
    const pid = server.child.pid!;
    const idle = await healthDuring(
      server.url,
      new Promise((resolve) => setTimeout(resolve, IDLE_MS)),
      PROBE_EVERY_MS,
    );
    const idleRss = peakRssMb(pid);
    console.log(
      `job-load: health on the idle server (baseline): ${summary(idle)}; peak RSS ${idleRss.toFixed(0)} MB`,
    );
    // One job, then JOBS at once: what JOBS jobs add over one is what their number costs.
    for (const jobs of [1, JOBS]) {
      const cpuBefore = mainThreadCpuMs(pid);
      const started = performance.now();
      let submittedMs = 0;
      const load = (async () => {
        const ids = await Promise.all(Array.from({ length: jobs }, (_, i) => submit(server.url, key, i + 1)));
        submittedMs = performance.now() - started;
        await allCompleted(server.url, key, ids);
      })();
      const health = await healthDuring(server.url, load, PROBE_EVERY_MS);
      await load;
      const label = `${jobs} csv job${jobs > 1 ? 's' : ''} of ${ROWS.toLocaleString('en-US')} rows`;
      console.log(
        `job-load: ${label}: submitted in ${submittedMs.toFixed(0)} ms, completed after ${(performance.now() - started).toFixed(0)} ms, ` +
          `server main thread ${(mainThreadCpuMs(pid) - cpuBefore).toFixed(0)} ms of CPU`,
      );
      console.log(`job-load: health under ${label}: ${summary(health)} (target p99 50 ms)`);
      console.log(`job-load: server peak RSS after ${label}: ${peakRssMb(pid).toFixed(0)} MB`);
    }
  } finally {
    server.child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await run();
