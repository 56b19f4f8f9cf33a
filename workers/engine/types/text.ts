/** Text types: words, sentences, titles, reviews and longer English prose. */
import type { FieldType, KeyedGenerator, RawParams, Rng } from '../field-type.js';
import { fillTitle, nthTitle, TAG_TYPE, TITLE_COUNT, TITLE_NUMBER_RANGE } from './articles.js';
import { define, listType } from './define.js';
import { check, compatRange, num } from './params.js';
import { companySlugOf, ROW_CODE_BYTES, rowCode, SLUG_TEXT_CHARS } from './slugify.js';
import * as T from './text-data.js';
import { longestCost, QUOTE_BYTES, SHORT_TEXT_BYTES, unitCost } from '../size.js';

// Worst-case bytes (size.ts) of the text built from the word banks.
const SENTENCE_COST =
  longestCost(T.SUBJECTS) + longestCost(T.VERBS) + longestCost(T.OBJECTS) + longestCost(T.CLOSERS) + 4;
const WORD_COST = longestCost(T.WORDS);
const TITLE_COST =
  longestCost(T.TITLE_FORMS) + longestCost(T.TITLE_ADJECTIVES) + longestCost(T.TITLE_TOPICS) + 2;
/** The most bytes one character of the prose takes. */
export const PROSE_UNIT_COST = unitCost(T.SUBJECTS, T.VERBS, T.OBJECTS, T.CLOSERS);
/** Bytes of a paragraph of at most `sentences` sentences. */
const paragraphBytes = (sentences: number) => sentences * (SENTENCE_COST + 1) + QUOTE_BYTES;

/** One plain English sentence. */
export function sentence(rng: Rng): string {
  const closer = rng.chance(0.5) ? ' ' + rng.pick(T.CLOSERS) : '';
  return rng.pick(T.SUBJECTS) + ' ' + rng.pick(T.VERBS) + ' ' + rng.pick(T.OBJECTS) + closer + '.';
}

/** A paragraph of `count` sentences. */
export function paragraph(rng: Rng, count: number): string {
  let out = sentence(rng);
  for (let i = 1; i < count; i++) out += ' ' + sentence(rng);
  return out;
}

function title(rng: Rng): string {
  const form = rng.pick(T.TITLE_FORMS);
  const n = String(rng.int(...TITLE_NUMBER_RANGE));
  const adjective = rng.pick(T.TITLE_ADJECTIVES);
  return fillTitle(form, n, adjective, rng.pick(T.TITLE_TOPICS));
}

/** A URL slug of 2–4 words. */
export function slug(rng: Rng): string {
  let out = rng.pick(T.WORDS);
  const count = rng.int(1, 3);
  for (let i = 0; i < count; i++) out += '-' + rng.pick(T.WORDS);
  return out;
}

/**
 * A slug read from the first key that has Latin letters or digits (a title, a company's name without
 * its legal form), else drawn; a distinct one ends in the row's code.
 */
function slugBy(_: RawParams, distinct: boolean): KeyedGenerator {
  return (rng, ctx, keys) => {
    let base = '';
    for (const key of keys) if (typeof key === 'string' && (base = companySlugOf(key)) !== '') break;
    if (base === '') base = slug(rng);
    return distinct ? base + '-' + rowCode(ctx.row, ctx.count) : base;
  };
}

function words(rng: Rng, params: RawParams): string {
  const count = rng.int(num(params, 'min', 2), num(params, 'max', 5));
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(rng.pick(T.WORDS));
  return out.join(' ');
}

function markdown(rng: Rng): string {
  const heading = title(rng);
  return `## ${heading}\n\n${paragraph(rng, 2)}\n\n- ${sentence(rng)}\n- ${sentence(rng)}\n\n**${rng.pick(T.CLOSERS)}**`;
}

/** The hosted service's markdown shapes: short, medium, long. */
function markdownOf(rng: Rng, length: string): string {
  let out = `## ${title(rng)}\n\n${paragraph(rng, 2)}`;
  if (length === 'short') return out;
  const steps = length === 'long' ? 5 : 3;
  out += '\n\n';
  for (let i = 1; i <= steps; i++) out += `${i}. ${sentence(rng)}\n`;
  out += '\n```bash\nnpm install ' + rng.pick(T.WORDS) + '\n```';
  if (length === 'long')
    out += `\n\n## ${title(rng)}\n\n${paragraph(rng, 3)}\n\n> **Note:** ${sentence(rng)}`;
  return out;
}

