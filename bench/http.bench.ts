/**
 * End-to-end HTTP benchmark: 1,000,000 rows of the 10-field users table streamed by a real server
 * process (compiled, WORKERS=2) in each format, beside a plain faker script writing the same CSV in
 * the same run. Reports rows/s, time to first byte, the server's peak RSS (VmHWM, worker threads
 * included) and health latency measured while a large response streams.
 *
 * The client is curl writing to /dev/null, as the faker script writes to /dev/null: on two cores a
 * client's CPU is taken from the server, and curl needs ~0.05 of a core where a Node client needs
 * 0.3–0.4. Without curl (or with BENCH_CLIENT=node) a Node client in this process is used instead;
 * every line names its client.
 */
import { type ChildProcess, execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiKey } from '../src/accounts/api-keys.js';
import { systemClock } from '../src/accounts/clock.js';
import { openStore } from '../src/store/index.js';
import { usersTable } from '../workers/engine/samples.js';
import { median } from './engine.bench.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const BASELINE_ROWS = Math.max(10_000, Math.round(ROWS / 10));

export const USERS_TABLE = usersTable(ROWS);

/** A plain faker script writing the same CSV to stdout with backpressure: the baseline. */
const FAKER_SCRIPT = `
import { faker } from '@faker-js/faker';
const rows = Number(process.argv[1]);
faker.seed(1);
const q = (s) => (/[",\\r\\n]/.test(s) ? '"' + s.replaceAll('"', '""') + '"' : s);
const out = process.stdout;
let buffer = 'id,first_name,last_name,email,city,country,created_at,price,active,age\\r\\n';
const start = performance.now();
for (let i = 0; i < rows; i++) {
  const first = faker.person.firstName();
  const last = faker.person.lastName();
  buffer += [faker.string.uuid(), q(first), q(last), q(faker.internet.email({ firstName: first, lastName: last })),
    q(faker.location.city()), q(faker.location.country()), faker.date.past({ years: 5 }).toISOString(),
    faker.commerce.price(), faker.datatype.boolean(), faker.number.int({ min: 18, max: 90 })].join(',') + '\\r\\n';
  if (buffer.length > 65536) {
    if (!out.write(buffer)) await new Promise((r) => out.once('drain', r));
    buffer = '';
  }
}
out.write(buffer);
process.stderr.write(String(performance.now() - start));
`;

function fakerBaseline(rows: number): number {
  const { stderr, status } = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', FAKER_SCRIPT, String(rows)],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  if (status !== 0) throw new Error(`faker baseline failed: ${stderr}`);
  return rows / (Number(stderr.toString()) / 1000);
}

/**
 * Starts the compiled server (WORKERS=2) on a free port with `dataDir`; resolves with its URL once its
 * generation threads are warm, so nothing measured competes with the warm-up (a real server warms up
 * once, at start).
 */
export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string }> {
  // The flags `npm start` and the Dockerfile run the server with, and BENCH_SERVER_NODE_ARGS (say
  // `--cpu-prof`, which NODE_OPTIONS refuses) to look into a bench server.
  const extra = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(
    process.execPath,
    ['--single-threaded-gc', '--heap-growing-percent=100', ...extra, 'dist/src/server.js'],
    {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir, WORKERS: '2', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    // Keep draining stdout (request logs) after the server is ready, or it would block on it.
    child.stdout!.on('data', (chunk) => {
      if (output === undefined) return;
      output += chunk;
      const match = /"url":"(http:[^"]+)"/.exec(output);
      if (match && output.includes('generation threads warmed up')) {
        output = undefined as unknown as string;
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, url };
}

/** Peak resident set size of a process so far, in MB (worker threads included). */
export function peakRssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmHWM:\s+(\d+) kB/);
  return Number(line?.[1] ?? 0) / 1024;
}

interface StreamResult {
  ttfbMs: number;
  totalMs: number;
  bytes: number;
}

