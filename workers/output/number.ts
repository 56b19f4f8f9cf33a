/**
 * String(x) for numbers that lie on a decimal grid, without the shortest-round-trip search that makes
 * String(double) slow (~150 ns). Generated decimals are integers divided by 10^precision, so x is
 * rebuilt from the integer n = x·10^p. When n / 10^p === x exactly and n has at most 15 digits, the
 * decimal n·10^-p is the shortest one that reads back as x (two decimals of at most 15 significant
 * digits never map to the same double), and for 1e-6 <= |x| < 1e21 String(x) writes it without an
 * exponent: the bytes are String(x)'s. Anything else goes to String(x).
 */

/**
 * Thrown for a number that no output can hold (NaN, ±Infinity): writing null instead would hand a
 * NOT NULL column a NULL and a client silently wrong data. Validation refuses the params that could
 * produce one, so this is a bug to report, never an answer.
 */
export function unwritableNumber(value: number): never {
  throw new RangeError(`cannot encode the non-finite number ${value}`);
}

/** Digits after the point of r / scale (0 < r < scale), with the point and without trailing zeros. */
function fraction(r: number, precision: number): string {
  let digits = String(r).padStart(precision, '0');
  let end = digits.length;
  while (digits.charCodeAt(end - 1) === 48) end--;
  if (end < digits.length) digits = digits.slice(0, end);
  return `.${digits}`;
}

/** A function equal to `(x) => String(x)` on finite numbers, fast for multiples of 10^-precision. */
export function gridFormatter(precision: number): (x: number) => string {
  if (!Number.isInteger(precision) || precision < 0 || precision > 10) return String;
  const scale = 10 ** precision;
  // Fractions of up to three digits come from a table.
  const table: string[] | null = precision <= 3 ? [] : null;
  if (table) for (let r = 0; r < scale; r++) table.push(r === 0 ? '' : fraction(r, precision));
  return (x) => {
    const n = Math.round(x * scale);
    if (n / scale !== x || n === 0 || n >= 1e15 || n <= -1e15 || (x < 1e-6 && x > -1e-6)) {
      return String(x);
    }
    const a = n < 0 ? -n : n;
    const q = Math.floor(a / scale);
    const r = a - q * scale;
    if (r < 0 || r >= scale) return String(x);
    const text = r === 0 ? String(q) : String(q) + (table ? table[r]! : fraction(r, precision));
    return n < 0 ? `-${text}` : text;
  };
}

/** The precision a number column's values are expected on (a guess: any value is still exact). */
export function columnPrecision(kind: string, params: Record<string, unknown>): number {
  const p = params['precision'];
  if (typeof p === 'number') return p;
  return kind === 'float' ? 4 : kind === 'decimal' ? 2 : 0;
}
