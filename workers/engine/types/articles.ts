/**
 * Blog text that speaks of its post's title: an excerpt and a body drawn from the title's topic
 * (vocabulary/articles.en.json, English only), and tags that are real blog tags. `title` builds its
 * titles from the same 18 topics (text-data.ts); `by` names the row's title field, and the topic of a
 * title is one lookup in a Map of every title the type can write.
 */
import type { FieldType, KeyedGenerator, Rng, Value } from '../field-type.js';
import data from '../vocabulary/articles.en.json' with { type: 'json' };
import { define, listType } from './define.js';
import { TITLE_ADJECTIVES, TITLE_FORMS, TITLE_TOPICS } from './text-data.js';
import { hashString } from '../random.js';
import { QUOTE_BYTES, textCost } from '../size.js';

interface Topic {
  readonly excerpts: readonly string[];
  readonly sentences: readonly string[];
  readonly tags: readonly string[];
}

const TOPICS: readonly Topic[] = TITLE_TOPICS.map((name) => {
  const topic = (data.topics as Record<string, Topic>)[name];
  if (topic === undefined) throw new Error(`articles data: no topic ${name}`);
  return topic;
});

/** The least and most `title` puts in a title's `{n}`. */
export const TITLE_NUMBER_RANGE = [3, 12] as const;
const TITLE_NUMBERS = Array.from({ length: TITLE_NUMBER_RANGE[1] - TITLE_NUMBER_RANGE[0] + 1 }, (_, i) =>
  String(i + TITLE_NUMBER_RANGE[0]),
);

/** Topics named in the plural: why they matter, not matters. */
const PLURAL_TOPICS = new Set(['Healthy Habits']);

/** A title form (`{n} {a} Tips for {t}`) filled: `title` writes these, and the index reads them back. */
export const fillTitle = (form: string, n: string, adjective: string, topic: string): string =>
  (PLURAL_TOPICS.has(topic) ? form.replace('{t} Matters', '{t} Matter') : form)
    .replace('{n}', n)
    .replace('{a}', adjective)
    .replace('{t}', topic);

/** Forms that only name the topic ("Why {t} Matters"), and forms with a number or an adjective. */
const FIXED_FORMS = TITLE_FORMS.filter((f) => !f.includes('{n}') && !f.includes('{a}'));
const SLOTTED_FORMS = TITLE_FORMS.filter((f) => f.includes('{n}') || f.includes('{a}'));
/** Each slotted form takes this many numbers and adjectives per topic among the distinct titles. */
const VARIANTS = 3;
export const PER_TOPIC = FIXED_FORMS.length + SLOTTED_FORMS.length * VARIANTS;
/** Distinct titles: per topic, each plain form once and each slotted one in three wordings. */
export const TITLE_COUNT = TITLE_TOPICS.length * PER_TOPIC;

/** The n-th distinct title: topic n mod the topics, then its k-th title; distinct for n < TITLE_COUNT. */
export function nthTitle(n: number): string {
  const topics = TITLE_TOPICS.length;
  const topic = n % topics;
  const k = Math.floor(n / topics) % PER_TOPIC;
  if (k < FIXED_FORMS.length) return fillTitle(FIXED_FORMS[k]!, '', '', TITLE_TOPICS[topic]!);
  const slot = k - FIXED_FORMS.length;
  const form = slot % SLOTTED_FORMS.length;
  const variant = Math.floor(slot / SLOTTED_FORMS.length);
  // The variants of one form and topic differ in both words (steps 5 and 4 below the list lengths).
  const adjective = TITLE_ADJECTIVES[(topic * 7 + form * 3 + variant * 5) % TITLE_ADJECTIVES.length]!;
  const number = TITLE_NUMBERS[(topic + form + variant * 4) % TITLE_NUMBERS.length]!;
  return fillTitle(SLOTTED_FORMS[form]!, number, adjective, TITLE_TOPICS[topic]!);
}

/** What a title says: its topic, and the number of tips or lessons it promises (0: none). */
interface Reading {
  readonly topic: Topic;
  readonly promised: number;
  /** A distinct title's place among its topic's (`nthTitle`): its excerpt is the topic's excerpt of that place. */
  readonly variant?: number;
}

let titleIndex: Map<string, Reading> | undefined;

