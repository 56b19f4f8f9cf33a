/**
 * Asynchronous generation end to end: a 1,000,000-row CSV job of the 10-field users table, accepted
 * → completed → raw result downloaded by curl, against the sync CSV stream of the same request by
 * curl in the same run (the baseline), alternating, RUNS pairs. Each side has a compiled server of
 * its own (WORKERS=2), so each peak RSS (VmHWM) is that path's. Health is sampled every 10 ms on the
 * job's server while the job runs. Then the job object itself (its `data` streamed from storage) is
 * downloaded once. Targets (issue 15): round trip within 1.5× the stream, server peak RSS under
 * 300 MB, health p99 under 50 ms.
 */
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createApiKey } from '../src/accounts/api-keys.js';
import { systemClock } from '../src/accounts/clock.js';
import { openStore } from '../src/store/index.js';
import { median } from './engine.bench.js';
import {
  benchDataDir,
  healthDuring,
  peakRssMb,
  startServer,
  streamWithCurl,
  USERS_TABLE,
} from './http.bench.js';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const BODY = { tables: [USERS_TABLE], format: 'csv', seed: 1 };

/** GETs `url` with curl into /dev/null: milliseconds and bytes. */
function curlGet(url: string, key: string, accept: string): Promise<{ ms: number; bytes: number }> {
  const args = ['-sS', '-o', '/dev/null', '-H', `Accept: ${accept}`, '-H', `x-api-key: ${key}`];
  args.push('-w', '%{http_code} %{time_total} %{size_download}', url);
  return new Promise((resolve, reject) => {
    execFile('curl', args, (error, stdout) => {
      if (error) return reject(error);
      const [status, total, bytes] = stdout.trim().split(' ');
      if (status !== '200') return reject(new Error(`GET ${url}: status ${status}`));
      resolve({ ms: Number(total) * 1000, bytes: Number(bytes) });
    });
  });
}

/** The job's status, reading only the head of the job object (a completed one goes on with its data). */
async function status(url: string, key: string, id: string): Promise<string> {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/v1/jobs/${id}`, {
    headers: { 'x-api-key': key },
    signal: controller.signal,
  });
  const reader = response.body!.getReader();
  let head = '';
  while (!/"status":"(\w+)"/.test(head)) {
    const { value, done } = await reader.read();
    if (done) break;
    head += Buffer.from(value).toString();
  }
  controller.abort();
  return /"status":"(\w+)"/.exec(head)?.[1] ?? 'unknown';
}

const p = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;

export async function run(): Promise<void> {
  const dataDir = benchDataDir();
  const store = await openStore({ dataDir });
  const { api_key: key } = await createApiKey(store.db, systemClock, { tier: 'internal' });
  await store.close();
  const sync = await startServer(dataDir);
  const jobs = await startServer(dataDir);
  const ratios: number[] = [];
  const health: number[] = [];
  let lastJob = '';
  try {
    for (let i = 0; i < RUNS; i++) {
      const stream = await streamWithCurl(sync.url, key, 'text/csv', BODY);
      const started = performance.now();
      const accepted = await fetch(`${jobs.url}/api/v1/generate/async`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'Content-Type': 'application/json' },
        body: JSON.stringify(BODY),
      });
      const { job_id } = (await accepted.json()) as { job_id: string };
      const polling = (async () => {
        for (;;) {
          const state = await status(jobs.url, key, job_id);
          if (state === 'completed') return;
          if (state !== 'pending' && state !== 'processing') throw new Error(`job ${job_id} ${state}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      health.push(...(await healthDuring(jobs.url, polling, 10)));
      await polling;
      const completedMs = performance.now() - started;
      const download = await curlGet(`${jobs.url}/api/v1/jobs/${job_id}/result`, key, 'text/csv');
      const roundTrip = performance.now() - started;
      if (download.bytes !== stream.bytes)
        throw new Error(`job result ${download.bytes} bytes, stream ${stream.bytes}`);
      ratios.push(roundTrip / stream.totalMs);
      console.log(
        `jobs: run ${i + 1} of ${RUNS}: sync csv stream ${stream.totalMs.toFixed(0)} ms (baseline); async ${roundTrip.toFixed(0)} ms ` +
          `(completed after ${completedMs.toFixed(0)} ms, result ${download.ms.toFixed(0)} ms, ${(download.bytes / 1e6).toFixed(1)} MB): ` +
          `${(roundTrip / stream.totalMs).toFixed(2)}x the stream`,
      );
      lastJob = job_id;
    }
    console.log(
      `jobs: async round trip, median of ${RUNS}: ${median(ratios).toFixed(2)}x the sync stream (runs ${ratios.map((r) => r.toFixed(2)).join(', ')}; target 1.5x)`,
    );
    health.sort((a, b) => a - b);
    console.log(
      `jobs: health while jobs run: ${health.length} probes, p50 ${p(health, 0.5).toFixed(1)} ms, p99 ${p(health, 0.99).toFixed(1)} ms, max ${health.at(-1)!.toFixed(1)} ms (target p99 50 ms)`,
    );
    const object = await curlGet(`${jobs.url}/api/v1/jobs/${lastJob}`, key, 'application/json');
    console.log(
      `jobs: job object with its data: ${(object.bytes / 1e6).toFixed(1)} MB in ${object.ms.toFixed(0)} ms`,
    );
    console.log(
      `jobs: peak RSS: job server ${peakRssMb(jobs.child.pid!).toFixed(0)} MB (target 300 MB), stream server ${peakRssMb(sync.child.pid!).toFixed(0)} MB`,
    );
  } finally {
    sync.child.kill('SIGTERM');
    jobs.child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await run();