/** A sentence of exactly `count` words: sentences joined, cut at the count, one final full stop. */
function sentenceOfWords(rng: Rng, count: number): string {
  const words: string[] = [];
  while (words.length < count) words.push(...sentence(rng).slice(0, -1).split(' '));
  return words.slice(0, count).join(' ') + '.';
}

/** `paragraph`'s sentence range: ours 3–6, the hosted 5–8 for a bound not given. */
function paragraphRange(p: RawParams): [number, number] {
  return compatRange(p, ['min', 'max'], [3, 6], [5, 8]);
}

/** Optional integer counts 1..`max` under two keys, in order. */
function orderedCounts(p: RawParams, lo: string, hi: string, max: number) {
  const opts = { integer: true, min: 1, max };
  return check(p, (c) => c.ordered(lo, c.number(lo, opts), hi, c.number(hi, opts)));
}

function blogPost(rng: Rng): string {
  const count = rng.int(3, 5);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) parts.push(paragraph(rng, rng.int(3, 5)));
  return parts.join('\n\n');
}

const COUNT_PARAMS = { min: 'integer ≥ 1 (default 2)', max: 'integer ≤ 100 (default 5)' };
const validateCount = (p: RawParams) =>
  check(p, (c) =>
    c.ordered(
      'min',
      c.number('min', { integer: true, min: 1, max: 100 }),
      'max',
      c.number('max', { integer: true, min: 1, max: 100 }),
    ),
  );

