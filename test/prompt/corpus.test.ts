/**
 * The prompt corpus: every prompt of test/fixtures/prompts.json through the offline converter, scored
 * against what a careful reader expects. Reports the share fully understood; fails below 97% (the issue's training target).
 */
import { readFileSync } from 'node:fs';
import t from 'tap';
import { convertPrompt } from '../../src/prompt/index.js';
import { compile } from '../../workers/engine/index.js';
import { type PromptCase, problems } from './corpus-score.js';

const corpus = JSON.parse(
  readFileSync(new URL('../fixtures/prompts.json', import.meta.url), 'utf8'),
) as PromptCase[];

t.test('the corpus has at least 100 prompts', async (t) => {
  t.ok(corpus.length >= 100, `${corpus.length} prompts`);
});

t.test('share of prompts fully understood', async (t) => {
  let understood = 0;
  const misses: string[] = [];
  for (const item of corpus) {
    const result = convertPrompt(item.prompt);
    if (result.ok) {
      const compiled = compile({ tables: result.tables, locale: result.locale ?? 'en', seed: 1 });
      t.ok(compiled.ok, `compiles: ${item.prompt.slice(0, 60)}`);
    }
    const found = problems(result, item.expect);
    if (found.length === 0) understood++;
    else misses.push(`${item.prompt}\n    ${found.join('\n    ')}`);
  }
  const share = understood / corpus.length;
  t.comment(`prompt corpus: ${understood}/${corpus.length} fully understood (${(share * 100).toFixed(1)}%)`);
  if (process.env['CORPUS_VERBOSE'] || share < 0.97) t.comment(`not fully understood:\n${misses.join('\n')}`);
  t.ok(share >= 0.97, `at least 97% fully understood (got ${(share * 100).toFixed(1)}%)`);
});

/** A training corpus's share fully understood, reported and held above its floor (which only rises). */
function trainingCorpus(label: string, file: string, floor: number, size: number): void {
  t.test(`${label}: share fully understood`, async (t) => {
    const corpus = JSON.parse(
      readFileSync(new URL(`../fixtures/${file}`, import.meta.url), 'utf8'),
    ) as PromptCase[];
    t.ok(corpus.length >= size, `${corpus.length} prompts`);
    const misses = corpus.flatMap((item) => {
      const found = problems(convertPrompt(item.prompt), item.expect);
      return found.length === 0 ? [] : [`${item.prompt}\n    ${found.join('\n    ')}`];
    });
    const share = 1 - misses.length / corpus.length;
    t.comment(
      `${label}: ${corpus.length - misses.length}/${corpus.length} fully understood (${(share * 100).toFixed(1)}%)`,
    );
    if (process.env['CORPUS_VERBOSE']) t.comment(`not fully understood:\n${misses.join('\n')}`);
    t.ok(share >= floor, `at least ${floor * 100}% (got ${(share * 100).toFixed(1)}%)`);
  });
}

// The second training corpus, written by a session that never read the converter (target 97%).
trainingCorpus('second training corpus', 'prompts-train-2.json', 0.97, 150);
// The third (prompts-train-3.md): 220 terse, column-dense prompts over 22 domains, written blind by two
// helper sessions, then tuned on (target 97%).
trainingCorpus('third training corpus', 'prompts-train-3.json', 0.86, 200);
// The fourth (prompts-train-4.md): 240 prompts in two voices, written blind, measured once before any
// rule was written from it, then tuned on (target 97%).
trainingCorpus('fourth training corpus', 'prompts-train-4.json', 0.77, 240);
// The fifth (prompts-train-5.md): 200 prompts in four voices (tickets, hurried non-native English, a data
// engineer's star schemas, chat), written blind; measured once at 36.0% before any rule came from it.
trainingCorpus('fifth training corpus', 'prompts-train-5.json', 0.72, 200);
// The sixth (prompts-train-6.md): 160 prompts in the held-out set's manner, written blind; measured once
// at 55.6% (54.4% with the session's starting converter) before any rule came from it.
trainingCorpus('sixth training corpus', 'prompts-train-6.json', 0.86, 160);
// The seventh (prompts-train-7.md): 160 prompts over 36 domains, written blind and kept as a validation
// set for session 12: measured at 45.0% before any rule of that session, 50.0% after them, no
// prompt of it read. A training corpus from session 13 on (82.5% at its end).
trainingCorpus('seventh training corpus', 'prompts-train-7.json', 0.84, 160);

