/** Text helpers of the prompt converter: normalizing numbers, singular and plural, snake-case names. */
import pluralize from 'pluralize';
import { FUNCTION_WORDS, NOT_PLURAL, NUMBER_WORDS, UNCOUNTABLE } from './lexicon.js';

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

function wordsToNumber(text: string): string {
  // "a hundred", "five hundred", "two thousand", "twenty five"
  return text.replace(
    /\b(?:(a|an|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[ -](one|two|three|four|five|six|seven|eight|nine))?\s+)?(hundred|thousand|million)\b|\b(a dozen|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|one|two|three|four|five|six|seven|eight|nine|ten)(?:[ -](one|two|three|four|five|six|seven|eight|nine))?\b(?!\s*-)/g,
    (match, lead?: string, leadUnit?: string, scale?: string, small?: string, smallUnit?: string) => {
      if (scale !== undefined) {
        const base =
          lead === undefined || lead === 'a' || lead === 'an'
            ? 1
            : (NUMBER_WORDS[lead] ?? 1) + (leadUnit ? (NUMBER_WORDS[leadUnit] ?? 0) : 0);
        const factor = scale === 'hundred' ? 100 : scale === 'thousand' ? 1000 : 1_000_000;
        return String(base * factor);
      }
      if (small === 'a dozen') return '12';
      if (small === 'one' && !/^one\s/.test(match)) return match;
      const value = (NUMBER_WORDS[small ?? ''] ?? 0) + (smallUnit ? (NUMBER_WORDS[smallUnit] ?? 0) : 0);
      return value > 0 ? String(value) : match;
    },
  );
}

/**
 * "experiments -> trials -> measurements", "brokerages > agents > listings": each level belongs to the
 * one before, said in words; an arrow before anything else opens a field list ("api logs -> method").
 */
