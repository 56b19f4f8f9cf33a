/**
 * Text normalisation: every named rewrite changes each of the example phrases it exists for, run alone;
 * the whole list, run in order, gives the normalized text a few prompts need.
 */
import t from 'tap';
import { applyRewrite, normalizeText, REWRITES } from '../../src/prompt/normalize.js';

t.test('every rewrite has a unique name and at least one example', async (t) => {
  t.equal(new Set(REWRITES.map((r) => r.name)).size, REWRITES.length, 'names are unique');
  for (const rewrite of REWRITES) t.ok(rewrite.examples.length > 0, rewrite.name);
});

for (const rewrite of REWRITES) {
  t.test(`rewrite: ${rewrite.name}`, async (t) => {
    for (const example of rewrite.examples) {
      t.not(applyRewrite(rewrite, example), example, `changes "${example}"`);
      // A rewrite must be safe to run twice on its own output (the patterns use the g flag).
      t.equal(
        applyRewrite(rewrite, example),
        applyRewrite(rewrite, example),
        `same answer twice: "${example}"`,
      );
    }
  });
}

t.test('the list in order', async (t) => {
  t.equal(
    normalizeText('Users  with first/last name, 1,000 of them'),
    'users with first name, last name, 1000 of them',
  );
  t.equal(normalizeText('Five hundred orders, 2k customers'), '500 orders, 2000 customers');
  t.equal(normalizeText('customers 1:n orders'), 'customers have many orders');
  t.equal(normalizeText('Fields per farm: between 2 and 6'), '2 to 6 fields per farm');
  t.equal(normalizeText('Could you give me users with name?'), 'could you give me users with name');
});
