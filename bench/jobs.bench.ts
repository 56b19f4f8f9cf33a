/**
 * Asynchronous generation end to end: a CSV job of the 10-field users table, accepted → completed →
 * raw result downloaded by curl, against the sync CSV stream of the same request by curl in the same
 * run (the baseline), alternating, RUNS rounds of three: the stream, a job stored in gzip (the
 * default; downloaded by `curl --compressed`, so the stored bytes are sent and curl inflates them),
 * and a job stored as is (JOB_RESULT_COMPRESSION=none, downloaded plain). 1,000,000 rows, then one
 * round of 10,000,000 on fresh servers. Each path has a compiled server of its own (WORKERS=2), so each
 * peak RSS (VmHWM) is that path's. Health is sampled every 10 ms on the gzip job server while its job
 * runs. Targets (issue 37): round trip at most 2× the stream, job server peak RSS at most 250 MB at
 * both sizes.
 */
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createApiKey } from '../src/accounts/api-keys.js';
import { systemClock } from '../src/accounts/clock.js';
import { usersTable } from '../workers/engine/samples.js';
import { openStore } from '../src/store/index.js';
import { median } from './engine.bench.js';
import { benchDataDir, healthDuring, peakRssMb, startServer, streamWithCurl } from './http.bench.js';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const SIZES = (process.env.BENCH_JOB_ROWS ?? '1000000,10000000').split(',').map(Number);

/** GETs `url` with curl into /dev/null: milliseconds and bytes received. */
function curlGet(
  url: string,
  key: string,
  accept: string,
  compressed = false,
): Promise<{ ms: number; bytes: number }> {
  const args = ['-sS', '-o', '/dev/null', '-H', `Accept: ${accept}`, '-H', `x-api-key: ${key}`];
  if (compressed) args.push('--compressed');
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

/** A job of `body` from submission to its downloaded result: the times, and health meanwhile. */
async function roundTrip(url: string, key: string, body: unknown, compressed: boolean, probe: boolean) {
  const started = performance.now();
  const accepted = await fetch(`${url}/api/v1/generate/async`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const { job_id } = (await accepted.json()) as { job_id: string };
  const polling = (async () => {
    for (;;) {
      const state = await status(url, key, job_id);
      if (state === 'completed') return;
      if (state !== 'pending' && state !== 'processing') throw new Error(`job ${job_id} ${state}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const health = probe ? await healthDuring(url, polling, 10) : [];
  await polling;
  const completedMs = performance.now() - started;
  const download = await curlGet(`${url}/api/v1/jobs/${job_id}/result`, key, 'text/csv', compressed);
  return { totalMs: performance.now() - started, completedMs, download, health };
}

const CODECS = [
  { codec: 'gzip', env: {}, compressed: true },
  { codec: 'none', env: { JOB_RESULT_COMPRESSION: 'none' }, compressed: false },
] as const;

/** RUNS rounds at `rows`: the stream, then a job of each codec, each on its own fresh server. */
async function size(dataDir: string, key: string, rows: number, runs: number): Promise<void> {
  const body = { tables: [usersTable(rows)], format: 'csv', seed: 1 };
  const sync = await startServer(dataDir);
  const servers = await Promise.all(CODECS.map((c) => startServer(dataDir, c.env)));
  const ratios = CODECS.map((): number[] => []);
  const health: number[] = [];
  const label = `${(rows / 1e6).toFixed(0)}M rows`;
  try {
    for (let i = 0; i < runs; i++) {
      const stream = await streamWithCurl(sync.url, key, 'text/csv', body);
      const line = [
        `jobs: ${label}, round ${i + 1} of ${runs}: stream ${stream.totalMs.toFixed(0)} ms (baseline)`,
      ];
      for (const [c, { codec, compressed }] of CODECS.entries()) {
        const job = await roundTrip(servers[c]!.url, key, body, compressed, c === 0);
        health.push(...job.health);
        ratios[c]!.push(job.totalMs / stream.totalMs);
        line.push(
          `${codec} job ${job.totalMs.toFixed(0)} ms (completed ${job.completedMs.toFixed(0)}, download ${job.download.ms.toFixed(0)} ms, ` +
            `${(job.download.bytes / 1e6).toFixed(1)} MB sent) ${(job.totalMs / stream.totalMs).toFixed(2)}x`,
        );
      }
      console.log(line.join('; '));
    }
    for (const [c, { codec }] of CODECS.entries()) {
      const r = ratios[c]!;
      console.log(
        `jobs: ${label}, ${codec}: round trip ${median(r).toFixed(2)}x the stream (median of ${runs}; ${r.map((x) => x.toFixed(2)).join(', ')}; target 2x), ` +
          `job server peak RSS ${peakRssMb(servers[c]!.child.pid!).toFixed(0)} MB (target 250 MB)`,
      );
    }
    console.log(`jobs: ${label}, stream server peak RSS ${peakRssMb(sync.child.pid!).toFixed(0)} MB`);
    if (health.length > 0) {
      health.sort((a, b) => a - b);
      console.log(
        `jobs: ${label}, health while the gzip job runs: ${health.length} probes, p50 ${p(health, 0.5).toFixed(1)} ms, p99 ${p(health, 0.99).toFixed(1)} ms (target p99 50 ms)`,
      );
    }
  } finally {
    for (const server of [sync, ...servers]) server.child.kill('SIGTERM');
  }
}

export async function run(): Promise<void> {
  const dataDir = benchDataDir();
  const store = await openStore({ dataDir });
  const { api_key: key } = await createApiKey(store.db, systemClock, { tier: 'internal' });
  await store.close();
  try {
    // The largest size once: it is there for the memory, which does not vary between rounds.
    for (const [i, rows] of SIZES.entries()) await size(dataDir, key, rows, i === 0 ? RUNS : 1);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await run();