// The eighth (prompts-train-8.md): 160 prompts over 40 domains, written blind; session 13's validation
// set (57.5% blind, 66.3% at its end, no prompt of it read), a training corpus from session 14 on
// (89.4% at that session's end, 90.6% at session 15's).
trainingCorpus('eighth training corpus', 'prompts-train-8.json', 0.9, 160);

// The ninth (prompts-train-9.md): 160 prompts over 53 domains, written blind; session 14's validation
// set (51.3% blind, 56.9% at its end, no prompt of it read), a training corpus from session 15 on
// (71.3% at that session's end).
trainingCorpus('ninth training corpus', 'prompts-train-9.json', 0.71, 160);

/**
 * The tenth (prompts-train-10.md): 160 prompts over 71 everyday domains, written blind; session 15's
 * validation set, measured once at 53.1% with the session's starting converter before any rule of it.
 * Only its share and the kinds of its problems are reported, never its prompts (not even with
 * CORPUS_VERBOSE), so that no rule is written from it while it validates. Its floor is a tripwire under
 * the measured share.
 */
t.test('validation corpus (tenth): share fully understood', async (t) => {
  const corpus = JSON.parse(
    readFileSync(new URL('../fixtures/prompts-train-10.json', import.meta.url), 'utf8'),
  ) as PromptCase[];
  t.ok(corpus.length >= 160, `${corpus.length} prompts`);
  const kinds = new Map<string, number>();
  let understood = 0;
  for (const item of corpus) {
    const found = problems(convertPrompt(item.prompt), item.expect);
    if (found.length === 0) understood++;
    for (const kind of new Set(
      found.map(
        (p) =>
          /(no table|no field|type|no ref|enum|count|no unique|locale|not converted|range|dates|per_parent)/.exec(
            p,
          )?.[1] ?? 'other',
      ),
    ))
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  const share = understood / corpus.length;
  t.comment(
    `validation corpus: ${understood}/${corpus.length} fully understood (${(share * 100).toFixed(1)}%); problems by kind: ${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}`,
  );
  t.ok(share >= 0.5, `at least 50% (got ${(share * 100).toFixed(1)}%)`);
});

/**
 * The frozen held-out set (test/fixtures/prompts-heldout.md): written before the converter was rebuilt,
 * by a session that never read it, and never edited to make a case pass. Tune on the training corpora
 * only; this is measured and reported. Its floor is a tripwire for breakage, set several points under
 * the measured score, not a target to tune against (issue target: 90%).
 */
const HELD_OUT_FLOOR = 0.7;

t.test('held-out prompts: share fully understood', async (t) => {
  const heldOut = JSON.parse(
    readFileSync(new URL('../fixtures/prompts-heldout.json', import.meta.url), 'utf8'),
  ) as PromptCase[];
  t.ok(heldOut.length >= 150, `${heldOut.length} held-out prompts`);
  const understood = heldOut.filter((item) => problems(convertPrompt(item.prompt), item.expect).length === 0);
  const share = understood.length / heldOut.length;
  t.comment(
    `held-out prompts: ${understood.length}/${heldOut.length} fully understood (${(share * 100).toFixed(1)}%)`,
  );
  t.ok(share >= HELD_OUT_FLOOR, `at least ${HELD_OUT_FLOOR * 100}% (got ${(share * 100).toFixed(1)}%)`);
});
