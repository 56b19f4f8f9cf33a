/**
 * A blog post's excerpt and body speak of its title's topic, its tags are real tags, and detection
 * gives a table of articles that text.
 */
import t from 'tap';
import { detectSchema } from '../../src/detect/index.js';
import type { TableSpec } from '../../workers/engine/index.js';
import { expandTemplate, FIELD_TYPES } from '../../workers/engine/index.js';
import { TITLE_TOPICS } from '../../workers/engine/types/text-data.js';
import { PER_TOPIC, TITLE_COUNT } from '../../workers/engine/types/articles.js';
import articles from '../../workers/engine/vocabulary/articles.en.json' with { type: 'json' };
import { column, planOf, recordsOf } from './engine-helpers.js';

const topics = articles.topics as Record<string, { excerpts: string[]; sentences: string[]; tags: string[] }>;

const rowsOf = (input: { tables: TableSpec[]; seed: number }, table: string) =>
  recordsOf(planOf(input.tables, input.seed), table);

/** The topic a title names (tests may search; the engine looks titles up). */
const topicIn = (title: string) => TITLE_TOPICS.find((topic) => title.includes(topic));

/** Whether every sentence of `text` is one of `sentences` (the body joins them with a space or a blank line). */
function madeOf(text: string, sentences: readonly string[]): boolean {
  let rest = text;
  while (rest.length > 0) {
    const next = sentences.find((s) => rest.startsWith(s));
    if (next === undefined) return false;
    rest = rest.slice(next.length).replace(/^( |\n\n)/, '');
  }
  return true;
}

t.test('the data: every title topic, with excerpts, sentences and tags', async (t) => {
  t.same(Object.keys(topics).sort(), [...TITLE_TOPICS].sort());
  const tags = Object.values(topics).flatMap((x) => x.tags);
  t.equal(new Set(tags).size, tags.length, 'each tag in one topic');
  t.same(
    tags.filter((tag) => !/^[a-z]+(-[a-z]+)*$/.test(tag)),
    [],
    'lower-case kebab-case',
  );
  for (const [name, topic] of Object.entries(topics)) {
    t.ok(topic.excerpts.length >= 6 && topic.sentences.length >= 16, `${name}: enough text`);
    t.equal(new Set(topic.sentences).size, topic.sentences.length, `${name}: no repeated sentence`);
  }
});

t.test("the blog template's posts speak of their titles' topics", async (t) => {
  const posts = rowsOf({ tables: expandTemplate('blog', 1), seed: 3 }, 'posts');
  const strays = posts.filter((post) => {
    const topic = topics[topicIn(post['title'] as string) ?? '']!;
    return (
      topic === undefined ||
      !topic.excerpts.includes(post['excerpt'] as string) ||
      !madeOf(post['body'] as string, topic.sentences)
    );
  });
  t.same(strays.slice(0, 2), [], 'excerpt and body of the title’s topic');
  t.equal(posts[0]!['content'], posts[0]!['body'], 'content is the body under a second name');
  const tags = rowsOf({ tables: expandTemplate('blog', 1), seed: 3 }, 'tags').map((r) => r['name']);
  const known = new Set([...Object.values(topics).flatMap((x) => x.tags), ...Object.keys(articles.areas)]);
  t.ok(
    tags.every((tag) => known.has(tag as string)),
    'tags are real blog tags',
  );
});

t.test('without a title, a body keeps to one topic; sizes stay in their bound', async (t) => {
  const rows = rowsOf(
    {
      tables: [
        {
          name: 'x',
          count: 300,
          fields: [
            { name: 'body', type: 'article_body' },
            { name: 'excerpt', type: 'article_excerpt', params: { by: 'other' } },
            { name: 'other', type: 'sentence' },
          ],
        },
      ],
      seed: 8,
    },
    'x',
  );
  const all = Object.values(topics);
  t.ok(rows.every((r) => all.some((topic) => madeOf(r['body'] as string, topic.sentences))));
  t.ok(rows.every((r) => all.some((topic) => topic.excerpts.includes(r['excerpt'] as string))));
  const bound = FIELD_TYPES.get('article_body')!.maxBytes({});
  t.ok(
    rows.every((r) => Buffer.byteLength(JSON.stringify(r['body'])) + 2 <= bound),
    `bodies within ${bound} bytes`,
  );
  t.ok(
    rows.some((r) => (r['body'] as string).includes('\n\n')),
    'long bodies in two paragraphs',
  );
});

