/**
 * The `pattern` type's compiler: reads a regular expression once, refuses what randexp cannot honour,
 * and returns a generator whose values fully match it. randexp (with its parser, ret) walks the regex;
 * we give it our random source, a cap on unbounded repetition and the characters classes draw from.
 */
import randexp from 'randexp';
import type { Rng, Value } from '../field-type.js';
import { CellRng, combine, hashString } from '../random.js';
import { QUOTE_BYTES, textCost } from '../size.js';

// randexp's typings declare an ES default export; the package is CommonJS and its module.exports is the class.
const RandExp = randexp as unknown as typeof randexp.default;
type RandExp = InstanceType<typeof RandExp>;
type CharRange = RandExp['defaultRange'];

/** The longest regex source read, in UTF-16 units. */
export const MAX_REGEX_LENGTH = 2000;
/** The longest value a pattern may be able to produce, in UTF-16 units (as long_string's limit). */
export const MAX_PATTERN_LENGTH = 100_000;
/** How many repetitions `*`, `+` and `{n,}` add at most above their minimum (without length bounds). */
export const DEFAULT_CAP = 16;
/** Draws per repetition cap tried at compile time to measure how often length bounds are met. */
const SAMPLES = 64;
/**
 * Draws checked against the regex itself at compile time, and the longest checked. A backtracking
 * engine (V8's) can take exponential time even on a string that matches (`^(\w{1,2}){50}$` on 50
 * characters), so only short draws are run through it, and values are never checked one by one.
 */
const CHECKS = 32;
const CHECK_LENGTH = 20;
/** Characters drawn at most at compile time for the checks and for the length-bound trials (the event loop compiles). */
const CHECK_BUDGET = 50_000;
const SAMPLE_BUDGET = 300_000;
/** Runtime retries are chosen so that falling back to a compile-time sample has about this chance. */
const FALLBACK_CHANCE = 1e-4;
const MAX_RETRIES = 256;

/** ret's token kinds (randexp's parser), as numbered in ret 0.5. */
const ROOT = 0;
const GROUP = 1;
const POSITION = 2;
const SET = 3;
const RANGE = 4;
const REPETITION = 5;
const REFERENCE = 6;
const CHAR = 7;

/** The shape of ret's tokens, as far as we read them. */
interface Token {
  readonly type: number;
  readonly value?: number | string | Token;
  readonly stack?: Token[];
  readonly options?: Token[][];
  readonly followedBy?: boolean;
  readonly notFollowedBy?: boolean;
  readonly set?: Token[];
  readonly not?: boolean;
  readonly from?: number;
  readonly to?: number;
  readonly min?: number;
  readonly max?: number;
}

/** Why a regex is refused: `path` is `regex`, `min_length` or `max_length`. */
export class PatternError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

/** A compiled pattern: draw, n-th distinct value (fixed-shape patterns only), worst-case bytes. */
export interface CompiledPattern {
  readonly draw: (rng: Rng) => string;
  /** Distinct values `nth` can give (0 when the pattern has no fixed shape). */
  readonly cardinality: number;
  readonly nth: (n: number) => Value;
  readonly maxBytes: number;
  /** The repetition cap chosen (DEFAULT_CAP unless length bounds made another fit better). */
  readonly cap: number;
}

const EMPTY: CharRange = new RandExp('').defaultRange.clone().subtract(0, 0x10ffff);

function span(pairs: readonly (readonly [number, number])[]): CharRange {
  const range = EMPTY.clone();
  for (const [low, high] of pairs) range.add(low, high);
  return range;
}

const BMP = span([[0, 0xffff]]);
const SURROGATES = span([[0xd800, 0xdfff]]);
/** Printable ASCII: what `.`, negated classes and any-character classes draw from first. */
const READABLE = span([[0x20, 0x7e]]);
/** Visible BMP characters: no controls, odd spaces, zero-width or bidi marks, private use or non-characters. */
const PRINTABLE = span([
  [0x20, 0x7e],
  [0xa1, 0x167f],
  [0x1681, 0x1fff],
  [0x2010, 0x2027],
  [0x2030, 0x205e],
  [0x2070, 0x2fff],
  [0x3001, 0xd7ff],
  [0xf900, 0xfefe],
  [0xff00, 0xfffd],
]);

