/**
 * Types that promise plain values (FieldType.plainIn) keep the promise: every value, drawn per row,
 * per-row-locale or nth, in every locale and with their params, is a string the promised formats
 * write as it is. The row encoders copy such values unchecked, so a broken promise would corrupt CSV,
 * JSON or SQL output.
 */
import t from 'tap';
import { compile, FIELD_TYPES, generateRows, LOCALE_CODES } from '../../workers/engine/index.js';
import type { FieldType, PlainFormat, Value } from '../../workers/engine/field-type.js';
import { localeData } from '../../workers/engine/locales/index.js';
import { allFirstNames, allLastNames } from '../../workers/engine/types/person.js';
import { csvField } from '../../workers/output/csv.js';
import { jsonValue } from '../../workers/output/json.js';
import { quoteString } from '../../workers/output/sql.js';
import { cellContext } from './cell-context.js';

/** Whether `format` writes `value` as it is (quoted, for JSON and SQL strings). */
const WRITES_AS_IS: Record<PlainFormat, (value: string) => boolean> = {
  csv: (v) => csvField(v) === v,
  json: (v) => jsonValue(v) === `"${v}"`,
  sql: (v) => (['postgres', 'mysql', 'sqlite'] as const).every((d) => quoteString(d, v) === `'${v}'`),
};

/** Params each plain type is checked with, beside none. */
const PARAM_CASES: Record<string, Record<string, unknown>[]> = {
  email: [{ domain: 'mail.example-site.co.uk' }, { domain: 'X1.io' }],
};

const PLAIN_TYPES = [...FIELD_TYPES.values()].filter((type) => (type.plainIn?.length ?? 0) > 0);

/** The part of a tap test the checker reports to. */
interface Reporter {
  fail(message: string): void;
  equal(found: unknown, wanted: unknown, message: string): void;
}

/** Checks values against the type's promise; reports the first few offenders. */
function checker(t: Reporter, type: FieldType) {
  let offenders = 0;
  let checked = 0;
  return {
    check(value: Value, where: string) {
      checked++;
      const ok = typeof value === 'string' && type.plainIn!.every((format) => WRITES_AS_IS[format](value));
      if (!ok && offenders++ < 5) t.fail(`${type.id} ${where}: ${JSON.stringify(value)}`);
    },
    done() {
      t.equal(offenders, 0, `${type.id}: ${checked} values plain in ${type.plainIn!.join(', ')}`);
    },
  };
}

t.test('the users-table text types promise plain values', async (t) => {
  const plain = new Set(PLAIN_TYPES.map((type) => type.id));
  for (const id of ['first_name', 'last_name', 'email', 'country']) t.ok(plain.has(id), id);
  // City names hold commas ("Москва, МГУ") and apostrophes: not plain, and the checks must say so.
  t.notOk(plain.has('city'));
});

for (const type of PLAIN_TYPES) {
  t.test(`${type.id} keeps its plainIn promise`, async (t) => {
    const values = checker(t, type);
    for (const params of [{}, ...(PARAM_CASES[type.id] ?? [])]) {
      t.same(type.validate(params), [], `valid params ${JSON.stringify(params)}`);
      for (const locale of LOCALE_CODES) {
        // Drawn per row, in this locale.
        const fixed = compile({
          tables: [{ name: 't', count: 1500, fields: [{ name: 'v', type: type.id, params }] }],
          locale,
          seed: 11,
        });
        if (!fixed.ok) throw new Error(fixed.error.message);
        for (const [v] of generateRows(fixed.plan, 't', 0, 1500)) values.check(v!, `${locale} row`);
        // Every nth value of a finite type, a prefix of an unbounded one.
        const cardinality = type.cardinality?.(params, locale) ?? 0;
        const ctx = cellContext({ locale });
        for (let n = 0; n < Math.min(cardinality, 20_000); n++) {
          values.check(type.nth!(n, ctx, params), `${locale} nth ${n}`);
        }
      }
      // Per-row locales (a country field asking for them), the way a users table draws them.
      const mixed = compile({
        tables: [
          {
            name: 't',
            count: 6000,
            fields: [
              { name: 'v', type: type.id, params },
              { name: 'c', type: 'country', params: { per_row_locale: true } },
            ],
          },
        ],
        locale: 'en',
        seed: 12,
      });
      if (!mixed.ok) throw new Error(mixed.error.message);
      for (const [v] of generateRows(mixed.plan, 't', 0, 6000)) values.check(v!, 'per-row locale');
    }
    values.done();
  });
}

t.test('emails and usernames are built from parts that are all plain', async (t) => {
  // The drawn checks above sample people; here every romanized name and domain of every locale.
  const ascii = /^[A-Za-z0-9]+$/;
  let bad = 0;
  for (const locale of LOCALE_CODES) {
    const data = localeData(locale);
    for (const [kind, names] of [
      ['first', allFirstNames(locale)],
      ['last', allLastNames(locale)],
    ] as const) {
      for (const name of names) {
        const romanized = data.ascii(name, kind);
        if (!ascii.test(romanized) && bad++ < 5) t.fail(`${locale} ${kind} ${name} → ${romanized}`);
      }
    }
    for (const domain of data.emailDomains) {
      if (!/^[a-z0-9.-]+$/.test(domain) && bad++ < 5) t.fail(`${locale} domain ${domain}`);
    }
  }
  t.equal(bad, 0, 'every romanized name is alphanumeric and every domain a plain hostname');
});
