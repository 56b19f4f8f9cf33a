/**
 * What a person finds after loading a template: every template at scale 1 and 10 in every locale (and
 * at 100 in three), checked by the realism checker (keys, uniqueness, every date after its causes, copied and summed
 * values, conditional nulls) and by what each template must show (rules.ts). Zero violations allowed.
 */
import t from 'tap';
import { compile, expandTemplate, TEMPLATES } from '../../workers/engine/index.js';
import { LOCALE_CODES } from '../../workers/engine/locales/index.js';
import { brokenPromises } from './checker.js';
import { brokenRules } from './rules.js';

for (const template of TEMPLATES) {
  t.test(`${template.id}: no violations at scale 1 and 10 in every locale`, async (t) => {
    for (const scale of [1, 10]) {
      for (const [i, locale] of LOCALE_CODES.entries()) {
        const result = compile({ seed: 42 + i, locale, tables: expandTemplate(template.id, scale) });
        if (!result.ok) {
          t.fail(`${template.id} × ${scale} in ${locale}: ${result.error.message}`);
          continue;
        }
        const problems = [...brokenPromises(result.plan), ...brokenRules(template.id, result.plan)];
        if (problems.length > 0) t.same(problems, [], `${template.id} × ${scale} in ${locale}`);
      }
    }
    t.pass(`${template.id} checked in ${LOCALE_CODES.length} locales`);
  });
}

t.test('every template at scale 100 holds too, in three scripts', async (t) => {
  for (const [template, locale] of TEMPLATES.flatMap((x) => ['en', 'ja', 'ar'].map((l) => [x, l] as const))) {
    const result = compile({ seed: 5, locale, tables: expandTemplate(template.id, 100) });
    if (!result.ok) {
      t.fail(`${template.id} × 100 in ${locale}: ${result.error.message}`);
      continue;
    }
    t.same(
      [...brokenPromises(result.plan), ...brokenRules(template.id, result.plan)],
      [],
      `${template.id} × 100 in ${locale}`,
    );
  }
});