/** The characters a class token stands for (nested classes included), within the BMP. */
function classChars(token: Token): CharRange {
  if (token.type === CHAR) return span([[token.value as number, token.value as number]]);
  if (token.type === RANGE) return span([[token.from as number, token.to as number]]);
  const union = EMPTY.clone();
  for (const member of token.set ?? []) union.add(classChars(member));
  return token.not ? BMP.clone().subtract(union) : union;
}

function covers(outer: CharRange, inner: CharRange): boolean {
  return inner.clone().subtract(outer).length === 0;
}

/**
 * What a class draws from: printable ASCII for negated and any-character classes (`.`, `\S`, `[^,]`,
 * `[\s\S]`), visible characters for the rest (`\s` gives a space, `[α-ω]` Greek), and the class as
 * written only when it holds nothing visible (`[\x00-\x1f]`). Never a lone surrogate.
 */
function drawable(token: Token): CharRange {
  const chars = classChars(token).subtract(SURROGATES);
  if (token.not || covers(chars, READABLE)) {
    const readable = chars.clone().intersect(READABLE);
    if (readable.length > 0) return readable;
  }
  const printable = chars.clone().intersect(PRINTABLE);
  return printable.length > 0 ? printable : chars;
}

/** The most bytes one character of `range` takes in any output (size.ts's textCost per character). */
function rangeCost(range: CharRange): number {
  let cost = 0;
  for (const { low, high } of range.subranges()) {
    const has = (c: number) => low <= c && c <= high;
    if (low < 0x20) cost = Math.max(cost, 6);
    if (has(0x22) || has(0x5c)) cost = Math.max(cost, 4);
    if (has(0x27)) cost = Math.max(cost, 2);
    if (high >= 0x800) cost = Math.max(cost, 3);
    else if (high >= 0x80) cost = Math.max(cost, 2);
    else cost = Math.max(cost, 1);
  }
  return cost;
}

function unsupported(what: string): PatternError {
  return new PatternError('regex', `${what} is not supported by the pattern type`);
}

/** An escape's rewriting for ret (same meaning in ECMAScript), or the reason it is refused. */
function escape(source: string, i: number, inClass: boolean): { text: string; length: number } {
  const next = source[i + 1] ?? '';
  const rest = source.slice(i + 1, i + 12);
  const hex4 = /^u([0-9a-fA-F]{4})/.exec(rest);
  const hex2 = /^x([0-9a-fA-F]{2})/.exec(rest);
  const braced = /^u\{([0-9a-fA-F]{1,6})\}/.exec(rest);
  if (next === 'p' || next === 'P') throw unsupported('a Unicode property escape (\\p{…})');
  if (next === 'k') throw unsupported('a backreference (\\k<name>)');
  if (/[1-9]/.test(next) || (next === '0' && /[0-9]/.test(source[i + 2] ?? '')))
    throw unsupported(`a backreference or octal escape (\\${next})`);
  if (next === 'b' || next === 'B') {
    if (!inClass) throw unsupported('a word boundary (\\b, \\B)');
    return { text: next === 'b' ? '\\x08' : 'B', length: 2 }; // backspace; an identity escape
  }
  if (next === 'c') {
    const letter = source[i + 2] ?? '';
    if (!/[a-zA-Z]/.test(letter)) throw unsupported('\\c without a letter after it');
    return { text: '\\c' + letter.toUpperCase(), length: 3 };
  }
  if (hex4) return { text: '\\u' + hex4[1]!.toUpperCase(), length: 6 };
  if (hex2) return { text: '\\x' + hex2[1]!.toUpperCase(), length: 4 };
  if (braced) {
    const code = parseInt(braced[1]!, 16);
    if (code > 0xffff) throw unsupported('a code point above U+FFFF');
    return { text: '\\u' + code.toString(16).toUpperCase().padStart(4, '0'), length: braced[0].length + 1 };
  }
  return { text: '\\' + next, length: 2 };
}

/**
 * Rewrites what ret (randexp's parser) reads differently from ECMAScript, so that a value randexp
 * draws is one the regex matches: hex escapes in lower case and `\u{…}` (ret reads `\uHHHH` in upper
 * case only), `\c` with a lower-case letter, `\b` in a class (a backspace), and lazy quantifiers (ret
 * reads `a+?` as `(a+)?`; laziness does not change which strings fully match). Refuses lookbehind,
 * backreferences, octal escapes, property escapes and characters above U+FFFF.
 */
