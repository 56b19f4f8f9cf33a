/** Social types: platforms, handles, reactions, ratings and hashtags. */
import type { FieldType } from '../field-type.js';
import { EN } from '../locales/faker-sources.js';
import { define, listType } from './define.js';
import { capitalize } from './format.js';
import { asciiParts } from './person.js';
import { WORDS } from './text-data.js';

const GENRES = EN.music?.genre ?? ['Rock'];

export const SOCIAL_TYPES: readonly FieldType[] = [
  define({
    id: 'hashtag',
    category: 'social',
    description: 'Hashtag of one or two words.',
    example: '#HarborSummit',
    generate: (rng) =>
      '#' + capitalize(rng.pick(WORDS)) + (rng.chance(0.5) ? capitalize(rng.pick(WORDS)) : ''),
  }),
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
    description: 'Star rating 1–5, skewed positive like real reviews.',
    example: 4,
    kind: 'integer',
    generate: (rng) => rng.pick([5, 5, 5, 5, 4, 4, 4, 3, 3, 2, 1]),
    cardinality: () => 5,
    nth: (n) => n + 1,
  }),
  listType('music_genre', 'social', 'Music genre.', GENRES),
];
