/**
 * Names in URLs: a post's slug from its title, an organization's slug and domain from its name
 * (`slug` and `domain` with `by`). Letters are folded to ASCII ("Müller" → "muller"); a name with no
 * Latin letters gives nothing, and the type draws its plain value instead.
 */
import { permute } from '../permutation.js';

/** The most characters of a slug read from a text, cut at a word. */
export const SLUG_TEXT_CHARS = 60;
/** The most characters of a domain's name part read from a company's name. */
const DOMAIN_NAME_CHARS = 20;

/** A company's legal form, which its slug and domain leave out ("Frami Inc" → `frami`). */
const LEGAL_FORMS = new Set(
  'inc llc ltd limited plc corp corporation co gmbh ag kg sa sas sarl srl spa bv nv oy ab as kk pty pvt lp llp'.split(
    ' ',
  ),
);

/** The lower-case ASCII words of a text: diacritics dropped, every other character a break. */
function asciiWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

/** A text as a slug of at most SLUG_TEXT_CHARS, or '' when it has no Latin letter or digit. */
export function slugOf(text: string): string {
  let out = '';
  for (const word of asciiWords(text)) {
    const next = out === '' ? word : out + '-' + word;
    if (next.length > SLUG_TEXT_CHARS) return out === '' ? word.slice(0, SLUG_TEXT_CHARS) : out;
    out = next;
  }
  return out;
}

/** A company name without its legal form, as a slug (`Gerlach - Jacobi LLC` → `gerlach-jacobi`). */
export function companySlugOf(name: string): string {
  const words = asciiWords(name);
  while (words.length > 1 && LEGAL_FORMS.has(words[words.length - 1]!)) words.pop();
  return slugOf(words.join(' '));
}

/**
 * The name part of a company's domain: its words run together when short (`boganandsons`), else the
 * first word (`Kozey, Schroeder and Stanton` → `kozey`); '' when the name has no Latin letters.
 */
export function domainNameOf(name: string): string {
  const words = companySlugOf(name).split('-');
  const joined = words.join('');
  return (joined.length <= DOMAIN_NAME_CHARS ? joined : words[0]!).slice(0, DOMAIN_NAME_CHARS);
}

const CODE_KEY = 0x51a9c0de;
/** The fewest characters of a row code: 36^4 codes, so small tables look like large ones. */
const MIN_CODE_CHARS = 4;

/**
 * A short code that differs on every row of a table of `count` rows (`k3j9`): row numbers permuted
 * over the base-36 codes of the fewest characters (at least four) that hold `count`, so a unique
 * slug ends the way many sites end theirs, without a counter that gives away the row.
 */
export function rowCode(row: number, count: number): string {
  let chars = MIN_CODE_CHARS;
  while (36 ** chars < count) chars++;
  return permute(row, 36 ** chars, CODE_KEY)
    .toString(36)
    .padStart(chars, '0');
}

/** Bytes of the row code of the largest table (2^31 - 1 rows, under 36^6). */
export const ROW_CODE_BYTES = 6;