function normalizeSource(source: string): string {
  let out = '';
  let inClass = false;
  let afterQuantifier = false;
  for (let i = 0; i < source.length;) {
    const c = source[i]!;
    const code = c.charCodeAt(0);
    if (code >= 0xd800 && code <= 0xdfff) throw unsupported('a character above U+FFFF');
    if (c === '\\') {
      const { text, length } = escape(source, i, inClass);
      out += text;
      i += length;
      afterQuantifier = false;
      continue;
    }
    const counted = inClass || c !== '{' ? null : /^\{\d+(,\d*)?\}/.exec(source.slice(i));
    if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') {
      inClass = true;
    } else if (source.startsWith('(?<=', i) || source.startsWith('(?<!', i)) {
      throw unsupported('a lookbehind ((?<=…) or (?<!…))');
    } else if (c === '?' && afterQuantifier) {
      afterQuantifier = false; // lazy: the same full matches
      i++;
      continue;
    } else if (counted) {
      out += counted[0];
      i += counted[0].length;
      afterQuantifier = true;
      continue;
    }
    afterQuantifier = !inClass && (c === '*' || c === '+' || c === '?') && out.at(-1) !== '(';
    out += c;
    i++;
  }
  return out;
}

/** Length bounds in UTF-16 units: [shortest, longest] a token can produce under `cap`. */
function lengths(token: Token, cap: number): [number, number] {
  switch (token.type) {
    case ROOT:
    case GROUP: {
      const options = token.options ?? [token.stack ?? []];
      let lo = Infinity;
      let hi = 0;
      for (const stack of options) {
        let a = 0;
        let b = 0;
        for (const t of stack) {
          const [x, y] = lengths(t, cap);
          a += x;
          b += y;
        }
        lo = Math.min(lo, a);
        hi = Math.max(hi, b);
      }
      return [lo, hi];
    }
    case REPETITION: {
      const [x, y] = lengths(token.value as Token, cap);
      const max = token.max === Infinity ? (token.min as number) + cap : (token.max as number);
      return [(token.min as number) * x, max * y];
    }
    case SET:
    case CHAR:
      return [1, 1];
    default:
      return [0, 0];
  }
}

/** The most bytes a token's text takes in any output, under `cap`. */
function bytes(token: Token, cap: number, sets: Map<Token, CharRange>): number {
  switch (token.type) {
    case ROOT:
    case GROUP: {
      let most = 0;
      for (const stack of token.options ?? [token.stack ?? []]) {
        let sum = 0;
        for (const t of stack) sum += bytes(t, cap, sets);
        most = Math.max(most, sum);
      }
      return most;
    }
    case REPETITION: {
      const max = token.max === Infinity ? (token.min as number) + cap : (token.max as number);
      return max * bytes(token.value as Token, cap, sets);
    }
    case SET:
      return rangeCost(sets.get(token) as CharRange);
    case CHAR:
      return textCost(String.fromCharCode(token.value as number));
    default:
      return 0;
  }
}

/**
 * Checks every token randexp will walk: refuses lookahead, backreferences, word boundaries, anchors
 * away from the ends and classes with nothing to draw; records each class's drawable characters.
 * `start`/`end` say whether nothing can come before/after the token.
 */
function inspect(token: Token, start: boolean, end: boolean, sets: Map<Token, CharRange>): void {
  switch (token.type) {
    case ROOT:
    case GROUP:
      if (token.followedBy || token.notFollowedBy) throw unsupported('a lookahead ((?=…) or (?!…))');
      for (const stack of token.options ?? [token.stack ?? []]) {
        stack.forEach((t, i) => {
          const first = stack.slice(0, i).every((s) => s.type === POSITION);
          const last = stack.slice(i + 1).every((s) => s.type === POSITION);
          inspect(t, start && first, end && last, sets);
        });
      }
      return;
    case REPETITION: {
      const once = (token.max as number) <= 1;
      inspect(token.value as Token, start && once, end && once, sets);
      return;
    }
    case REFERENCE:
      throw unsupported('a backreference (\\1)');
    case POSITION:
      if (token.value === 'b' || token.value === 'B') throw unsupported('a word boundary (\\b, \\B)');
      if (token.value === '^' && !start)
        throw unsupported('^ other than at the start (values are single lines)');
      if (token.value === '$' && !end) throw unsupported('$ other than at the end (values are single lines)');
      return;
    case SET: {
      const chars = drawable(token);
      if (chars.length === 0) throw new PatternError('regex', 'a character class matches no character');
      sets.set(token, chars);
      return;
    }
    case CHAR: {
      const code = token.value as number;
      if (code >= 0xd800 && code <= 0xdfff) throw unsupported('a surrogate (a character above U+FFFF)');
      return;
    }
    default:
      return;
  }
}

