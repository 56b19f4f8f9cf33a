/**
 * A slug and a domain read from the row's title or company name: folded to ASCII, without a legal
 * form, and a unique slug distinct on every row whatever its titles repeat.
 */
import t from 'tap';
import { compile, type TableSpec } from '../../workers/engine/index.js';
import { MAX_COUNT } from '../../workers/engine/compile-read.js';
import {
  companySlugOf,
  domainNameOf,
  ROW_CODE_BYTES,
  rowCode,
  SLUG_TEXT_CHARS,
  slugOf,
} from '../../workers/engine/types/slugify.js';
import { column, planOf } from './engine-helpers.js';

t.test('a text becomes a slug of ASCII words; a company name loses its legal form', async (t) => {
  t.equal(slugOf('7 Practical Tips for Remote Work'), '7-practical-tips-for-remote-work');
  t.equal(slugOf('Small Business: What We Learned'), 'small-business-what-we-learned');
  t.equal(slugOf('Crème brûlée à Straße'), 'creme-brulee-a-strasse');
  t.equal(slugOf('山田商事'), '', 'no Latin letters: nothing to read');
  const long = slugOf('word '.repeat(40));
  t.ok(long.length <= SLUG_TEXT_CHARS && long.endsWith('word'), 'cut at a word within the limit');
  t.equal(companySlugOf('Gerlach - Jacobi LLC'), 'gerlach-jacobi');
  t.equal(companySlugOf('Frami Inc'), 'frami');
  t.equal(companySlugOf('Inc'), 'inc', 'a name that is only a legal form keeps it');
  t.equal(domainNameOf('Bogan and Sons'), 'boganandsons');
  t.equal(domainNameOf('Kozey, Schroeder and Stanton'), 'kozey', 'a long name gives its first word');
  t.equal(domainNameOf('Müller GmbH'), 'muller');
});

t.test('row codes differ on every row and fit their bound', async (t) => {
  for (const count of [1, 100, 36 ** 4 + 5]) {
    const codes = new Set(Array.from({ length: Math.min(count, 40_000) }, (_, r) => rowCode(r, count)));
    t.equal(codes.size, Math.min(count, 40_000), `distinct for ${count} rows`);
  }
  t.equal(rowCode(0, 10).length, 4, 'four characters at least');
  t.equal(rowCode(MAX_COUNT - 1, MAX_COUNT).length, ROW_CODE_BYTES, 'the largest table fits the bound');
});

const posts = (count: number, slug: Record<string, unknown>): TableSpec[] => [
  {
    name: 'posts',
    count,
    fields: [
      { name: 'id', type: 'uuid' },
      { name: 'title', type: 'enum', params: { values: ['Hello World', 'Über uns', '你好'] } },
      { name: 'slug', type: 'slug', ...slug },
    ],
  },
];

t.test("a unique slug by the title is the title's, distinct on every row", async (t) => {
  const plan = planOf(posts(5000, { unique: true, params: { by: 'title' } }), 3);
  const titles = column(plan, 'posts', 'title');
  const slugs = column(plan, 'posts', 'slug') as string[];
  t.equal(new Set(slugs).size, 5000, 'three titles, 5,000 distinct slugs');
  const expected: Record<string, RegExp> = {
    'Hello World': /^hello-world-[0-9a-z]{4}$/,
    'Über uns': /^uber-uns-[0-9a-z]{4}$/,
    你好: /^[a-z]+(-[a-z]+){1,3}-[0-9a-z]{4}$/,
  };
  const off = slugs.filter((s, r) => !expected[titles[r] as string]!.test(s));
  t.same(off.slice(0, 3), [], 'each the slug of its title, a drawn one for a title without Latin letters');
  const plain = column(planOf(posts(50, { params: { by: 'title' } }), 3), 'posts', 'slug');
  t.ok(plain.includes('hello-world'), 'without unique: the bare slug');
});

t.test('unique with `by` is refused for a type that cannot keep it distinct', async (t) => {
  const result = compile({
    seed: 1,
    locale: 'en',
    tables: [
      {
        name: 'reviews',
        count: 10,
        fields: [
          { name: 'rating', type: 'rating' },
          { name: 'body', type: 'review', unique: true, params: { by: 'rating' } },
        ],
      },
    ],
  });
  t.notOk(result.ok);
  if (!result.ok) {
    t.equal(result.error.code, 'SCHEMA_ERROR');
    t.match(result.error.details[0], { field: 'tables[0].fields[1].params.by', message: /cannot be unique/ });
  }
});

t.test("a domain by the company's name is that name's", async (t) => {
  const plan = planOf(
    [
      {
        name: 'orgs',
        count: 300,
        fields: [
          { name: 'name', type: 'company_name' },
          { name: 'domain', type: 'domain', params: { by: 'name' } },
        ],
      },
    ],
    5,
  );
  const names = column(plan, 'orgs', 'name') as string[];
  const domains = column(plan, 'orgs', 'domain') as string[];
  const off = domains.filter((d, r) => !d.startsWith(domainNameOf(names[r]!) + '.'));
  t.same(off.slice(0, 3), []);
});
