/** Social types: platforms, handles, reactions, ratings and hashtags. */
import type { FieldType } from '../field-type.js';
import { EN } from '../locales/faker-sources.js';
import { HASHTAG_TYPE } from './articles.js';
import { define, listType } from './define.js';
import { check, num } from './params.js';
import { asciiParts } from './person.js';

const GENRES = EN.music?.genre ?? ['Rock'];

/** Star draws skewed positive, as real reviews are. */
const STARS = [5, 5, 5, 5, 4, 4, 4, 3, 3, 2, 1];

export const SOCIAL_TYPES: readonly FieldType[] = [
  HASHTAG_TYPE,
  listType('social_platform', 'social', 'Social network.', [
    'Facebook',
    'Instagram',
    'X',
    'LinkedIn',
    'TikTok',
    'YouTube',
    'Reddit',
    'Pinterest',
    'Snapchat',
    'Mastodon',
    'Bluesky',
    'Threads',
  ]),
  listType('reaction', 'social', 'Reaction type.', ['like', 'love', 'haha', 'wow', 'sad', 'angry', 'care']),
  define({
    id: 'github_username',
    category: 'social',
    description: "GitHub-style handle from the row's person (letters, digits, hyphens).",
    example: 'emma-schmidt',
    generate: (rng, ctx) => {
      const [first, last] = asciiParts(ctx);
      return rng.chance(0.5) ? first + '-' + last : first + last.slice(0, 1) + rng.int(1, 999);
    },
  }),
  define({
    id: 'twitter_handle',
    category: 'social',
    description: "@handle from the row's person (at most 15 chars after @).",
    example: '@emmaschmidt',
    generate: (rng, ctx) => {
      const [first, last] = asciiParts(ctx);
      return (
        '@' +
        (first + (rng.chance(0.5) ? '_' : '') + last).slice(0, 12) +
        (rng.chance(0.4) ? rng.int(1, 99) : '')
      );
    },
  }),
  define({
    id: 'rating',
    category: 'social',
    description:
      'Star rating 1–5, skewed positive like real reviews; `min`/`max` clamp it, `precision` > 0 gives a value near the star (star − 0.5 to star + 0.4).',
    params: {
      min: 'number 0–100, lower clamp (default 1)',
      max: 'number 0–100, upper clamp (default 5)',
      precision: 'integer 0–4 decimals (default 0: whole stars)',
    },
    example: 4,
    kind: (p) => (num(p, 'precision', 0) > 0 ? 'decimal' : 'integer'),
    validate: (p) =>
      check(p, (c) => {
        const bound = { min: 0, max: 100 };
        c.ordered('min', c.number('min', bound), 'max', c.number('max', bound));
        c.number('precision', { integer: true, min: 0, max: 4 });
      }),
    generate: (rng, _, p) => {
      const star = rng.pick(STARS);
      const precision = num(p, 'precision', 0);
      const scale = 10 ** precision;
      const value = precision > 0 ? Math.round((star - 0.5 + rng.float() * 0.9) * scale) / scale : star;
      return Math.min(num(p, 'max', 5), Math.max(num(p, 'min', 1), value));
    },
    // Whole stars only: a rating with decimals cannot promise distinct values.
    cardinality: (p) =>
      num(p, 'precision', 0) > 0
        ? 0
        : Math.max(0, Math.floor(num(p, 'max', 5)) - Math.ceil(num(p, 'min', 1)) + 1),
    nth: (n, _, p) => Math.ceil(num(p, 'min', 1)) + n,
  }),
  listType('music_genre', 'social', 'Music genre.', GENRES),
];