/** Collects the characters of each position of a fixed-shape pattern; false when the shape varies. */
function positions(token: Token, sets: Map<Token, CharRange>, out: CharRange[]): boolean {
  switch (token.type) {
    case ROOT:
    case GROUP: {
      if (token.options && token.options.length > 1) return false;
      for (const t of token.options?.[0] ?? token.stack ?? []) if (!positions(t, sets, out)) return false;
      return true;
    }
    case REPETITION: {
      if (token.min !== token.max) return false;
      for (let i = 0; i < (token.min as number); i++)
        if (!positions(token.value as Token, sets, out)) return false;
      return true;
    }
    case SET:
      out.push(sets.get(token) as CharRange);
      return true;
    case CHAR:
      out.push(span([[token.value as number, token.value as number]]));
      return true;
    default:
      return true;
  }
}

/** A prime above every class size (so coprime with their product): spreads n over the value space. */
const SPREAD = 2654435761n;

/** n ↦ the n-th string of the fixed-shape value space, spread so that neighbours differ early. */
function nthOf(slots: readonly CharRange[], cardinality: number): (n: number) => string {
  return (n) => {
    let k =
      cardinality <= Number.MAX_SAFE_INTEGER
        ? Number((BigInt(n) * SPREAD) % BigInt(cardinality))
        : n * 1_000_003; // n < 2^31: k stays below 2^53 and below the cardinality, one-to-one
    let out = '';
    for (let i = slots.length - 1; i >= 0; i--) {
      const slot = slots[i]!;
      out = String.fromCharCode(slot.index(k % slot.length)) + out;
      k = Math.floor(k / slot.length);
    }
    return out;
  };
}

/** Repetition caps to try when length bounds are given: DEFAULT_CAP first, then halves and doublings. */
function capsFor(minLength: number | undefined, maxLength: number | undefined): number[] {
  if (minLength === undefined && maxLength === undefined) return [DEFAULT_CAP];
  const top = Math.max(DEFAULT_CAP, maxLength ?? (minLength as number) + DEFAULT_CAP);
  const caps = [DEFAULT_CAP];
  for (let down = DEFAULT_CAP / 2, up = DEFAULT_CAP * 2; down >= 1 || up < 2 * top; down /= 2, up *= 2) {
    if (down >= 1) caps.push(down);
    if (up < 2 * top) caps.push(Math.min(up, top));
  }
  return caps;
}

/** randexp with our random source and the classes' drawable characters. */
class PatternGenerator extends RandExp {
  rng: Rng = new CellRng();
  readonly sets = new Map<Token, CharRange>();

  override randInt(a: number, b: number): number {
    return this.rng.int(a, b);
  }

  override _expand(token: Parameters<RandExp['_expand']>[0]): CharRange {
    return this.sets.get(token as Token) ?? super._expand(token);
  }
}

/** The full-match check: JSON Schema's dialect is ECMAScript with the u flag; a regex valid only without it is read so. */
function fullMatch(regex: string): RegExp {
  try {
    try {
      new RegExp(regex, 'u');
    } catch {
      return new RegExp(`^(?:${regex})$`);
    }
    return new RegExp(`^(?:${regex})$`, 'u');
  } catch (error) {
    throw new PatternError('regex', `regex is not a valid regular expression: ${(error as Error).message}`);
  }
}

/**
 * Reads `regex` (and optional length bounds, in characters) once; throws PatternError when it cannot
 * be honoured. Values never hold a surrogate, so their length in characters is their `length`.
 */
