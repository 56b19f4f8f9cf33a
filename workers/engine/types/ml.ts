/**
 * ML-flavoured technical types: embedding vectors, labels, confidence scores and token counts, with
 * the params the hosted service reads on them (`dimensions`, `values`, `min`/`max`, `max_input`...).
 */
import type { FieldType, RawParams } from '../field-type.js';
import { jsonTextBytes, QUOTE_BYTES } from '../size.js';
import { choiceType } from './choices.js';
import { define } from './define.js';
import { check, compatRange, num, validateCountRange } from './params.js';
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
function tokenObject(p: RawParams): boolean {
  return p['max_input'] != null || p['max_output'] != null;
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
      'LLM token count, uniform in [min, max] (default 10–4000); with `max_input`/`max_output`, an object {input, output, total} (output 20–80% of input).',
    params: {
      min: 'integer (default 10)',
      max: 'integer (default 4000)',
      max_input:
        'integer 1–10000000: cap on input tokens, drawn skewed low (default 4096 when max_output is given)',
      max_output: 'integer 1–10000000: cap on output tokens (default 2048 when max_input is given)',
    },
    example: 512,
    kind: (p) => (tokenObject(p) ? 'json' : integerKind(num(p, 'min', 10), num(p, 'max', 4000))),
    validate: (p) => [
      ...validateCountRange(p),
      ...check(p, (c) => {
        for (const key of ['max_input', 'max_output']) {
          c.number(key, { integer: true, min: 1, max: 10_000_000 });
          if (p[key] != null && (p['min'] != null || p['max'] != null))
            c.fail(key, `give ${key} or min/max, not both`);
        }
      }),
    ],
    maxBytes: (p) => (tokenObject(p) ? jsonTextBytes(60) : 24),
    generate: (rng, _, p) => {
      if (!tokenObject(p)) return rng.int(num(p, 'min', 10), num(p, 'max', 4000));
      const maxInput = num(p, 'max_input', 4096);
      const maxOutput = num(p, 'max_output', 2048);
      const u = rng.float();
      const input = Math.max(1, Math.floor(maxInput * u * u));
      const output = Math.min(maxOutput, Math.max(1, Math.round(input * (0.2 + 0.6 * rng.float()))));
      return { input, output, total: input + output };
    },
  }),
];