function chains(text: string): string {
  const arrow = /\s*(?:->|→|>|=>)\s*/;
  return text
    .split(/([.;]\s*)/)
    .map((part) => {
      const levels = part.split(arrow);
      if (levels.length < 2) return part;
      const heads = levels.map(
        (l) => /^(?:.*?\s)?([a-z_]+)$/.exec(l.trim().replace(/[,(].*$/, ''))?.[1] ?? '',
      );
      const isChain = heads.every(
        (h, i) => isPlural(h) && (i === 0 || /^[a-z_ ]+?(?:[,(]|$)/.test(levels[i]!.trim())),
      );
      if (!isChain) return levels.join(': ');
      const tail = levels.at(-1)!.trim();
      const names = levels.slice(0, -1).map((l) => l.trim());
      const relations = heads
        .slice(1)
        .map((h, i) => `each ${singular(h)} belongs to a ${singular(heads[i]!)}`);
      return `${names.join(', ')} and ${tail}; ${relations.join('; ')}`;
    })
    .join('');
}

/** A line of a prompt written on several lines: a markdown heading, a list item, or text. */
interface Line {
  kind: 'heading' | 'item' | 'text';
  text: string;
}

/** A line that starts like a table's header: a few words, then a dash, a colon, "=" or a parenthesis. */
const HEADER_LINE = /^[a-z][a-z _]{0,40}?\s*(?:[:(=\u2013\u2014]|\s-\s)/i;

/**
 * A prompt on several lines, as one line of text: a heading ends with a colon before the lines under
 * it, list items are joined by commas, and a line of text that ends without punctuation ends its
 * sentence ("hives - name, location⏎keepers - name" is two sentences). A prompt on one line is as it is.
 */
function readLines(prompt: string): string {
  if (!prompt.includes('\n')) return prompt;
  const lines: Line[] = prompt
    .split(/\r?\n/)
    .map((raw) => raw.trim())
    .filter((raw) => raw !== '')
    .map((raw) => {
      const heading = /^#{1,6}\s*(.*)$/.exec(raw);
      if (heading !== null) return { kind: 'heading', text: heading[1]!.replace(/[:.]\s*$/, '') };
      const item = /^(?:[-*•+]|\d{1,3}[.)])\s+(.*)$/.exec(raw);
      return item !== null
        ? { kind: 'item', text: item[1]!.replace(/[,;.]\s*$/, '') }
        : { kind: 'text', text: raw };
    });
  let out = '';
  for (const [i, line] of lines.entries()) {
    const next = lines[i + 1];
    out += line.text;
    if (next === undefined) break;
    if (line.kind === 'heading') out += next.kind === 'heading' ? '. ' : ': ';
    // (Items that each head a table's columns, "- vets: name, specialty", are sentences of their own.)
    else if (line.kind === 'item')
      out +=
        next.kind === 'item' && !(HEADER_LINE.test(next.text) && HEADER_LINE.test(line.text)) ? ', ' : '. ';
    else if (next.kind === 'item') out += /[:,.!?]$/.test(line.text) ? ' ' : ': ';
    // A hard-wrapped sentence goes on; a line shaped like a table's header ("firings — fired at, …")
    // starts a new one.
    // A column list ends its sentence before a line that starts with a capital ("Each visit …").
    else
      out +=
        /[.!?:;,]$/.test(line.text) ||
        (!HEADER_LINE.test(next.text) &&
          !(
            line.text.includes(',') &&
            /^[A-Z][a-z]/.test(next.text) &&
            !/\b(?:the|a|an|and|or|of|with|to|for|in|on|by|plus|their|its)$/i.test(line.text)
          ))
          ? ' '
          : '. ';
  }
  return out;
}

/** Lower-cases and rewrites numbers: `1,000` → `1000`, `2k` → `2000`, `five hundred` → `500`. */
export function normalizeText(prompt: string): string {
  let text = readLines(prompt)
    .toLowerCase()
    // One space between words first: the patterns below then never scan long runs of blanks.
    .replace(/\s+/g, ' ')
    .replace(/[\u2013\u2014]/g, '-')
    // "users and there posts": their.
    .replace(
      /\b(and|with) there (?!(?:are|is|was|were|will|should|must|can|may|might)\b)(?=[a-z]+s\b)/g,
      '$1 their ',
    )
    // "55 of em", "a few of 'em": of them.
    .replace(/\bof '?em\b/g, 'of them')
    // "leaderboard entries x5000", "verdicts × 750.": times that many, as "(5000)" counts a table.
    // ("coordinates x 10, y 20" are coordinates.)
    .replace(/([a-z])\s+[x\u00d7]\s?(\d+(?:,\d{3})*)(?=\s*(?:[.,;:!)]|$))(?!\s*,?\s*[yz]\b)/g, '$1 ($2)')
    // "data centers", "data points": one name, not data about centers.
    .replace(
      /\bdata (cent(?:er|re)s?|points?|sources?|lakes?|warehouses?|pipelines?|breach(?:es)?|subjects?|feeds?)\b/g,
      'data_$1',
    )
    // Children per parent however written: "fields per farm: between 2 and 6", "up to 6 fields each",
    // "exactly 4", "apiece".
    .replace(
      /\b([a-z]+) per ([a-z]+)\s*:\s*(?:between\s+)?(\d+)\s*(?:-|to|and)\s*(\d+)\b/g,
      '$3 to $4 $1 per $2',
    )
    .replace(/\bup to (\d+)\s+(?=[a-z]+(?:\s+[a-z]+)?\s+(?:each|per|apiece)\b)/g, '1 to $1 ')
    .replace(/\b(?:exactly|precisely)\s+(?=\d)/g, '')
    .replace(/\bapiece\b/g, 'each')
    // "comments (many per post)": comments per post.
    .replace(
      /\(\s*(?:many|several|multiple|lots|some|a few)\s+(per|for each|on each|in each)\s+([a-z]+)\s*\)/g,
      '$1 $2',
    )
    // "actors <-> films (m:n)": two tables, many to many.
    .replace(/\s*<-+>\s*/g, ' and ')
    .replace(/\b(?:m:n|n:m|n:n|m2m)\b/g, 'many-to-many')
    // "customers 1:n orders", "orders n:1 customers": one has many of the other.
    .replace(/\b([a-z]+)\s+(?:1:n|1-n|1:many|1-to-many|1 to many)\s+([a-z]+)\b/g, '$1 have many $2')
    .replace(/\b([a-z]+)\s+(?:n:1|n-1|many:1|many-to-1|many to 1)\s+([a-z]+)\b/g, '$1 belong to $2')
    // The tagger's lemma of "travellers" is "traveler": one spelling, so a table is found where named.
    .replace(/\btravell(ers?)\b/g, 'travel$1')
    .replace(/\s--+\s/g, ' - ')
    .replace(/[{[]/g, '(')
    .replace(/[}\]]/g, ')')
    .replace(/\bsq\.?\s*ft\.?|\bsqft\b/g, 'square feet')
    .replace(/\bsq\.?\s*m\b\.?/g, 'square meters')
    // "member #", "episode #": a number.
    .replace(/\b([a-z]+)\s*#(?=\s*(?:[,;)]|and\b|$))/g, '$1 number')
    // "first/last name", "start/end date", "origin & destination airport", "departure + arrival time":
    // two columns sharing their last word.
    .replace(
      /\b([a-z]+)\s*(?:\/|&|\+|and)\s*([a-z]+)\s+(name|date|time|at|on|address|number|id|code|airport|city|country|reading|price|count|email|phone)s?\b/g,
      (m, a: string, b: string, head: string) =>
        /^(first|last|start|end|from|to|origin|destination|departure|arrival|pickup|dropoff|check-in|check-out|checkin|checkout|opening|closing|open|close|min|max|home|work|billing|shipping|created|updated|started|finished|ended|given|family|middle|sender|receiver|recipient|buyer|seller|source|target|opened|closed|issue|expiry|birth|death|hire|termination|due|return)$/.test(
          a,
        ) &&
        /^(first|last|start|end|from|to|origin|destination|departure|arrival|pickup|dropoff|check-in|check-out|checkin|checkout|opening|closing|open|close|min|max|home|work|billing|shipping|created|updated|started|finished|ended|given|family|middle|sender|receiver|recipient|buyer|seller|source|target|opened|closed|issue|expiry|birth|death|hire|termination|due|return)$/.test(
          b,
        )
          ? // "started/finished times": the moments each deed was done.
            /^times?$/.test(head) && /ed$/.test(a) && /ed$/.test(b)
            ? `${a} at, ${b} at`
            : `${a} ${head}, ${b} ${head}`
          : m,
    )
    .replace(/[€$£¥₹](?=\s*\d)/g, '')
    // "each one needs name, …", "consisting of name, …", "give each volunteer a name, …": a column list.
    .replace(
      /\b(?:each|every) one (?:needs|has|should have|must have|gets|will have)\s+(?!\d|one\b|a single\b)/g,
      'with ',
    )
    .replace(/\b(?:consisting of|made up of|composed of|comprising)\s+/g, 'with ')
    .replace(
      /\bgive\s+(?:each\s+|every\s+|all\s+|the\s+)?(?!(?:me|us|them|it)\b)([a-z]+)\s+(?:a|an|some)\s+/g,
      (_m, noun: string) => `${isPlural(noun) ? noun : plural(noun)} with `,
    )
    .replace(/\b(fields|columns|cols|attributes)\s+(?:-|is|are|should be|will be|would be)\s*:?\s+/g, '$1: ')
    // "- make it 1,000 rows", "… pls generate 300 records": how many rows, asked for after the columns.
    .replace(
      /\b(?:make it|make that|give me|generate|create|i need|we need|need)\s+(?=\d[\d,]*\s+(?:rows|records|entries)\b)/g,
      '',
    )
    // "i need table customer with name, … and table order with total": a table named after "table".
    .replace(
      /(^|[.]\s*|\b(?:need|want|a|and|plus|then)\s+)table\s+(?!(?:of|with|for|that|which|linking|joining|connecting|between|number|no|size)\b)([a-z][a-z_]*)(?=\s*(?:with\b|having\b|containing\b|\(|:))/g,
      (_m, lead: string, noun: string) => `${lead}${isPlural(noun) ? noun : plural(noun)}`,
    )
    // "a table of users and a table of login events": the tables are the things they hold.
    .replace(
      /\b(?:a|an|one|another|the|a second|a separate)\s+table\s+(?:of|for)\s+(?=[a-z])(?!(?:each|every|the|them|it)\b)/g,
      '',
    )
    // "X as well as Y", "…, then Y with …", "Also Y": the next item of a list of tables.
    .replace(/\bas well as\b/g, 'and')
    // "status in (a, b, c)": SQL's list of choices.
    .replace(/\b([a-z_]+) in \((?=[^()]*,)/g, '$1 (')
    // "min 900, max 1300", "at least 900 and at most 1300": a range.
    .replace(
      /,?\s*\b(?:min|minimum|at least)\s+(-?\d+(?:\.\d+)?)\s*(?:,|and|;)?\s*(?:max|maximum|at most|up to)\s+(-?\d+(?:\.\d+)?)/g,
      ' $1 to $2',
    )
    .replace(/,\s*then\s+(?=[a-z])/g, ', and ')
    .replace(/(^|[.;!?]\s+)also\s+(?=[a-z])/g, '$1')
    // "hives / inspections / harvests": spaced slashes between plurals list tables.
    .replace(/\b([a-z]+s)\s+\/\s+(?=[a-z]+s\b)/g, '$1, ')
    // "hives(location) beekeepers(name)": groups written one after another.
    .replace(/\)\s+(?=[a-z_]+\s*\()/g, '), ')
    // "furnished or not", "is reserved or not": a yes/no column, as "furnished?" is.
    .replace(/\b((?:is |has |was )?[a-z_]+) or not\b/g, '$1?')
    .replace(/(?<!in )\bm²/g, 'square meters')
    // "ticket type i.e. GA, VIP or Student": what follows "i.e." or "e.g." is the thing itself.
    .replace(/\(\s*(?:i\.e\.|e\.g\.)\s*,?\s*/g, '(')
    .replace(/ ?,? ?\b(?:i\.e\.|e\.g\.)(?= ) ,? ?/g, ': ')
    // "session fields: title, speaker": the columns of a session.
    .replace(
      /\b(?!(?:the|following|these|those|its|their|some|other|more|extra|custom|required|optional|key|main|all|few|two|three|four|five)\b)([a-z]+) (?:fields|columns|attributes|properties)\s*:/g,
      '$1:',
    )
    // "…, in service": a state a thing is in is one yes/no column ("in_service"), not "service".
    .replace(
      /(^|[,(;:]\s*|\band\s+)(in|out of)\s+(service|use)\b(?=\s*(?:[,;.)?]|and\b|$))/g,
      (_m, lead: string, state: string, what: string) => `${lead}${state.replace(/ /g, '_')}_${what}`,
    )
    // "body (max 280 chars)": a limit on a text's length names no column.
    .replace(
      /\s*\(\s*(?:max(?:imum)?|up to|at most|<=?|≤)\s*\d+\s*(?:chars?|characters|letters|words)\s*\)/g,
      '',
    )
    // "workout logs pls: …, performed_at thx": a courtesy word before a colon or at the end is no name.
    .replace(/\s+(?:pls|plz|please|thx|thanks|ty)\s*(?=:|[.!]*\s*$)/g, '')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ');
  text = text.replace(/\b(\d{1,3}(?:,\d{3})+)\b/g, (m) => m.replace(/,/g, ''));
  // A request phrased as a question: its "?" is no yes/no column.
  // "I'm doing a prototype. Could you give me …?": the question may be the last sentence only.
  const lastSentence = text.split(/[.!]\s+/).pop() ?? text;
  if (/^(can|could|would|will|do|please)\b/.test(lastSentence)) text = text.replace(/\?\s*$/, '');
  // Dates and numbers joined by "..": a range; unit rates ("t/ha", "mg/l") one word.
  text = text
    .replace(/\b((?:19|20)\d{2}-\d{2}-\d{2})\s*\.\.\s*((?:19|20)\d{2}-\d{2}-\d{2})\b/g, 'between $1 and $2')
    .replace(/\b(\d+(?:\.\d+)?)\s*\.\.\s*(\d+(?:\.\d+)?)\b/g, '$1 to $2')
    .replace(/\b(t|kg|g|mg|l|ml|m|mi)\s*\/\s*(ha|h|s|l|dl|kg|day|min)\b/g, '$1_$2');
  text = text.replace(/\bkm\s*\/\s*h\b/g, 'kmh').replace(/(?<=[a-z])\s*%(?=\s*(?:[,;)]|and\b|$))/g, ' pct');
  text = chains(text);
  // "300x tickets": that many.
  text = text.replace(/\b(\d+)x\s+(?=[a-z])/g, '$1 ');
  text = text.replace(/\b(\d+(?:\.\d+)?)\s?k\b/g, (_m, n: string) => String(Math.round(Number(n) * 1000)));
  text = text.replace(/\b(\d+(?:\.\d+)?)\s?(m|mm|million)\b(?!\d)/g, (m, n: string, unit: string) =>
    unit === 'million' ? String(Math.round(Number(n) * 1_000_000)) : m,
  );
  text = wordsToNumber(text);
  // Shorthand read as words: "incl." is "including" (its dot ends no sentence), "w/" is "with",
  // "serial no." a number, "a|b|c" choices like "a/b/c", "x + y" a list, "device = ip + status" a header.
  text = text
    .replace(/\b(?:incl|inc)\.?(?=\s)/g, 'including')
    .replace(/\bw\/(?=\s)/g, 'with')
    .replace(/\b(?:e\.g|i\.e|etc|approx|avg)\./g, (m) => m.slice(0, -1).replace(/\./g, ''))
    .replace(/(?<!\byes\s*(?:\/|or)\s*)\b(no|num|nr)\.(?=\s*(?:[,;)]|and\b|$))/g, 'number')
    .replace(/(?:#|\bno\.?|\bnum)\s+of\s+/g, 'number of ')
    .replace(/(?<=[a-z])\s*%(?=\s+(?:between|from|of)\b)/g, '')
    .replace(/([a-z0-9])\|(?=[a-z0-9])/g, '$1/')
    .replace(/\s\|\s/g, ', ')
    .replace(/\s\+\s/g, ' and ')
    // "a mark out of 100": from 0; "exam date (june 2025)": in that month; "50k to 1m": a million.
    .replace(/\bout of (\d+)\b/g, '0 to $1')
    .replace(
      /\(\s*((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(?:19|20)\d{2})\s*\)/g,
      'in $1',
    )
    // "pickup_at (sometime in june 2025)", "borrowed_on (last 90 days)": a window in parentheses.
    .replace(
      /\(\s*(?:sometime|some time|anytime|any time|all|only|mostly|dated)?\s*((?:in|during|within|between|from|on|over|the last|the past|last|past|next|the next)\s[^()]*\d[^()]*)\)/g,
      (m, window: string) =>
        // Only a window of time: a year or a span of days; "(between 5 and 60)" stays a range.
        !/\b(?:19|20)\d{2}\b|\b(?:hours?|days?|weeks?|months?|quarters?|years?)\b/.test(window)
          ? m
          : /^(?:last|past|next)\s/.test(window)
            ? ` in the ${window}`
            : ` ${window}`,
    )
    .replace(/\b(\d+)\s*(h|hrs?)\b/g, '$1 hours')
    // "that hold a student name", "which records …": the columns follow.
    .replace(
      /\b(?:that|which)\s+(?:hold|holds|has|have|contain|contains|store|stores|include|includes|record|records|carry|carries|capture|captures|list|lists)\b/g,
      'with',
    )
    // "the total runs 10 to 900": the verb between a name and its range.
    .replace(/\s(?:runs|ranges|goes|varies|vary|range)\s+(?:from\s+)?(?=\d)/g, ' ')
    // "phone in E.164", "phone (e.164 format)": a phone number in that form.
    .replace(
      /\b(phone|mobile|phone number|msisdn)\s*(?:\(\s*)?(?:in\s+)?e\.?164(?:\s+format)?(?:\s*\))?/g,
      '$1_e164',
    )
    // "budget 1m to 20m", "revenue $2m-$9m": millions of money (a height of "5m to 20m" stays metres).
    .replace(
      /\b(budget|revenue|value|cost|funding|capital|amount|turnover|valuation|price|sales|income|assets|aum|spend)(\s+(?:of\s+|from\s+|between\s+)?[$€£]?)(\d+(?:\.\d+)?)m\s*(to|-|and)\s*([$€£]?)(\d+(?:\.\d+)?)m\b/g,
      (_m, name: string, lead: string, a: string, sep: string, cur: string, b: string) =>
        `${name}${lead}${Math.round(Number(a) * 1_000_000)} ${sep} ${cur}${Math.round(Number(b) * 1_000_000)}`,
    )
    .replace(
      /\b(\d{4,})\s*(to|-|and)\s*(\d+(?:\.\d+)?)m\b/g,
      (_m, a: string, sep: string, b: string) => `${a} ${sep} ${Math.round(Number(b) * 1_000_000)}`,
    )
    .replace(/\s=\s/g, ': ')
    // "environment which is dev, staging or prod": the choices follow the column's name.
    .replace(
      /,?\s(?:which|that)\s+(?:is|are|can be|may be)\s+(?=(?:one of\s+|either\s+)?[a-z0-9-]+(?: [a-z0-9-]+){0,2}(?:\s*,\s*[a-z0-9-]+(?: [a-z0-9-]+){0,2})*\s*,?\s+or\s)/g,
      ' ',
    )
    // "frequency, either daily or weekly": the choices follow the name.
    .replace(/,\s+(either|one of)\s/g, ' $1 ');
  text = text.replace(/\b(one|a single)\s+(?=[a-z]+\s+per\b)/g, '1 ');
  // "users, each with one fitness tracker": one per parent.
  text = text.replace(
    /\b(each|every one|each one)\s+(with|has|have|having|gets|owns)\s+(?:one|a single)\s+/g,
    '$1 $2 1 ',
  );
  // "prescriptions; drug name; dosage mg; refills": semicolons and no comma separate list items.
  if (!text.includes(',') && (text.match(/;/g)?.length ?? 0) >= 3) text = text.replace(/\s*;\s*/g, ', ');
  return dropRemarks(text).trim();
}

/**
 * A sentence after the first that says what the data need not be or is for ("plates and models don't
 * need to match real cars", "it only needs to look plausible", "this feeds the roster screen, so
 * nothing fancy") asks for no table or column; one with a number, a colon or parentheses still may.
 */
const REMARK =
  /\b(?:(?:do|does|did|need|must|should)n't|can't|won't|(?:do|does|need) not|no need|only needs? to|just (?:need|needs|have|has) to|(?:is|are|it's) (?:only |just )?for (?:a |the |our )?(?:demo|test|tests|testing|prototype|staging|integration|dashboard|screen)|nothing fancy|hope (?:that|this|it)|(?:thanks|thank you)\b)/;
/** A constraint on the rows ("a member can't book the same class twice"), which is no remark. */
const CONSTRAINT = /\b(?:twice|once|duplicates?|repeat(?:ed)?|more than|at most|at least|same)\b/;
function dropRemarks(text: string): string {
  // Sentences and clauses after a semicolon: "reviews with rating; the text does not need to be real"
  // keeps the reviews.
  const parts = text.split(/(?<=[.!?;])\s+/);
  return parts
    .filter((s, i) => i === 0 || !REMARK.test(s) || CONSTRAINT.test(s) || /[\d:(]/.test(s))
    .join(' ');
}