export function compilePattern(regex: string, minLength?: number, maxLength?: number): CompiledPattern {
  if (regex.length > MAX_REGEX_LENGTH)
    throw new PatternError('regex', `regex is longer than ${MAX_REGEX_LENGTH} characters`);
  const full = fullMatch(regex);
  const source = normalizeSource(regex);
  let generator: PatternGenerator;
  try {
    generator = new PatternGenerator(source);
  } catch (error) {
    throw new PatternError('regex', `regex cannot be read: ${(error as Error).message}`);
  }
  const { sets } = generator;
  const root = generator['tokens'] as unknown as Token;
  inspect(root, true, true, sets);

  const [shortest, longest] = lengths(root, DEFAULT_CAP);
  if (longest === 0)
    throw new PatternError('regex', 'regex matches only the empty string (use empty_string or constant)');
  if (longest > MAX_PATTERN_LENGTH)
    throw new PatternError(
      'regex',
      `regex can produce values of ${longest} characters; at most ${MAX_PATTERN_LENGTH} are allowed`,
    );
  if (maxLength !== undefined && shortest > maxLength)
    throw new PatternError('max_length', `every value of regex is longer than max_length ${maxLength}`);
  const bounded = minLength !== undefined || maxLength !== undefined;
  const fits = (value: string): boolean =>
    !bounded || (value.length >= (minLength ?? 0) && value.length <= (maxLength ?? Infinity));

  // Short draws (repetition at most once above its minimum) checked with the regex as ECMAScript reads it.
  generator.max = 1;
  for (let i = 0, drawn = 0; i < CHECKS && drawn < CHECK_BUDGET; i++) {
    generator.rng = new CellRng(combine(hashString('pattern:check'), i));
    const value = generator.gen();
    drawn += value.length;
    if (value.length <= CHECK_LENGTH && !full.test(value))
      throw new PatternError(
        'regex',
        `randexp cannot honour this regex: it drew ${JSON.stringify(value)}, which does not match`,
      );
  }

  let cap = DEFAULT_CAP;
  let pool: string[] = [];
  let retries = 0;
  if (bounded) {
    let best: { cap: number; accepted: string[]; draws: number } | undefined;
    let drawn = 0;
    for (const candidate of capsFor(minLength, maxLength)) {
      const most = lengths(root, candidate)[1];
      if (most > MAX_PATTERN_LENGTH || (minLength !== undefined && most < minLength)) continue;
      if (drawn >= SAMPLE_BUDGET) break;
      generator.max = candidate;
      const accepted: string[] = [];
      let draws = 0;
      for (; draws < SAMPLES && drawn < SAMPLE_BUDGET; draws++) {
        generator.rng = new CellRng(combine(hashString(`pattern:${candidate}`), draws));
        const value = generator.gen();
        drawn += value.length;
        if (fits(value)) accepted.push(value);
      }
      if (best === undefined || accepted.length / draws > best.accepted.length / best.draws)
        best = { cap: candidate, accepted, draws };
      if (accepted.length === draws) break;
    }
    if (best === undefined || best.accepted.length === 0) {
      throw new PatternError(
        minLength !== undefined ? 'min_length' : 'max_length',
        `no value of regex with a length in ${minLength ?? 0}–${maxLength ?? '∞'} was found in trial draws`,
      );
    }
    cap = best.cap;
    pool = [...new Set(best.accepted)];
    const rate = best.accepted.length / best.draws;
    retries =
      rate === 1 ? 4 : Math.min(MAX_RETRIES, Math.ceil(Math.log(FALLBACK_CHANCE) / Math.log(1 - rate)));
  }
  generator.max = cap;

  const slots: CharRange[] = [];
  const fixed = positions(root, sets, slots) && slots.length > 0 && fits('x'.repeat(slots.length));
  const cardinality = fixed ? slots.reduce((product, slot) => product * slot.length, 1) : 0;
  const nth = fixed ? nthOf(slots, cardinality) : () => '';
  const maxBytes =
    Math.min(bytes(root, cap, sets), maxLength === undefined ? Infinity : maxLength * 6) + QUOTE_BYTES;

  const draw = (rng: Rng): string => {
    generator.rng = rng;
    if (!bounded) return generator.gen();
    for (let attempt = 0; attempt < retries; attempt++) {
      const value = generator.gen();
      if (fits(value)) return value;
    }
    return rng.pick(pool);
  };
  return { draw, cardinality, nth, maxBytes, cap };
}
