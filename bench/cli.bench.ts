/**
 * CLI start-up: from process start to the first byte on stdout of the compiled CLI, as a user runs
 * it (`node dist/src/cli/index.js generate --request … --format csv`, 1M users rows, killed at the
 * first byte), RUNS runs after one warm-up for the file cache, median and spread. The baseline in the
 * same run is `node -e ''`: Node's own start-up. Target (issue 37): under 500 ms.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchDataDir } from './http.bench.js';
import { median } from './engine.bench.js';
import { usersTable } from '../workers/engine/samples.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));

/** Milliseconds from spawning `args` to its first stdout byte (the process is then killed). */
function firstByte(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] });
    let ms: number | undefined;
    child.stdout.once('data', () => {
      ms = performance.now() - started;
      child.kill();
    });
    child.on('error', reject);
    child.on('close', () =>
      ms === undefined ? reject(new Error(`${args.join(' ')}: no output`)) : resolve(ms),
    );
  });
}

/** Runs the benchmark; prints one line per figure. */
export async function run(): Promise<void> {
  rmSync(benchDataDir(), { recursive: true, force: true }); // builds dist/
  const dir = mkdtempSync(join(tmpdir(), 'mockhive-cli-bench-'));
  try {
    const request = join(dir, 'users.json');
    writeFileSync(request, JSON.stringify({ tables: [usersTable(1_000_000)], seed: 1 }));
    const cli = ['dist/src/cli/index.js', 'generate', '--request', request, '--format', 'csv', '--quiet'];
    const node = ['-e', "process.stdout.write('x')"];
    await firstByte(cli);
    const ours: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      bare.push(await firstByte(node));
      ours.push(await firstByte(cli));
    }
    const fmt = (list: number[]) => list.map((ms) => ms.toFixed(0)).join(' / ');
    console.log(`cli: node's own start-up (baseline): ${fmt(bare)} ms, median ${median(bare).toFixed(0)} ms`);
    console.log(
      `cli: generate --request (1M users rows, CSV), first byte: ${fmt(ours)} ms, median ${median(ours).toFixed(0)} ms (target < 500 ms)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await run();
