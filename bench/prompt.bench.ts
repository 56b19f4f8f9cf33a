/**
 * Prompt conversion latency: every prompt of the corpora (training, validation, held-out;
 * as inputs only, nothing is scored here) converted ROUNDS times on one thread, p50/p99/max per prompt,
 * beside the baseline of the same run: the converter's own text normalisation alone. Target (issue 17):
 * p99 under 20 ms, since conversion runs on the event loop. The start-up cost of loading the
 * converter (wink-nlp's English model, the knowledge base) is measured in a fresh process.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { convertPrompt } from '../src/prompt/convert.js';
import { normalizeText } from '../src/prompt/normalize.js';
import { CORPORA, readCorpus } from '../test/prompt/corpus-score.js';

const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

function timings(prompts: readonly string[], work: (prompt: string) => unknown): number[] {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const prompt of prompts) {
      const started = performance.now();
      work(prompt);
      times.push(performance.now() - started);
    }
  }
  return times.sort((a, b) => a - b);
}

export function run(): void {
  const prompts = CORPORA.flatMap((corpus) => readCorpus(corpus).map((c) => c.prompt));
  const loader = `const s = performance.now(); await import(${JSON.stringify(new URL('../src/prompt/index.ts', import.meta.url).href)}); console.log(performance.now() - s);`;
  const startups = [1, 2, 3].map(() =>
    Number(
      execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', loader], {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
      }).toString(),
    ),
  );
  timings(prompts, convertPrompt); // warm-up
  const convert = timings(prompts, convertPrompt);
  const baseline = timings(prompts, normalizeText);
  const ms = (n: number) => n.toFixed(3);
  console.log(`${prompts.length} prompts x ${ROUNDS} rounds, one thread:`);
  console.log(
    `  normalizeText alone (baseline): p50 ${ms(percentile(baseline, 0.5))} ms, p99 ${ms(percentile(baseline, 0.99))} ms`,
  );
  console.log(
    `  convertPrompt: p50 ${ms(percentile(convert, 0.5))} ms, p99 ${ms(percentile(convert, 0.99))} ms, max ${ms(convert.at(-1)!)} ms (target p99 < 20 ms); p99 ${(percentile(convert, 0.99) / percentile(baseline, 0.99)).toFixed(0)}x the baseline's`,
  );
  console.log(
    `  loading the converter (wink-nlp model, knowledge base), fresh process: ${startups.map((s) => `${Math.round(s)} ms`).join(' / ')}`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) run();