export const TEXT_TYPES: readonly FieldType[] = [
  define({
    id: 'sentence',
    category: 'text',
    description:
      'One English sentence; with `min_words`/`max_words`, cut or extended to a word count in that range.',
    params: {
      min_words: 'integer 1–200 (default 5 when max_words is given)',
      max_words: 'integer 1–200 (default 15 when min_words is given)',
    },
    example: 'The team simplifies the onboarding process for everyone.',
    validate: (p) => orderedCounts(p, 'min_words', 'max_words', 200),
    maxBytes: (p) =>
      p['min_words'] == null && p['max_words'] == null
        ? SHORT_TEXT_BYTES
        : compatRange(p, ['min_words', 'max_words'], [5, 15], [5, 15])[1] * (SENTENCE_COST + 1) + QUOTE_BYTES,
    generate: (rng, _, p) => {
      if (p['min_words'] == null && p['max_words'] == null) return sentence(rng);
      const [lo, hi] = compatRange(p, ['min_words', 'max_words'], [5, 15], [5, 15]);
      return sentenceOfWords(rng, rng.int(lo, hi));
    },
  }),
  define({
    id: 'paragraph',
    category: 'text',
    description:
      'A paragraph of 3–6 English sentences, or `sentences` exactly, or `min`–`max` (5–8 when only one is given).',
    params: {
      sentences: 'integer 1–100, exact sentence count (instead of min/max)',
      min: 'integer 1–100 (default 3; 5 when only max is given)',
      max: 'integer 1–100 (default 6; 8 when only min is given)',
    },
    example:
      'The team simplifies the onboarding process. Our platform tracks daily reports in real time. The update reduces shipping times.',
    validate: (p) => [
      ...orderedCounts(p, 'min', 'max', 100),
      ...check(p, (c) => {
        c.number('sentences', { integer: true, min: 1, max: 100 });
        c.exclusive('sentences', 'min');
        c.exclusive('sentences', 'max');
      }),
    ],
    maxBytes: (p) => paragraphBytes(num(p, 'sentences', paragraphRange(p)[1])),
    generate: (rng, _, p) => {
      const exact = p['sentences'];
      if (typeof exact === 'number') return paragraph(rng, exact);
      const [lo, hi] = paragraphRange(p);
      return paragraph(rng, rng.int(lo, hi));
    },
  }),
  define({
    id: 'catch_phrase',
    category: 'text',
    description: 'Marketing catch phrase.',
    example: 'Seamless workflows for modern teams',
    generate: (rng) =>
      rng
        .pick(T.CATCH_FORMS)
        .replace('{a}', rng.pick(T.CATCH_ADJECTIVES))
        .replace('{n}', rng.pick(T.CATCH_NOUNS)),
  }),
  define({
    id: 'title',
    category: 'text',
    description: `Article or post title; distinct ones (\`distinct\`, \`unique\`, ${TITLE_COUNT}) name each topic in each form, those with a number or an adjective in three wordings.`,
    example: '7 Practical Tips for Remote Work',
    generate: title,
    cardinality: () => TITLE_COUNT,
    nth: (n) => nthTitle(n),
  }),
  define({
    id: 'slug',
    category: 'text',
    description:
      "URL slug of 2–4 lower-case words; unique columns append the row number. `by` names the row's title or name: its slug (a company's without its legal form); a unique one then ends in a code of 4–6 characters that differs on every row.",
    example: 'harbor-summit-pixel',
    generate: slug,
    maxBytes: SLUG_TEXT_CHARS + 1 + ROW_CODE_BYTES + QUOTE_BYTES,
    prepareBy: slugBy,
    distinctBy: true,
    cardinality: () => Number.POSITIVE_INFINITY,
    nth: (n, _, __) =>
      T.WORDS[n % T.WORDS.length]! +
      '-' +
      T.WORDS[Math.floor(n / T.WORDS.length) % T.WORDS.length]! +
      '-' +
      n,
  }),
  TAG_TYPE,
  listType('word', 'text', 'Single English word (ours).', T.WORDS, 'harbor'),
  define({
    id: 'words',
    category: 'text',
    description: 'A few words separated by spaces (ours).',
    params: COUNT_PARAMS,
    example: 'harbor summit pixel',
    validate: validateCount,
    maxBytes: (p) => num(p, 'max', 5) * (WORD_COST + 1) + QUOTE_BYTES,
    generate: (rng, _, p) => words(rng, p),
  }),
  define({
    id: 'text',
    category: 'text',
    description: 'Free text of min–max sentences (ours).',
    params: COUNT_PARAMS,
    example: 'The team simplifies the onboarding process. Our platform tracks daily reports.',
    validate: validateCount,
    maxBytes: (p) => paragraphBytes(num(p, 'max', 5)),
    generate: (rng, _, p) => paragraph(rng, rng.int(num(p, 'min', 2), num(p, 'max', 5))),
  }),
  define({
    id: 'markdown',
    category: 'text',
    description:
      'Markdown snippet: heading, paragraph, bullet list, bold line; `length` short (heading, paragraph), medium (+ steps and a code block) or long (+ more steps, a second section and a note).',
    params: { length: 'one of short, medium, long (default: the snippet above)' },
    validate: (p) => check(p, (c) => c.string('length', { oneOf: ['short', 'medium', 'long'] })),
    example:
      '## A Simple Guide to Open Source\n\nThe team builds daily reports.\n\n- The app tracks data quality.\n\n**at scale**',
    // Markup, newlines (escaped as \\n, 2 bytes, in JSON) and up to 7 steps around the prose.
    maxBytes: (p) =>
      p['length'] === undefined
        ? TITLE_COST + paragraphBytes(4) + longestCost(T.CLOSERS) + 64
        : 2 * TITLE_COST + paragraphBytes(12) + WORD_COST + 512,
    generate: (rng, _, p) => (typeof p['length'] === 'string' ? markdownOf(rng, p['length']) : markdown(rng)),
  }),
  listType('emoji', 'text', 'A single emoji.', T.EMOJI),
  listType('message', 'text', 'Short chat message.', T.MESSAGES),
  listType('notification_text', 'text', 'In-app notification text.', T.NOTIFICATIONS),
  define({
    id: 'blog_post',
    category: 'text',
    description: 'Blog post body: 3–5 paragraphs separated by blank lines.',
    example: 'The team builds daily reports.\n\nOur platform tracks data quality.',
    maxBytes: 5 * (paragraphBytes(5) + 12),
    generate: blogPost,
  }),
  listType('blog_comment', 'text', 'Reader comment on a blog post.', T.COMMENTS),
];
