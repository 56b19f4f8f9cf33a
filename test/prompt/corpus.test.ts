/**
 * The prompt corpora (CORPORA in corpus-score.ts): every prompt through the offline converter, scored
 * against what a careful reader expects. Reports each corpus's share fully understood and fails under
 * its floor. Training misses are listed with CORPUS_VERBOSE=1; of the validation and held-out sets only
 * the share and the kinds of problems are ever reported, so that no rule is written from them.
 */
import t from 'tap';
import { convertPrompt } from '../../src/prompt/convert.js';
import { compile } from '../../workers/engine/index.js';
import { CORPORA, readCorpus, scoreResults, summary, underFloor } from './corpus-score.js';

for (const corpus of CORPORA) {
  t.test(`${corpus.label}: share fully understood`, async (t) => {
    const cases = readCorpus(corpus);
    t.ok(cases.length >= corpus.size, `${cases.length} prompts`);
    const results = cases.map((item) => convertPrompt(item.prompt));
    if (corpus.file === 'prompts.json') {
      // What the converter answers is what the engine builds.
      results.forEach((result, i) => {
        if (result.ok)
          t.ok(
            compile({ tables: result.tables, locale: result.locale ?? 'en', seed: 1 }).ok,
            `compiles: ${cases[i]!.prompt.slice(0, 60)}`,
          );
      });
    }
    const score = scoreResults(cases, results);
    const share = score.understood / score.total;
    t.comment(`${corpus.label}: ${summary(score)}`);
    if (corpus.role === 'training' && (process.env['CORPUS_VERBOSE'] || underFloor(corpus, score)))
      t.comment(
        `not fully understood:\n${score.misses.map((m) => `${m.prompt}\n    ${m.problems.join('\n    ')}`).join('\n')}`,
      );
    t.notOk(underFloor(corpus, score), `at least ${corpus.floor * 100}% (got ${(share * 100).toFixed(1)}%)`);
  });
}

t.test('one frozen held-out set of at least 150 prompts', async (t) => {
  const roles = CORPORA.map((c) => c.role);
  t.equal(roles.filter((r) => r === 'held-out').length, 1, 'one held-out set');
  const heldOut = CORPORA.find((c) => c.role === 'held-out')!;
  t.ok(readCorpus(heldOut).length >= 150, 'at least 150 held-out prompts');
});