t.test('detection gives a table of articles its teaser and text, read by the title', async (t) => {
  const { tables } = detectSchema({
    sql: `
      CREATE TABLE posts (id INT PRIMARY KEY, title VARCHAR(200), excerpt TEXT, body TEXT);
      CREATE TABLE tickets (id INT PRIMARY KEY, title VARCHAR(200), body TEXT, agent_id INT);
      CREATE TABLE agents (id INT PRIMARY KEY, name TEXT);
    `,
  });
  const fields = (name: string) =>
    tables.find((x) => x.name === name)!.fields.map((f) => [f.name, f.type, f.params?.['by'] ?? null]);
  t.same(fields('posts').slice(1), [
    ['title', 'title', null],
    ['excerpt', 'article_excerpt', 'title'],
    ['body', 'article_body', 'title'],
  ]);
  t.same(fields('tickets')[1], ['title', 'headline', null], "a ticket's title is a subject line");
  t.notOk(
    fields('tickets').some(([, type]) => type === 'article_body'),
    'a ticket is no article',
  );
});

t.test("a social post's hashtag is one of its topic's", async (t) => {
  const posts = rowsOf({ tables: expandTemplate('social', 1), seed: 6 }, 'posts');
  // The tag's words run together, whatever their capitals (#RemoteWork, #APIDesign).
  const camel = (tag: string) => '#' + tag.replace(/-/g, '');
  const tagged = posts.filter((p) => p['hashtag'] !== null);
  t.ok(tagged.length > 10, `${tagged.length} tagged posts`);
  const strays = tagged.filter((p) => {
    const topic = Object.values(topics).find((x) => x.excerpts.includes(p['content'] as string));
    return topic === undefined || !topic.tags.map(camel).includes((p['hashtag'] as string).toLowerCase());
  });
  t.same(strays.slice(0, 2), [], 'each hashtag of its post’s topic');
});

t.test('a body has as many sentences as its title promises tips or lessons', async (t) => {
  const posts = rowsOf({ tables: expandTemplate('blog', 4), seed: 9 }, 'posts');
  const promising = posts.filter((p) => /^\d+ /.test(p['title'] as string));
  t.ok(promising.length > 100, `${promising.length} titles with a number`);
  const short = promising.filter((p) => {
    const promised = Number((p['title'] as string).split(' ')[0]);
    const topic = topics[topicIn(p['title'] as string)!]!;
    const count = topic.sentences.filter((s) => (p['body'] as string).includes(s)).length;
    return count !== promised;
  });
  t.same(short.slice(0, 3), [], '"11 Tips" has 11 sentences, "3 Lessons" 3');
});

t.test('a hashtag writes an acronym in capitals: #UX, #HTTPAPIs, #MLOps', async (t) => {
  const plan = planOf([{ name: 'posts', count: 3000, fields: [{ name: 'h', type: 'hashtag' }] }], 2);
  const tags = new Set(column(plan, 'posts', 'h'));
  t.ok(
    ['#UX', '#SQL', '#APIDesign', '#HTTPAPIs', '#MLOps'].every((h) => tags.has(h)),
    'the acronyms are there',
  );
  t.same(
    [...tags].filter((h) => /(Ux|Sql|Api|Http|Mlops)/.test(String(h))),
    [],
  );
});

t.test('distinct titles get distinct excerpts: a topic has a teaser for each of its titles', async (t) => {
  for (const [name, topic] of Object.entries(articles.topics))
    t.ok(topic.excerpts.length >= PER_TOPIC, `${name}: ${topic.excerpts.length} teasers`);
  const posts = [
    {
      name: 'posts',
      count: TITLE_COUNT,
      fields: [
        { name: 'title', type: 'title', params: { distinct: true } },
        { name: 'excerpt', type: 'article_excerpt', params: { by: 'title' } },
      ],
    },
  ];
  const excerpts = column(planOf(posts, 3), 'posts', 'excerpt');
  t.equal(new Set(excerpts).size, TITLE_COUNT, 'no two posts share a teaser');
});
