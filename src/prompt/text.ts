/** Text helpers of the prompt converter: normalizing numbers, singular and plural, snake-case names. */
import pluralize from 'pluralize';
import { FUNCTION_WORDS, NOT_PLURAL, UNCOUNTABLE } from './lexicon.js';

// Singular and plural come from pluralize (its rules and irregular forms: shelves, criteria, alumni,
// mice); the words below are where a seed-data request means something else, or where its rules slip.
// Looked up with Object.hasOwn only: a prompt's word may be `constructor` or `__proto__`.
const IRREGULAR: Record<string, string> = {
  people: 'person',
  persons: 'person',
  staff: 'staff',
  data: 'data',
  metadata: 'metadata',
  media: 'media',
  // HR's leaves are days off, not a tree's.
  leaves: 'leave',
  caches: 'cache',
  niches: 'niche',
  avalanches: 'avalanche',
  series: 'series',
  species: 'species',
  // Classical plurals English keeps (other Latin and Greek words take -s/-es: see plural()).
  alumni: 'alumnus',
  criteria: 'criterion',
  phenomena: 'phenomenon',
  // pluralize reads "specimen" as a plural ("speciman"): listed here, it is a singular (SINGULARS).
  specimens: 'specimen',
  abdomens: 'abdomen',
};

/** Words in -ie whose plurals pluralize reads as plurals of words in -y ("calories" → "calory"). */
const IE_WORDS = new Set([
  'movie',
  'cookie',
  'pie',
  'tie',
  'zombie',
  'rookie',
  'selfie',
  'hoodie',
  'calorie',
  'brownie',
  'smoothie',
  'freebie',
  'genie',
  'prairie',
  'lie',
  'goalie',
  'auntie',
  'newbie',
  'techie',
  'foodie',
]);

/** The singulars of the words above: no plurals ("specimen" is no plural of "speciman"). */
const SINGULARS = new Set(Object.values(IRREGULAR));

/**
 * A word function that keeps its answers: the converter asks about the same words many times a prompt,
 * and the answers cost pattern lists (pluralize) or a model run (reader.ts). Bounded, since the words
 * come from users.
 */
const MAX_REMEMBERED = 10_000;
export function remembered<T>(compute: (word: string) => T): (word: string) => T {
  const known = new Map<string, T>();
  return (word) => {
    let value = known.get(word);
    if (value === undefined) {
      value = compute(word);
      if (known.size >= MAX_REMEMBERED) known.clear();
      known.set(word, value);
    }
    return value;
  };
}

/** `companies` → `company`, `addresses` → `address`, `users` → `user`. */
export const singular = remembered(singularOf);
/** `company` → `companies`, `class` → `classes`, `staff` → `staff`, `virus` → `viruses`. */
export const plural = remembered(pluralOf);
/** Whether a word reads as a plural noun: in -s (not -ss, -us, -is), or an irregular plural (mice, alumni). */
export const isPlural = remembered(isPluralWord);

function singularOf(word: string): string {
  if (Object.hasOwn(IRREGULAR, word)) return IRREGULAR[word]!;
  if (!isPlural(word)) return word;
  // pluralize reads "calories" as the plural of "calory".
  if (word.endsWith('s') && IE_WORDS.has(word.slice(0, -1))) return word.slice(0, -1);
  return pluralize.singular(word);
}

function pluralOf(word: string): string {
  if (UNCOUNTABLE.has(word)) return word;
  for (const [p, s] of Object.entries(IRREGULAR)) if (s === word) return p === 'persons' ? 'people' : p;
  if (IE_WORDS.has(word)) return word + 's';
  if (isPlural(word)) return word;
  // "salesperson", "chairperson": people.
  if (/person$/.test(word)) return word.replace(/person$/, 'people');
  // Latin and Greek endings take the English plural in a table's name (viruses, schemas, indexes,
  // stadiums), not pluralize's classical one (viri, schemata, indices, stadia).
  if (/(us|um|on|ex|ix|a)$/.test(word)) return /(us|ex|ix)$/.test(word) ? `${word}es` : `${word}s`;
  return pluralize.plural(word);
}

/**
 * Plurals in -is: pluralize reads any word in -is as a plural of one in -i, names and Greek words too
 * ("lewis", "chris", "axis", "praxis"), so only these common ones are (a short list where the library
 * slips, as IRREGULAR is).
 */
const IS_PLURALS =
  /^(taxis|emojis|kiwis|skis|wikis|bikinis|martinis|tsunamis|safaris|alibis|khakis|yetis|zucchinis|jacuzzis|chilis|minis|apis|kpis|uris|guis|delis|rabbis|yogis|paninis|salamis|sushis|origamis|wasabis)$/;
/** Names in -us that pluralize reads as plurals ("venus" of a "venu"). */
const US_SINGULARS = /^(venus|claus|remus|uranus)$/;

function isPluralWord(word: string): boolean {
  if (Object.hasOwn(IRREGULAR, word)) return true;
  if (NOT_PLURAL.test(word)) return false;
  // "menus", "emus", "plateaus": a word in -us is a plural where pluralize says so (not "status",
  // "campus"); one in -is only if it is one of the common plurals above (not "analysis", "lewis").
  if (/is$/.test(word)) return IS_PLURALS.test(word);
  if (/us$/.test(word)) return !US_SINGULARS.test(word) && word.length >= 4 && pluralizeReadsPlural(word);
  if (/[a-z]s$/.test(word)) return !/ss$/.test(word);
  // Irregular plurals are whole words of letters ("'s" is no plural of "'"), and no pronouns or verbs
  // (pluralize reads "those", "they" and "were" as plurals of "that", "she" and "was").
  if (!/^[a-z]{3,}$/.test(word) || FUNCTION_WORDS.test(word) || SINGULARS.has(word)) return false;
  return pluralizeReadsPlural(word);
}

/** Whether pluralize reads `word` as the plural of another word, both ways ("menus" of "menu"). */
function pluralizeReadsPlural(word: string): boolean {
  const one = pluralize.singular(word);
  return one !== word && pluralize.plural(one) === word;
}

/** Nouns a verb makes ("inspect" → inspection, "book" → booking, "report" → report, "rent" → rental). */
export function nounsOfVerb(verb: string): string[] {
  const stem = verb.replace(/e$/, '');
  return [verb, `${stem}ion`, `${stem}ation`, `${verb}ment`, `${stem}ing`, `${stem}al`, `${verb}al`];
}

/** `signup date` → `signup_date`. */
export function snake(words: string): string {
  return words
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** A table's key from the words that name it: snake_case, its last word singular (`role permissions` → `role_permission`). */
export function keyOfWords(words: string): string {
  return snake(words).replace(/[a-z0-9]+$/, (last) => singular(last));
}
