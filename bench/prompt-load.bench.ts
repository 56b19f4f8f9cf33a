/**
 * Health while prompts convert: ten 5,000-character prompts sent at once to a real server process
 * (compiled, WORKERS=2, the offline converter) while this process samples GET /api/v1/health every
 * 10 ms. Baseline: health on the same server while idle, in the same run. Target: max under 250 ms.
 * Each prompt (test/helpers/long-prompt.ts) takes ~0.1–0.2 s of conversion on its own.
 */
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createApiKey } from '../src/accounts/api-keys.js';
import { systemClock } from '../src/accounts/clock.js';
import { openStore } from '../src/store/index.js';
import { longPrompt } from '../test/helpers/long-prompt.js';
import { benchDataDir, healthDuring, startServer } from './http.bench.js';

const PROMPTS = 10;

const at = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const ms = (n: number) => n.toFixed(1);
const summary = (samples: number[]) => {
  const sorted = [...samples].sort((x, y) => x - y);
  return `p50 ${ms(at(sorted, 0.5))} p99 ${ms(at(sorted, 0.99))} max ${ms(sorted.at(-1)!)} ms (${sorted.length} probes)`;
};

export async function run(): Promise<void> {
  const dataDir = benchDataDir();
  const store = await openStore({ dataDir });
  const key = (await createApiKey(store.db, systemClock, { tier: 'internal' })).api_key;
  await store.close();
  const server = await startServer(dataDir);
  try {
    const idle = await healthDuring(server.url, new Promise((resolve) => setTimeout(resolve, 2000)), 10);
    console.log(`prompt load: health while idle (baseline) ${summary(idle)}`);
    const started = performance.now();
    const statuses = Promise.all(
      Array.from({ length: PROMPTS }, async (_, i) => {
        const response = await fetch(`${server.url}/api/v1/generate`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ prompt: longPrompt(i), format: 'json' }),
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    const health = await healthDuring(server.url, statuses, 10);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `prompt load: ${PROMPTS} prompts of 5,000 characters at once, statuses ${(await statuses).join(' ')}, all answered in ${seconds.toFixed(2)} s; health ${summary(health)} (target max < 250)`,
    );
  } finally {
    server.child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await run();
