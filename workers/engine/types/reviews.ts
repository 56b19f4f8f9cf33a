/**
 * Review text whose tone follows its star rating: praise for 4–5 stars, complaint for 1–2, balanced
 * for 3, never mixed. With `by` naming the row's rating field, the stars are that value; without, the
 * type draws stars as `rating` does. The phrases are data (vocabulary/reviews.en.json, English only).
 */
import type { KeyedGenerator, Rng, Value } from '../field-type.js';
import data from '../vocabulary/reviews.en.json' with { type: 'json' };
import { define } from './define.js';
import { longestCost, QUOTE_BYTES } from '../size.js';

interface Tone {
  readonly titles: readonly string[];
  readonly openers: readonly string[];
  readonly details: readonly string[];
  readonly closers: readonly string[];
}

const TONES: Readonly<Record<string, Tone>> = data.tones;
/** The tone of each whole star, 1 to 5 (index star − 1). */
const BY_STAR: readonly Tone[] = data.stars.map((name) => {
  const tone = TONES[name];
  if (tone === undefined) throw new Error(`reviews data: no tone ${name}`);
  return tone;
});
/** Stars drawn when no rating is given: skewed positive, as `rating` draws them. */
const STARS = [5, 5, 5, 5, 4, 4, 4, 3, 3, 2, 1];
const ALL = Object.values(TONES);

/** The tone of a rating value (whole or decimal stars, clamped to 1–5), or undefined for a non-number. */
function toneOf(rating: Value): Tone | undefined {
  const stars =
    typeof rating === 'number' ? rating : typeof rating === 'string' ? Number(rating) : Number.NaN;
  if (!Number.isFinite(stars)) return undefined;
  const star = Math.min(5, Math.max(1, Math.round(stars)));
  return BY_STAR[star - 1];
}

function drawnTone(rng: Rng): Tone {
  return BY_STAR[rng.pick(STARS) - 1] as Tone;
}

/** An opener, one or two details and sometimes a closer, all of one tone. */
function body(rng: Rng, tone: Tone): string {
  let out = rng.pick(tone.openers) + ' ' + rng.pick(tone.details);
  if (rng.chance(0.4)) {
    const second = rng.pick(tone.details);
    if (!out.endsWith(second)) out += ' ' + second;
  }
  if (rng.chance(0.5)) out += ' ' + rng.pick(tone.closers);
  return out;
}

/** A generator keyed by the row's rating (the first `by` value); an unknown rating draws its own tone. */
const keyed =
  (write: (rng: Rng, tone: Tone) => string): (() => KeyedGenerator) =>
  () =>
  (rng, _, keys) => {
    const first = keys[0];
    return write(rng, (first === undefined ? undefined : toneOf(first)) ?? drawnTone(rng));
  };

const longest = (part: keyof Tone) => Math.max(...ALL.map((t) => longestCost(t[part])));
const BODY_BYTES = longest('openers') + 2 * longest('details') + longest('closers') + 3 + QUOTE_BYTES;
const TITLE_BYTES = longest('titles') + QUOTE_BYTES;

const title = (rng: Rng, tone: Tone) => rng.pick(tone.titles);

export const REVIEW_TYPES = [
  define({
    id: 'review',
    category: 'text',
    description:
      'Short product review (English): praise for 4–5 stars, complaint for 1–2, balanced for 3; `by` names the row’s rating field, else the stars are drawn as `rating` draws them.',
    example: 'Absolutely love it. Easy to set up. Would buy again.',
    maxBytes: BODY_BYTES,
    generate: (rng) => body(rng, drawnTone(rng)),
    prepareBy: keyed(body),
  }),
  define({
    id: 'review_title',
    category: 'text',
    description:
      'Title of a product review (English), in the tone of its stars as `review`; `by` names the row’s rating field.',
    example: 'Worth every penny',
    maxBytes: TITLE_BYTES,
    generate: (rng) => title(rng, drawnTone(rng)),
    prepareBy: keyed(title),
  }),
];
