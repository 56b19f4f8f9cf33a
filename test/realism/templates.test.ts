/**
 * What a person finds after loading a template, checked by the realism checker (keys, uniqueness, every
 * date after its causes, copied and summed values, conditional nulls) and by what each template must
 * show (rules.ts). Zero violations allowed.
 *
 * Every template runs at scale 1 in every locale, where locales differ (names, places, text). Structure
 * does not depend on the locale, so the larger scales run in one locale per script, each template in a
 * locale of its own at scale 100, where unique values and pairs are closest to running out.
 */
import t, { type Test } from 'tap';
import { compile, expandTemplate, TEMPLATES, type TemplateId } from '../../workers/engine/index.js';
import { LOCALE_CODES } from '../../workers/engine/locales/index.js';
import { brokenPromises } from './checker.js';
import { brokenRules } from './rules.js';

/** One locale per script: Latin, Cyrillic, Han, Arabic, kana/kanji, Devanagari, Hangul, Thai. */
const SCRIPTS = ['en', 'ru', 'zh', 'ar', 'ja', 'hi', 'ko', 'th'];
const AT_100 = ['en', 'ja', 'ar', 'hi'];

function check(t: Test, template: TemplateId, scale: number, locale: string, seed: number): void {
  const result = compile({ seed, locale, tables: expandTemplate(template, scale) });
  if (!result.ok) return void t.fail(`${template} × ${scale} in ${locale}: ${result.error.message}`);
  const problems = [...brokenPromises(result.plan), ...brokenRules(template, result.plan)];
  t.same(problems, [], `${template} × ${scale} in ${locale}`);
}

for (const [n, template] of TEMPLATES.entries()) {
  t.test(
    `${template.id}: no violations at scale 1 in every locale, 10 in every script, 100 in one`,
    async (t) => {
      for (const [i, locale] of LOCALE_CODES.entries()) check(t, template.id, 1, locale, 42 + i);
      for (const [i, locale] of SCRIPTS.entries()) check(t, template.id, 10, locale, 42 + i);
      check(t, template.id, 100, AT_100[n % AT_100.length]!, 5);
    },
  );
}
