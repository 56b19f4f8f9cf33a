/** Text types: words, sentences, titles, reviews and longer English prose. */
import type { FieldType, RawParams, Rng } from '../field-type.js';
import { define, listType } from './define.js';
import { check, num } from './params.js';
import * as T from './text-data.js';
import { longestCost, QUOTE_BYTES, unitCost } from '../size.js';

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
  return rng
    .pick(T.TITLE_FORMS)
    .replace('{n}', String(rng.int(3, 12)))
    .replace('{a}', rng.pick(T.TITLE_ADJECTIVES))
    .replace('{t}', rng.pick(T.TITLE_TOPICS));
}

/** A URL slug of 2–4 words. */
export function slug(rng: Rng): string {
  let out = rng.pick(T.WORDS);
  const count = rng.int(1, 3);
  for (let i = 0; i < count; i++) out += '-' + rng.pick(T.WORDS);
  return out;
}

function words(rng: Rng, params: RawParams): string {
  const count = rng.int(num(params, 'min', 2), num(params, 'max', 5));
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(rng.pick(T.WORDS));
  return out.join(' ');
}

function review(rng: Rng): string {
  const [, opener] = rng.pick(T.REVIEW_OPENERS);
  return (
    opener + ' ' + rng.pick(T.REVIEW_DETAILS) + (rng.chance(0.5) ? ' ' + rng.pick(T.REVIEW_DETAILS) : '')
  );
}

function markdown(rng: Rng): string {
  const heading = title(rng);
  return `## ${heading}\n\n${paragraph(rng, 2)}\n\n- ${sentence(rng)}\n- ${sentence(rng)}\n\n**${rng.pick(T.CLOSERS)}**`;
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
    description: 'One English sentence.',
    example: 'The team simplifies the onboarding process for everyone.',
    generate: sentence,
  }),
  define({
    id: 'paragraph',
    category: 'text',
    description: 'A paragraph of 3–6 English sentences.',
    example:
      'The team simplifies the onboarding process. Our platform tracks daily reports in real time. The update reduces shipping times.',
    maxBytes: paragraphBytes(6),
    generate: (rng) => paragraph(rng, rng.int(3, 6)),
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
    description: 'Article or post title.',
    example: '7 Practical Tips for Remote Work',
    generate: title,
  }),
  define({
    id: 'slug',
    category: 'text',
    description: 'URL slug of 2–4 lower-case words; unique columns append the row number.',
    example: 'harbor-summit-pixel',
    generate: slug,
    cardinality: () => Number.POSITIVE_INFINITY,
    nth: (n, _, __) =>
      T.WORDS[n % T.WORDS.length]! +
      '-' +
      T.WORDS[Math.floor(n / T.WORDS.length) % T.WORDS.length]! +
      '-' +
      n,
  }),
  listType('tag', 'text', 'Single lower-case tag word.', T.WORDS, 'harbor'),
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
    id: 'review',
    category: 'text',
    description: 'Short product review whose tone spans 1–5 stars.',
    example: 'Really good overall. Shipping was fast.',
    generate: review,
  }),
  define({
    id: 'markdown',
    category: 'text',
    description: 'Markdown snippet: heading, paragraph, bullet list, bold line.',
    example:
      '## A Simple Guide to Open Source\n\nThe team builds daily reports.\n\n- The app tracks data quality.\n\n**at scale**',
    maxBytes: TITLE_COST + paragraphBytes(4) + longestCost(T.CLOSERS) + 64,
    generate: markdown,
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
