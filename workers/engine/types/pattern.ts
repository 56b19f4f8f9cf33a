/**
 * The `pattern` type: strings that fully match a regular expression (a JSON Schema `pattern`), drawn by
 * randexp from the cell's random stream. The regex is compiled once per params object and worker.
 */
import type { FieldType, RawParams } from '../field-type.js';
import { define } from './define.js';
import { check } from './params.js';
import { type CompiledPattern, compilePattern, MAX_PATTERN_LENGTH, PatternError } from './pattern-compile.js';

/** Compiled patterns by params object (plans keep theirs), then by their text (a few recent ones). */
const byParams = new WeakMap<RawParams, CompiledPattern>();
const byText = new Map<string, CompiledPattern>();
const RECENT = 64;

function compiled(p: RawParams): CompiledPattern {
  let found = byParams.get(p);
  if (found) return found;
  const min = typeof p['min_length'] === 'number' ? p['min_length'] : undefined;
  const max = typeof p['max_length'] === 'number' ? p['max_length'] : undefined;
  const key = JSON.stringify([p['regex'], min, max]);
  found = byText.get(key);
  if (!found) {
    found = compilePattern(p['regex'] as string, min, max);
    if (byText.size >= RECENT) byText.delete(byText.keys().next().value as string);
    byText.set(key, found);
  }
  byParams.set(p, found);
  return found;
}

export const PATTERN_TYPES: readonly FieldType[] = [
  define({
    id: 'pattern',
    category: 'text',
    description:
      'A string that fully matches `regex` (ECMAScript, as JSON Schema `pattern`), drawn by randexp. `*`, `+` and `{n,}` repeat at most 16 times more than their minimum; `.` and negated classes draw printable ASCII. Lookaround, backreferences, `\\b` and `\\p{…}` are refused. Unique only for fixed-shape regexes (no `|`, no variable repetition). (ours)',
    params: {
      regex: 'string (required, at most 2000 characters): the regular expression; `^`/`$` are optional',
      min_length: `integer 0–${MAX_PATTERN_LENGTH}: shortest value, in characters`,
      max_length: `integer 0–${MAX_PATTERN_LENGTH}: longest value, in characters`,
    },
    example: 'KXW-4821',
    validate: (p) =>
      check(p, (c) => {
        const opts = { integer: true, min: 0, max: MAX_PATTERN_LENGTH };
        const min = c.number('min_length', opts);
        const max = c.number('max_length', opts);
        c.ordered('min_length', min, 'max_length', max);
        const regex = c.string('regex', { nonEmpty: true });
        if (p['regex'] == null) c.fail('regex', 'regex is required');
        if (regex === undefined || c.issues.length > 0) return;
        try {
          compiled(p);
        } catch (error) {
          if (!(error instanceof PatternError)) throw error;
          c.fail(error.path, error.message);
        }
      }),
    maxBytes: (p) => compiled(p).maxBytes,
    prepare: (p) => {
      const { draw } = compiled(p);
      return (rng) => draw(rng);
    },
    generate: (rng, _, p) => compiled(p).draw(rng),
    cardinality: (p) => compiled(p).cardinality,
    nth: (n, _, p) => compiled(p).nth(n),
  }),
];