/** Every title `title` can write, to its reading (about 3,800 entries, built on first use). */
function readingOfTitle(): Map<string, Reading> {
  if (titleIndex !== undefined) return titleIndex;
  titleIndex = new Map();
  for (const form of TITLE_FORMS)
    for (const n of form.includes('{n}') ? TITLE_NUMBERS : [''])
      for (const a of form.includes('{a}') ? TITLE_ADJECTIVES : [''])
        TITLE_TOPICS.forEach((t, i) =>
          titleIndex!.set(fillTitle(form, n, a, t), { topic: TOPICS[i]!, promised: Number(n) }),
        );
  for (let n = 0; n < TITLE_COUNT; n++) {
    const title = nthTitle(n);
    const reading = titleIndex.get(title) as Reading;
    titleIndex.set(title, { ...reading, variant: Math.floor(n / TITLE_TOPICS.length) });
  }
  return titleIndex;
}

/** Every excerpt to its reading (a social post that shares one names its topic's hashtag). */
const READING_OF_EXCERPT = new Map(
  TOPICS.flatMap((topic) => topic.excerpts.map((e) => [e, { topic, promised: 0 }] as const)),
);

/** What the first key that is a known title or excerpt says, else undefined. */
function knownReading(keys: readonly Value[]): Reading | undefined {
  const index = readingOfTitle();
  for (const key of keys) {
    if (typeof key !== 'string') continue;
    const reading = index.get(key) ?? READING_OF_EXCERPT.get(key);
    if (reading !== undefined) return reading;
  }
  return undefined;
}

/** What the keys say, else a topic drawn and no promise. */
const readingOf = (rng: Rng, keys: readonly Value[]): Reading =>
  knownReading(keys) ?? { topic: rng.pick(TOPICS), promised: 0 };

/** The most sentences a body has: a title promises at most TITLE_NUMBER_RANGE[1] tips. */
const MOST_SENTENCES = TITLE_NUMBER_RANGE[1];

/**
 * A body: 4–8 distinct sentences of the topic, or as many as its title promises tips or lessons
 * ("11 Tips" gets 11, "3 Lessons" 3), in two paragraphs when there are more than four.
 */
function body(rng: Rng, topic: Topic, promised = 0): string {
  const order = topic.sentences.slice();
  const count = promised > 0 ? promised : rng.int(4, 8);
  let out = '';
  for (let i = 0; i < count; i++) {
    const j = rng.int(i, order.length - 1);
    const sentence = order[j]!;
    order[j] = order[i]!;
    out += (i === 0 ? '' : i === 4 ? '\n\n' : ' ') + sentence;
  }
  return out;
}

const longest = (pick: (t: Topic) => readonly string[], count = 1) =>
  Math.max(
    ...TOPICS.map((t) =>
      pick(t)
        .map(textCost)
        .sort((a, b) => b - a)
        .slice(0, count)
        .reduce((a, b) => a + b, 0),
    ),
  );

const BODY_BYTES =
  longest((t) => t.sentences, MOST_SENTENCES) +
  (MOST_SENTENCES - 2) * textCost(' ') +
  textCost('\n\n') +
  QUOTE_BYTES;
const EXCERPT_BYTES = longest((t) => t.excerpts) + QUOTE_BYTES;

const keyed =
  (draw: (rng: Rng, topic: Topic, promised: number) => string): (() => KeyedGenerator) =>
  () =>
  (rng, _, keys) => {
    const { topic, promised } = readingOf(rng, keys);
    return draw(rng, topic, promised);
  };

const excerpt = (rng: Rng, topic: Topic) => rng.pick(topic.excerpts);

/**
 * A teaser read from the row's title: a distinct title's own (distinct titles, distinct teasers; a
 * second teaser column of the row, a `summary` beside the `excerpt`, starts elsewhere in the topic's
 * list), else one drawn of the title's topic.
 */
function excerptBy(): KeyedGenerator {
  let name = '';
  let offset = 0;
  return (rng, ctx, keys) => {
    const { topic, variant } = readingOf(rng, keys);
    if (variant === undefined) return rng.pick(topic.excerpts);
    if (ctx.fieldName !== name) {
      name = ctx.fieldName;
      offset = hashString(name);
    }
    return topic.excerpts[(variant + offset) % topic.excerpts.length] as string;
  };
}

