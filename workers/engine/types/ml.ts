/**
 * ML-flavoured technical types: embedding vectors, labels, confidence scores and token counts, with
 * the params the hosted service reads on them (`dimensions`, `values`, `min`/`max`, `max_input`...).
 */
import type { FieldType, RawParams } from '../field-type.js';
import { jsonTextBytes, QUOTE_BYTES } from '../size.js';
import { choiceType } from './choices.js';
import { define } from './define.js';
import {
  check,
  checkScalar,
  compatRange,
  isScalar,
  num,
  SCALAR_PARAM,
  validateCountRange,
} from './params.js';
import { integerKind } from './structure.js';

const LABELS = [
  'positive',
  'negative',
  'neutral',
  'spam',
  'not_spam',
  'cat',
  'dog',
  'bird',
  'relevant',
  'irrelevant',
  'fraud',
  'legit',
];

/** Whether `token_count` answers the hosted object {input, output, total}. */
/** The bare count (ours): asked for with `scalar`, or implied by our `min`/`max`. */
function bareCount(p: RawParams): boolean {
  return isScalar(p) || p['min'] != null || p['max'] != null;
}

export const ML_TYPES: readonly FieldType[] = [
  define({
    id: 'embedding_vector',
    category: 'technical',
    description: 'Unit-length vector of `dims` floats (6 decimals), like a text embedding.',
    params: {
      dims: 'integer 1–4096 (default 16)',
      dimensions: 'integer 1–4096: the hosted name of `dims` (give one of them)',
    },
    example: [0.123456, -0.482913, 0.300112, 0.811, -0.0521],
    kind: 'json',
    validate: (p) =>
      check(p, (c) => {
        c.number('dims', { integer: true, min: 1, max: 4096 });
        c.number('dimensions', { integer: true, min: 1, max: 4096 });
        c.exclusive('dimensions', 'dims');
      }),
    normalize: (p) => {
      const { dimensions, ...rest } = p;
      return typeof dimensions === 'number' ? { ...rest, dims: dimensions } : p;
    },
    // `[…]` of numbers of at most `-0.123456,` (10 bytes): nothing in it is escaped in any output.
    maxBytes: (p) => num(p, 'dims', 16) * 10 + 2 + QUOTE_BYTES,
    generate: (rng, _, p) => {
      const dims = num(p, 'dims', 16);
      const out = new Array<number>(dims);
      let norm = 0;
      for (let i = 0; i < dims; i++) {
        const v = rng.float() * 2 - 1;
        out[i] = v;
        norm += v * v;
      }
      norm = Math.sqrt(norm) || 1;
      for (let i = 0; i < dims; i++) out[i] = Math.round((out[i]! / norm) * 1e6) / 1e6;
      return out;
    },
  }),
  choiceType('label', 'technical', 'Classification label, as in ML datasets.', LABELS),
  define({
    id: 'confidence_score',
    category: 'technical',
    description: 'Model confidence in [min, max] (default 0–1), 4 decimals, skewed toward max.',
    params: {
      min: 'number 0–1 (default 0; 0.5 when only max is given)',
      max: 'number 0–1 (default 1; 0.99 when only min is given)',
    },
    example: 0.9312,
    kind: 'float',
    validate: (p) =>
      check(p, (c) => {
        const bound = { min: 0, max: 1 };
        c.ordered('min', c.number('min', bound), 'max', c.number('max', bound));
      }),
    generate: (rng, _, p) => {
      const [lo, hi] = compatRange(p, ['min', 'max'], [0, 1], [0.5, 0.99]);
      return Math.round((lo + Math.sqrt(rng.float()) * (hi - lo)) * 10000) / 10000;
    },
  }),
  define({
    id: 'token_count',
    category: 'technical',
    description:
      'LLM token usage as {input, output, total}: input skewed low up to max_input, output 20–80% of input; `scalar: true` or `min`/`max` give one bare count, uniform in [min, max] (default 10–4000).',
    params: {
      max_input: 'integer 1–10000000: cap on input tokens (default 4096)',
      max_output: 'integer 1–10000000: cap on output tokens (default 2048)',
      min: 'integer (ours, default 10): lowest bare count',
      max: 'integer (ours, default 4000): highest bare count',
      scalar: SCALAR_PARAM,
    },
    example: { input: 812, output: 344, total: 1156 },
    kind: (p) => (bareCount(p) ? integerKind(num(p, 'min', 10), num(p, 'max', 4000)) : 'json'),
    validate: (p) => [
      ...validateCountRange(p),
      ...check(p, (c) => {
        for (const key of ['max_input', 'max_output']) {
          c.number(key, { integer: true, min: 1, max: 10_000_000 });
          if (p[key] != null && (p['min'] != null || p['max'] != null))
            c.fail(key, `give ${key} or min/max, not both`);
        }
        checkScalar(c, ['max_input', 'max_output']);
      }),
    ],
    maxBytes: (p) => (bareCount(p) ? 24 : jsonTextBytes(60)),
    generate: (rng, _, p) => {
      if (bareCount(p)) return rng.int(num(p, 'min', 10), num(p, 'max', 4000));
      const maxInput = num(p, 'max_input', 4096);
      const maxOutput = num(p, 'max_output', 2048);
      const u = rng.float();
      const input = Math.max(1, Math.floor(maxInput * u * u));
      const output = Math.min(maxOutput, Math.max(1, Math.round(input * (0.2 + 0.6 * rng.float()))));
      return { input, output, total: input + output };
    },
  }),
];