/** curl when it is installed and not overridden by BENCH_CLIENT=node. */
function curlAvailable(): boolean {
  if (process.env.BENCH_CLIENT === 'node') return false;
  return spawnSync('curl', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** One streamed request through curl, its body written to /dev/null. */
export function streamWithCurl(
  url: string,
  key: string,
  accept: string,
  body: unknown,
): Promise<StreamResult> {
  const args = ['-sS', '-o', '/dev/null', '-X', 'POST', '--data-binary', JSON.stringify(body)];
  for (const header of ['Content-Type: application/json', `Accept: ${accept}`, `x-api-key: ${key}`]) {
    args.push('-H', header);
  }
  args.push(
    '-w',
    '%{http_code} %{time_starttransfer} %{time_total} %{size_download}',
    `${url}/api/v1/generate`,
  );
  return new Promise((resolve, reject) => {
    execFile('curl', args, (error, stdout) => {
      if (error) return reject(error);
      const [status, firstByte, total, bytes] = stdout.trim().split(' ');
      if (status !== '200') return reject(new Error(`status ${status}`));
      resolve({ ttfbMs: Number(firstByte) * 1000, totalMs: Number(total) * 1000, bytes: Number(bytes) });
    });
  });
}

/** One streamed request through a Node client in this process. */
function streamWithNode(url: string, key: string, accept: string, body: unknown): Promise<StreamResult> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(`${url}/api/v1/generate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: accept, 'x-api-key': key },
    });
    req.on('response', (res) => {
      let ttfbMs = 0;
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        if (bytes === 0) ttfbMs = performance.now() - started;
        bytes += chunk.length;
      });
      res.on('end', () =>
        res.statusCode === 200
          ? resolve({ ttfbMs, totalMs: performance.now() - started, bytes })
          : reject(new Error(`status ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** Health latencies (ms) sampled every `everyMs` until `done` settles. */
export async function healthDuring(url: string, done: Promise<unknown>, everyMs = 20): Promise<number[]> {
  let finished = false;
  const finish = () => (finished = true);
  done.then(finish, finish);
  const samples: number[] = [];
  while (!finished) {
    const started = performance.now();
    await fetch(`${url}/api/v1/health`).then((r) => r.arrayBuffer());
    samples.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return samples;
}

/** Builds dist and makes a fresh data directory for a bench server. */
export function benchDataDir(): string {
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  return mkdtempSync(join(tmpdir(), 'mockhive-bench-'));
}

/** Builds dist, creates a data directory with an internal API key, and starts a server on it. */
export async function benchServer(): Promise<{
  dataDir: string;
  key: string;
  server: { child: ChildProcess; url: string };
}> {
  const dataDir = benchDataDir();
  const store = await openStore({ dataDir });
  const { api_key: key } = await createApiKey(store.db, systemClock, { tier: 'internal' });
  await store.close();
  return { dataDir, key, server: await startServer(dataDir) };
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
/** CSV streams that health latency is sampled during: three give ~250 probes, enough for a p99. */
const HEALTH_RUNS = 3;

/**
 * Runs the benchmark; prints one line per figure. CSV, the target's format, runs RUNS times, each
 * right after its own baseline run, and the median ratio is the figure: both sides of each ratio saw
 * the same machine, and one noisy run does not decide it. Health latency is sampled during three more
 * CSV streams of their own: the probes take CPU from the two cores (this process's fetch and the
 * server's handling), so they stay out of the timed runs. The other formats run once each against
 * the median baseline.
 */
export async function run(): Promise<void> {
  const { dataDir, key, server } = await benchServer();
  try {
    const client = curlAvailable() ? 'curl' : 'node';
    const stream = client === 'curl' ? streamWithCurl : streamWithNode;
    const report = (label: string, result: StreamResult, baseline: number) => {
      const rowsPerSecond = ROWS / (result.totalMs / 1000);
      console.log(
        `http: ${label}, ${fmt(ROWS)} rows, ${client} client: ${fmt(rowsPerSecond)} rows/s, ${(result.bytes / 1e6 / (result.totalMs / 1000)).toFixed(1)} MB/s, ` +
          `first byte ${result.ttfbMs.toFixed(1)} ms, ${(rowsPerSecond / baseline).toFixed(1)}x the faker script`,
      );
      return rowsPerSecond / baseline;
    };
    const baselines: number[] = [];
    const ratios: number[] = [];
    const csvLabel = 'csv (raw text/csv)';
    const csvBody = { tables: [USERS_TABLE], seed: 1 };
    for (let i = 0; i < RUNS; i++) {
      const baseline = fakerBaseline(BASELINE_ROWS);
      baselines.push(baseline);
      console.log(
        `http: plain faker script writing CSV (${fmt(BASELINE_ROWS)} rows): ${fmt(baseline)} rows/s (baseline, run ${i + 1} of ${RUNS})`,
      );
      const result = await stream(server.url, key, 'text/csv', csvBody);
      ratios.push(report(`${csvLabel} run ${i + 1} of ${RUNS}`, result, baseline));
    }
    console.log(
      `http: csv, median of ${RUNS} runs: ${median(ratios).toFixed(1)}x the faker script (runs ${ratios.map((r) => r.toFixed(1)).join(', ')})`,
    );
    const baseline = median(baselines);
    const health: number[] = [];
    for (let i = 0; i < HEALTH_RUNS; i++) {
      const pending = stream(server.url, key, 'text/csv', csvBody);
      health.push(...(await healthDuring(server.url, pending)));
      report(`${csvLabel} with health probes, run ${i + 1} of ${HEALTH_RUNS}`, await pending, baseline);
    }
    health.sort((a, b) => a - b);
    const p99 = health[Math.min(health.length - 1, Math.floor(health.length * 0.99))]!;
    console.log(
      `http: health during those csv streams: ${health.length} probes, p50 ${median(health).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${health.at(-1)!.toFixed(1)} ms`,
    );
    console.log(`http: server peak RSS after ${csvLabel}: ${peakRssMb(server.child.pid!).toFixed(0)} MB`);
    const formats: [string, string, Record<string, unknown>][] = [
      ['json (envelope)', 'application/json', {}],
      ['ndjson (raw)', 'application/x-ndjson', {}],
      ['sql postgres (raw)', 'application/sql', { sql_dialect: 'postgres' }],
    ];
    for (const [label, accept, extra] of formats) {
      report(
        label,
        await stream(server.url, key, accept, { tables: [USERS_TABLE], seed: 1, ...extra }),
        baseline,
      );
      console.log(`http: server peak RSS after ${label}: ${peakRssMb(server.child.pid!).toFixed(0)} MB`);
    }
  } finally {
    server.child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await run();
