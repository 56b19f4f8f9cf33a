/**
 * Scores prompt mode on the corpora (test/prompt/corpus-score.ts): the offline converter by default, or
 * with --model the configured language model (MOCKHIVE_LLM_URL, MOCKHIVE_LLM_MODEL, MOCKHIVE_LLM_API_KEY,
 * MOCKHIVE_LLM_TIMEOUT_MS) exactly as the service asks it, falling back to the offline converter on a
 * failure. The strict scorer of the tests decides. Of the validation and held-out sets only shares and
 * kinds of problems are printed; --verbose lists the training misses.
 *
 * It exits 1 where the offline converter is under a corpus's floor. With --model only the training
 * corpora are sent to the model unless --unseen says the validation and held-out ones may go too.
 *
 *   npm run score-prompts
 *   MOCKHIVE_LLM_URL=http://127.0.0.1:8080/v1 MOCKHIVE_LLM_MODEL=m npm run score-prompts -- --model --unseen
 */
import { pathToFileURL } from 'node:url';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { loadConfig } from '../src/config.js';
import { type ConversionResult, createPromptConverter, type LlmOptions } from '../src/prompt/index.js';
import {
  CORPORA,
  type Corpus,
  type CorpusScore,
  type PromptCase,
  readCorpus,
  scoreResults,
  summary,
  underFloor,
} from '../test/prompt/corpus-score.js';

/** One corpus's score, with how many prompts the model failed on (the offline converter answered). */
export interface ScoredCorpus {
  corpus: Corpus;
  score: CorpusScore;
  fellBack: number;
}

/**
 * Converts every case, `concurrency` at a time, with the service's converter (the model of `llm`
 * first, if given), and scores the answers. Model failures are counted as the converter reports them
 * to its logger, not read off the answers (a model could write the fallback's words itself).
 */
export async function scoreCorpus(
  corpus: Corpus,
  cases: readonly PromptCase[],
  llm?: LlmOptions,
  concurrency = 1,
): Promise<ScoredCorpus> {
  let fellBack = 0;
  const convert = createPromptConverter({ llm, logger: { warn: () => void fellBack++ } });
  const results: ConversionResult[] = new Array<ConversionResult>(cases.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < cases.length; i = next++) results[i] = await convert(cases[i]!.prompt);
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
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

/** Runs the command; resolves to its exit code (1 where the offline converter is under a floor). */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const options = new Command('score-prompts')
    .description('Score prompt mode on the prompt corpora with the strict scorer of the tests.')
    .option('--model', 'ask the configured language model (MOCKHIVE_LLM_*), as the service does')
    .option('--unseen', 'with --model, send the validation and held-out prompts to the model too')
    .option('--corpus <text>', 'only the corpora whose label or file contains this')
    .option('--concurrency <n>', 'prompts converted at once', positive, 1)
    .option('--verbose', 'list the misses of training corpora')
    .exitOverride()
    .parse(argv)
    .opts<{ model?: boolean; unseen?: boolean; corpus?: string; concurrency: number; verbose?: boolean }>();
  const llm = options.model ? loadConfig(env).llm : undefined;
  if (options.model && llm === undefined)
    throw new Error('--model needs MOCKHIVE_LLM_URL and MOCKHIVE_LLM_MODEL (docs/prompts.md)');
  const corpora = CORPORA.filter(
    (c) =>
      (options.corpus === undefined || c.label.includes(options.corpus) || c.file.includes(options.corpus)) &&
      // (A model's provider may keep what it is sent: the unseen sets go only when asked.)
      (llm === undefined || options.unseen === true || c.role === 'training'),
  );
  if (corpora.length === 0) throw new Error(`no corpus matches '${options.corpus ?? ''}'`);
  let under = 0;
  for (const corpus of corpora) {
    const scored = await scoreCorpus(corpus, readCorpus(corpus), llm, options.concurrency);
    process.stdout.write(`${report(scored, options.verbose === true)}\n`);
    // The floors are the offline converter's (corpus.test.ts holds them too).
    if (llm === undefined && underFloor(corpus, scored.score)) {
      process.stdout.write(`  under its floor of ${corpus.floor * 100}%\n`);
      under++;
    }
  }
  return under > 0 ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      // (commander has printed its help or its usage error itself.)
      if (error instanceof CommanderError) process.exitCode = error.exitCode === 0 ? 0 : 2;
      else {
        process.stderr.write(`score-prompts: ${(error as Error).message}\n`);
        process.exitCode = 2;
      }
    },
  );
}
