/**
 * Review text whose tone follows its star rating: praise for 4–5 stars, complaint for 1–2, balanced
 * for 3, never mixed. With `by` naming the row's rating field, the stars are that value; without, the
 * type draws stars as `rating` does. A second `by` naming the product reviewed (its name or category)
 * keeps to phrases that fit its kind: no floor mats stop working. The phrases are data
 * (vocabulary/reviews.en.json, English only).
 */
import type { KeyedGenerator, Rng, Value } from '../field-type.js';
import data from '../vocabulary/reviews.en.json' with { type: 'json' };
import { define } from './define.js';
import { CATALOGUE, entryOf } from './product-catalogue.js';
import { longestCost, QUOTE_BYTES } from '../size.js';

interface Tone {
  readonly titles: readonly string[];
  readonly openers: readonly string[];
  readonly details: readonly string[];
  readonly closers: readonly string[];
}

/** A phrase as the data holds it: said of any product, or only of products of the kinds it `fits`. */
type Phrase = string | { readonly text: string; readonly fits: readonly string[] };
type RawTone = Readonly<Record<keyof Tone, readonly Phrase[]>>;

const RAW: Readonly<Record<string, RawTone>> = data.tones;
const text = (phrase: Phrase) => (typeof phrase === 'string' ? phrase : phrase.text);

/** A tone's phrases that may be said of a product of `kind` (every phrase when no kind is known). */
function toneFor(raw: RawTone, kind: string | undefined): Tone {
  const fits = (phrase: Phrase) =>
    kind === undefined || typeof phrase === 'string' || phrase.fits.includes(kind);
  const only = (part: keyof Tone) => {
    const phrases = raw[part].filter(fits).map(text);
    if (phrases.length === 0) throw new Error(`reviews data: no ${part} fits a ${kind}`);
    return phrases;
  };
  return {
    titles: only('titles'),
    openers: only('openers'),
    details: only('details'),
    closers: only('closers'),
  };
}

/** The tone of each whole star, 1 to 5 (index star − 1), of the phrases that fit `kind`. */
function starsFor(kind: string | undefined): readonly Tone[] {
  return data.stars.map((name) => {
    const raw = RAW[name];
    if (raw === undefined) throw new Error(`reviews data: no tone ${name}`);
    return toneFor(raw, kind);
  });
}

/** Per product kind, its stars' tones: a lookup per row, no filtering. */
const BY_KIND = new Map(
  [...new Set(CATALOGUE.flatMap((c) => c.products.map((p) => p.kind)))].map((kind) => [kind, starsFor(kind)]),
);
/** One kind per catalogue product: a review of no product in particular is of one of them. */
const PRODUCT_KINDS = CATALOGUE.flatMap((c) => c.products.map((p) => BY_KIND.get(p.kind)!));
/** Stars drawn when no rating is given: skewed positive, as `rating` draws them. */
const STARS = [5, 5, 5, 5, 4, 4, 4, 3, 3, 2, 1];
const ALL = Object.values(RAW).map((raw) => toneFor(raw, undefined));

/** Whole stars 1–5 of a rating value (decimal stars rounded, clamped), or undefined for a non-number. */
function starOf(rating: Value): number | undefined {
  const stars =
    typeof rating === 'number' ? rating : typeof rating === 'string' ? Number(rating) : Number.NaN;
  return Number.isFinite(stars) ? Math.min(5, Math.max(1, Math.round(stars))) : undefined;
}

/**
 * The tones of the product the keys after the rating name (its name or its category); without one, of
 * a product kind drawn, so one review never speaks of a lotion and of its setup.
 */
function tonesOf(rng: Rng, keys: readonly Value[]): readonly Tone[] {
  const entry = keys.length < 2 ? undefined : entryOf(keys, 1);
  const kind = entry?.product?.kind ?? entry?.category.kind;
  return (kind === undefined ? undefined : BY_KIND.get(kind)) ?? rng.pick(PRODUCT_KINDS);
}

function drawnTone(rng: Rng, tones: readonly Tone[] = tonesOf(rng, [])): Tone {
  return tones[rng.pick(STARS) - 1] as Tone;
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

/**
 * A generator keyed by the row's rating (the first `by` value) and, after it, the product reviewed (its
 * name or category: only phrases that fit it); an unknown rating draws its own tone.
 */
const keyed =
  (write: (rng: Rng, tone: Tone) => string): (() => KeyedGenerator) =>
  () =>
  (rng, _, keys) => {
    const tones = tonesOf(rng, keys);
    const star = keys[0] === undefined ? undefined : starOf(keys[0]);
    return write(rng, star === undefined ? drawnTone(rng, tones) : (tones[star - 1] as Tone));
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
      'Short product review (English): praise for 4–5 stars, complaint for 1–2, balanced for 3; `by` names the row’s rating field (else the stars are drawn as `rating` draws them), then optionally the product reviewed (its name or category): only phrases that fit its kind.',
    example: 'Absolutely love it. Easy to set up. Would buy again.',
    maxBytes: BODY_BYTES,
    generate: (rng) => body(rng, drawnTone(rng)),
    prepareBy: keyed(body),
  }),
  define({
    id: 'review_title',
    category: 'text',
    description:
      'Title of a product review (English), in the tone of its stars as `review`; `by` names the row’s rating field, then optionally the product reviewed, as `review`.',
    example: 'Worth every penny',
    maxBytes: TITLE_BYTES,
    generate: (rng) => title(rng, drawnTone(rng)),
    prepareBy: keyed(title),
  }),
];