export const ARTICLE_TYPES: readonly FieldType[] = [
  define({
    id: 'article_excerpt',
    category: 'text',
    description:
      "A blog post's teaser of one or two sentences; `by` names the row's `title` field: about that title's topic.",
    example: 'Working from home sounds easy until the kitchen table becomes your office.',
    maxBytes: EXCERPT_BYTES,
    generate: (rng) => excerpt(rng, rng.pick(TOPICS)),
    prepareBy: excerptBy,
  }),
  define({
    id: 'article_body',
    category: 'text',
    description:
      "A blog post's body: 4–8 sentences on one topic, in two paragraphs past four; `by` names the row's `title` field: that title's topic, and as many sentences as it promises tips or lessons (\"11 Tips\": 11).",
    example:
      'Set a fixed start and end to the working day. A door that closes helps more than a bigger screen.',
    maxBytes: BODY_BYTES,
    generate: (rng) => body(rng, rng.pick(TOPICS)),
    prepareBy: keyed(body),
  }),
];

/** Broad tags that several topics share (`career`: remote work, public speaking...), to their topics. */
const AREAS = Object.entries(data.areas as Record<string, readonly string[]>);

/** A blog's 20 tags, broad and of a topic, that give every topic at least three (the blog template's). */
export const BLOG_TAGS: readonly string[] = data.blog_tags;

/**
 * Every tag, lower-case kebab-case: the blog's 20 first, then the other tags of the topics in rounds
 * (each topic's next one), so that the first n of a unique `in_order` list spread over the topics.
 */
export const TAGS: readonly string[] = (() => {
  const rest = TOPICS.map((t) => t.tags.filter((tag) => !BLOG_TAGS.includes(tag)));
  const rounds = Math.max(...rest.map((tags) => tags.length));
  const spread = Array.from({ length: rounds }, (_, k) => rest.flatMap((tags) => tags[k] ?? []));
  return [...BLOG_TAGS, ...spread.flat()];
})();

/** One bit per topic, in TITLE_TOPICS order (18 topics: one 32-bit word). */
const bitOf = (topic: Topic) => 1 << TOPICS.indexOf(topic);

const TOPICS_OF_TAG = new Map<string, number>([
  ...TOPICS.flatMap((t) => t.tags.map((tag) => [tag, bitOf(t)] as const)),
  ...AREAS.map(([tag, names]) => {
    const mask = names.reduce((m, name) => m | (1 << TITLE_TOPICS.indexOf(name)), 0);
    if (names.some((name) => !TITLE_TOPICS.includes(name))) throw new Error(`articles data: area ${tag}`);
    return [tag, mask] as const;
  }),
]);

/**
 * The topics a title, an excerpt or a tag speaks of, one bit each (0: none known). A ref's `match`
 * pairs a tag with a post when their topics meet: `career` fits a post on public speaking.
 */
export function topicsOf(value: Value): number {
  if (typeof value !== 'string') return 0;
  const reading = knownReading([value]);
  return reading === undefined ? (TOPICS_OF_TAG.get(value) ?? 0) : bitOf(reading.topic);
}

/** The tags' words a hashtag writes in capitals (every other word gets one capital). */
const ACRONYMS: ReadonlyMap<string, string> = new Map([
  ['api', 'API'],
  ['apis', 'APIs'],
  ['http', 'HTTP'],
  ['sql', 'SQL'],
  ['ux', 'UX'],
  ['mlops', 'MLOps'],
]);

/** `work-life-balance` → `#WorkLifeBalance`, `api-design` → `#APIDesign`. */
const hashtagOf = (tag: string) =>
  '#' +
  tag
    .split('-')
    .map((word) => ACRONYMS.get(word) ?? word[0]!.toUpperCase() + word.slice(1))
    .join('');

const HASHTAGS = TAGS.map(hashtagOf);
const TOPIC_HASHTAGS = new Map(TOPICS.map((t) => [t, t.tags.map(hashtagOf)] as const));

export const HASHTAG_TYPE: FieldType = define({
  id: 'hashtag',
  category: 'social',
  description:
    "Hashtag of a blog tag in camel case; `by` names the row's post (an `article_excerpt`) or title: one of its topic's.",
  example: '#RemoteWork',
  maxBytes: Math.max(...HASHTAGS.map(textCost)) + QUOTE_BYTES,
  generate: (rng) => rng.pick(HASHTAGS),
  cardinality: () => HASHTAGS.length,
  nth: (n) => HASHTAGS[n]!,
  prepareBy: () => (rng, _, keys) => {
    const reading = knownReading(keys);
    return rng.pick(reading === undefined ? HASHTAGS : TOPIC_HASHTAGS.get(reading.topic)!);
  },
});

export const TAG_TYPE: FieldType = listType('tag', 'text', 'A lower-case blog tag (kebab-case).', TAGS);
