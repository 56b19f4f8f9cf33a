/**
 * API latency benchmark: p50/p99 latency and requests/s of small generate requests (10 and 100 users
 * rows, JSON) under concurrent load, with GET /api/v1/health as the baseline in the same run, against a real
 * server process (compiled, WORKERS=2). Uses autocannon, ~5 s per figure.
 */
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { benchServer, USERS_TABLE } from './http.bench.js';

const DURATION_S = Number(process.env.BENCH_API_SECONDS ?? 5);

async function load(label: string, options: autocannon.Options): Promise<void> {
  const result = await autocannon({ duration: DURATION_S, ...options });
  const bad = result.non2xx + result.errors + result.timeouts;
  console.log(
    `api: ${label}, ${options.connections} connections: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
      `${Math.round(result.requests.average).toLocaleString('en-US')} req/s${bad > 0 ? `, ${bad} failed` : ''}`,
  );
}

/** Runs the benchmark; prints one line per figure. */
export async function run(): Promise<void> {
  const { dataDir, key, server } = await benchServer();
  try {
    for (const connections of [10, 50]) {
      await load('GET /api/v1/health (baseline)', { url: `${server.url}/api/v1/health`, connections });
      for (const count of [10, 100]) {
        await load(`POST /api/v1/generate, ${count} users rows as JSON`, {
          url: `${server.url}/api/v1/generate`,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': key },
          body: JSON.stringify({ tables: [{ ...USERS_TABLE, count }], seed: 1 }),
          connections,
        });
      }
    }
  } finally {
    server.child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await run();
