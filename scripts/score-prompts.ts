/**
 * Scores prompt mode on the corpora (test/prompt/corpus-score.ts): the offline converter by default, or
 * with --model the configured language model (MOCKHIVE_LLM_URL, MOCKHIVE_LLM_MODEL, MOCKHIVE_LLM_API_KEY,
 * MOCKHIVE_LLM_TIMEOUT_MS) exactly as the service asks it, falling back to the offline converter on a
 * failure. The strict scorer of the tests decides. Of the validation and held-out sets only shares and
 * kinds of problems are printed; --verbose lists the training misses.
 *
 *   npm run score-prompts
 *   MOCKHIVE_LLM_URL=http://127.0.0.1:8080/v1 MOCKHIVE_LLM_MODEL=m npm run score-prompts -- --model
 */
import { pathToFileURL } from 'node:url';
import { Command, InvalidArgumentError } from 'commander';
import { loadConfig } from '../src/config.js';
import {
  type ConversionResult,
  createPromptConverter,
  MODEL_FALLBACK_WARNING,
  type PromptConverter,
} from '../src/prompt/index.js';
import {
  CORPORA,
  type Corpus,
  type CorpusScore,
  type PromptCase,
  readCorpus,
  scoreResults,
  summary,
} from '../test/prompt/corpus-score.js';

/** One corpus's score, with how many answers came from the offline converter after a model failure. */
export interface ScoredCorpus {
  corpus: Corpus;
  score: CorpusScore;
  fellBack: number;
}

/** Converts every case with `convert`, `concurrency` at a time, and scores the answers. */
export async function scoreCorpus(
  corpus: Corpus,
  cases: readonly PromptCase[],
  convert: PromptConverter,
  concurrency = 1,
): Promise<ScoredCorpus> {
  const results: ConversionResult[] = new Array<ConversionResult>(cases.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < cases.length; i = next++) results[i] = await convert(cases[i]!.prompt);
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  const fellBack = results.filter((r) => r.ok && r.warnings?.[0] === MODEL_FALLBACK_WARNING).length;
  return { corpus, score: scoreResults(cases, results), fellBack };
}

/** The report of one scored corpus: a line, and the misses of a training corpus when `verbose`. */
export function report(scored: ScoredCorpus, verbose: boolean): string {
  const { corpus, score, fellBack } = scored;
  const lines = [
    `${corpus.label} (${corpus.role}): ${summary(score)}${fellBack > 0 ? `; ${fellBack} answered offline after a model failure` : ''}`,
  ];
  if (verbose && corpus.role === 'training')
    for (const miss of score.misses) lines.push(`  ${miss.prompt}\n      ${miss.problems.join('\n      ')}`);
  return lines.join('\n');
}

const positive = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new InvalidArgumentError('a whole number from 1 to 64');
  return n;
};

async function main(argv: string[]): Promise<void> {
  const options = new Command('score-prompts')
    .description('Score prompt mode on the prompt corpora with the strict scorer of the tests.')
    .option('--model', 'ask the configured language model (MOCKHIVE_LLM_*), as the service does')
    .option('--corpus <text>', 'only the corpora whose label or file contains this')
    .option('--concurrency <n>', 'prompts converted at once', positive, 1)
    .option('--verbose', 'list the misses of training corpora')
    .parse(argv)
    .opts<{ model?: boolean; corpus?: string; concurrency: number; verbose?: boolean }>();
  const llm = loadConfig(process.env).llm;
  if (options.model && llm === undefined)
    throw new Error('--model needs MOCKHIVE_LLM_URL and MOCKHIVE_LLM_MODEL (docs/prompts.md)');
  const convert = createPromptConverter(options.model ? { llm } : {});
  const corpora = CORPORA.filter(
    (c) =>
      options.corpus === undefined || c.label.includes(options.corpus) || c.file.includes(options.corpus),
  );
  if (corpora.length === 0) throw new Error(`no corpus matches '${options.corpus}'`);
  for (const corpus of corpora) {
    const scored = await scoreCorpus(corpus, readCorpus(corpus), convert, options.concurrency);
    process.stdout.write(`${report(scored, options.verbose === true)}\n`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv).catch((error: unknown) => {
    process.stderr.write(`score-prompts: ${(error as Error).message}\n`);
    process.exitCode = 2;
  });
}
