/**
 * Health while the worst accepted requests run: for each plan, the largest request of long text its
 * byte allowances accept (test/helpers/worst-request.ts), and the largest request that runs on the
 * event loop, each streamed by curl from a real server process (compiled, WORKERS=2) while this
 * process samples GET /api/v1/health every 10 ms. Baseline: health sampled on the same server while
 * idle, in the same run. Target: p99 under 50 ms during every request.
 *
 * Each plan's per-response allowance is capped at BENCH_LIMIT_BYTES (default 64 MiB) through
 * MOCKHIVE_CONFIG, so the run takes seconds rather than the minutes Pro's gigabyte would: what is
 * measured is how long the event loop is held, which depends on value and row sizes (chunks are cut
 * by worst-case bytes), not on how many such chunks follow.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiKey } from '../src/accounts/api-keys.js';
import { systemClock } from '../src/accounts/clock.js';
import { DEFAULT_PLANS, type TierLimits, type Tier } from '../src/accounts/plans.js';
import { INLINE_CHUNK_BYTES } from '../src/generation/stream.js';
import { INLINE_MAX_BYTES, INLINE_MAX_RECORDS } from '../src/http/routes/generate.js';
import { openStore } from '../src/store/index.js';
import { largestRequest } from '../test/helpers/worst-request.js';
import { benchDataDir, healthDuring, peakRssMb, startServer, streamWithCurl } from './http.bench.js';

const LIMIT_BYTES = Number(process.env.BENCH_LIMIT_BYTES ?? 64 << 20);
const TIERS = ['free', 'pro', 'scale'] as const satisfies readonly Tier[];

/** Health latencies (ms), sampled every 10 ms until `done` settles, sorted. */
async function sampleHealth(url: string, done: Promise<unknown>): Promise<number[]> {
  return (await healthDuring(url, done, 10)).sort((x, y) => x - y);
}

const at = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const ms = (n: number) => n.toFixed(1);

export async function run(): Promise<void> {
  const dataDir = benchDataDir();
  const config = join(dataDir, 'plans.json');
  const plans: Partial<Record<Tier, Partial<TierLimits>>> = {};
  for (const tier of TIERS) {
    plans[tier] = {
      requests_per_minute: null,
      records_per_day: null,
      bytes_per_request: Math.min(DEFAULT_PLANS[tier].bytes_per_request!, LIMIT_BYTES),
    };
  }
  writeFileSync(config, JSON.stringify({ plans }));
  const store = await openStore({ dataDir });
  const keys: Partial<Record<Tier, string>> = {};
  for (const tier of [...TIERS, 'internal'] as const) {
    keys[tier] = (await createApiKey(store.db, systemClock, { tier })).api_key;
  }
  await store.close();
  const server = await startServer(dataDir, { MOCKHIVE_CONFIG: config });
  try {
    const idle = await sampleHealth(server.url, new Promise((resolve) => setTimeout(resolve, 2000)));
    console.log(`limits: health while idle (baseline) p50 ${ms(at(idle, 0.5))} p99 ${ms(at(idle, 0.99))} ms`);
    const cases: [string, string, ReturnType<typeof largestRequest>][] = TIERS.map((tier) => {
      const plan = DEFAULT_PLANS[tier];
      const limits = {
        value: plan.bytes_per_value!,
        row: plan.bytes_per_row!,
        total: Math.min(plan.bytes_per_request!, LIMIT_BYTES),
        records: plan.records_per_request!,
      };
      return [tier, keys[tier]!, largestRequest(limits)];
    });
    const inline = largestRequest({
      value: INLINE_CHUNK_BYTES,
      row: INLINE_CHUNK_BYTES,
      total: INLINE_MAX_BYTES,
      records: INLINE_MAX_RECORDS,
    });
    cases.push(['inline (event loop)', keys.internal!, inline]);
    for (const [name, key, body] of cases) {
      const { count, fields } = body.tables[0]!;
      const length = (fields[0]!.params as { length: number }).length;
      const done = streamWithCurl(server.url, key, 'application/x-ndjson', body);
      const health = await sampleHealth(server.url, done);
      const { bytes, totalMs } = await done;
      const seconds = totalMs / 1000;
      console.log(
        `limits: ${name}: ${count} rows × ${fields.length} × long_string(${length}), ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(2)} s; health p50 ${ms(at(health, 0.5))} p99 ${ms(at(health, 0.99))} max ${ms(health.at(-1)!)} ms (${health.length} probes; target p99 < 50)`,
      );
    }
    console.log(`limits: server peak RSS ${Math.round(peakRssMb(server.child.pid!))} MB`);
  } finally {
    server.child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await run();
