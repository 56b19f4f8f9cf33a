/**
 * Text normalisation, the first stage of the prompt converter: the prompt as one lower-case line, then
 * a list of named rewrites applied in order. Each rewrite carries the example phrases it exists for;
 * test/prompt/normalize.test.ts runs every rewrite on its examples one by one.
 */
import { NUMBER_WORDS } from './lexicon.js';
import { isPlural, plural, singular } from './text.js';

/** One named rewrite: a pattern and its replacement, or a whole-text step (`apply`). */
export type Rewrite = {
  name: string;
  /** Phrases (already lower-case) that this rewrite changes. */
  examples: string[];
} & (
  | { pattern: RegExp; replace: string | ((match: string, ...groups: string[]) => string) }
  | { apply: (text: string) => string }
);

/** Runs one rewrite on a text. */
export function applyRewrite(rewrite: Rewrite, text: string): string {
  return 'apply' in rewrite ? rewrite.apply(text) : text.replace(rewrite.pattern, rewrite.replace as string);
}

/** Lower-cases and rewrites numbers: `1,000` → `1000`, `2k` → `2000`, `five hundred` → `500`. */
export function normalizeText(prompt: string): string {
  const text = REWRITES.reduce((t, rewrite) => applyRewrite(rewrite, t), readLines(prompt).toLowerCase());
  return dropRemarks(text).trim();
}

/** Words that pair into two columns sharing a last word ("first/last name", "start/end date"). */
const PAIRED =
  /^(first|last|start|end|from|to|origin|destination|departure|arrival|pickup|dropoff|check-in|check-out|checkin|checkout|opening|closing|open|close|min|max|home|work|billing|shipping|created|updated|started|finished|ended|given|family|middle|sender|receiver|recipient|buyer|seller|source|target|opened|closed|issue|expiry|birth|death|hire|termination|due|return)$/;

/** The rewrites, in the order they run: a later one may rely on the shape an earlier one leaves. */
export const REWRITES: readonly Rewrite[] = [
  {
    // One space between words first: the patterns below then never scan long runs of blanks.
    name: 'collapse blanks',
    examples: ['users  with\tname'],
    pattern: /\s+/g,
    replace: ' ',
  },
  {
    name: 'dashes as hyphens',
    examples: ['hives \u2014 name', 'pages 1\u20139'],
    pattern: /[\u2013\u2014]/g,
    replace: '-',
  },
  {
    name: '"there" meant as "their"',
    examples: ['users and there posts'],
    pattern: /\b(and|with) there (?!(?:are|is|was|were|will|should|must|can|may|might)\b)(?=[a-z]+s\b)/g,
    replace: '$1 their ',
  },
  {
    name: '"em" as "them"',
    examples: ['55 of em', "a few of 'em"],
    pattern: /\bof '?em\b/g,
    replace: 'of them',
  },
  {
    // "(5000)" counts a table; "coordinates x 10, y 20" are coordinates and stay.
    name: 'times a count as a count',
    examples: ['leaderboard entries x5000', 'verdicts \u00d7 750.'],
    pattern: /([a-z])\s+[x\u00d7]\s?(\d+(?:,\d{3})*)(?=\s*(?:[.,;:!)]|$))(?!\s*,?\s*[yz]\b)/g,
    replace: '$1 ($2)',
  },
  {
    name: '"data X" as one name',
    examples: ['data centers', 'data points'],
    pattern:
      /\bdata (cent(?:er|re)s?|points?|sources?|lakes?|warehouses?|pipelines?|breach(?:es)?|subjects?|feeds?)\b/g,
    replace: 'data_$1',
  },
  {
    name: 'children per parent after a colon',
    examples: ['fields per farm: between 2 and 6', 'pets per owner: 1-3'],
    pattern: /\b([a-z]+) per ([a-z]+)\s*:\s*(?:between\s+)?(\d+)\s*(?:-|to|and)\s*(\d+)\b/g,
    replace: '$3 to $4 $1 per $2',
  },
  {
    name: '"up to N each" as "1 to N"',
    examples: ['up to 6 fields each'],
    pattern: /\bup to (\d+)\s+(?=[a-z]+(?:\s+[a-z]+)?\s+(?:each|per|apiece)\b)/g,
    replace: '1 to $1 ',
  },
  {
    name: '"exactly N" as N',
    examples: ['exactly 4 seats each'],
    pattern: /\b(?:exactly|precisely)\s+(?=\d)/g,
    replace: '',
  },
  { name: '"apiece" as "each"', examples: ['3 wheels apiece'], pattern: /\bapiece\b/g, replace: 'each' },
  {
    name: '"(many per X)" as "per X"',
    examples: ['comments (many per post)'],
    pattern:
      /\(\s*(?:many|several|multiple|lots|some|a few)\s+(per|for each|on each|in each)\s+([a-z]+)\s*\)/g,
    replace: '$1 $2',
  },
  { name: 'double arrow as "and"', examples: ['actors <-> films'], pattern: /\s*<-+>\s*/g, replace: ' and ' },
  {
    name: 'm:n as many-to-many',
    examples: ['actors and films (m:n)', 'tags m2m posts'],
    pattern: /\b(?:m:n|n:m|n:n|m2m)\b/g,
    replace: 'many-to-many',
  },
  {
    name: '1:n as "have many"',
    examples: ['customers 1:n orders'],
    pattern: /\b([a-z]+)\s+(?:1:n|1-n|1:many|1-to-many|1 to many)\s+([a-z]+)\b/g,
    replace: '$1 have many $2',
  },
  {
    name: 'n:1 as "belong to"',
    examples: ['orders n:1 customers'],
    pattern: /\b([a-z]+)\s+(?:n:1|n-1|many:1|many-to-1|many to 1)\s+([a-z]+)\b/g,
    replace: '$1 belong to $2',
  },
  {
    // The tagger's lemma of "travellers" is "traveler": one spelling, so a table is found where named.
    name: 'one spelling of traveler',
    examples: ['travellers and trips'],
    pattern: /\btravell(ers?)\b/g,
    replace: 'travel$1',
  },
  { name: 'double dash as a dash', examples: ['hives -- name'], pattern: /\s--+\s/g, replace: ' - ' },
  {
    name: 'opening brackets as parentheses',
    examples: ['users {name', 'users [name'],
    pattern: /[{[]/g,
    replace: '(',
  },
  { name: 'closing brackets as parentheses', examples: ['name}', 'name]'], pattern: /[}\]]/g, replace: ')' },
  {
    name: 'square feet',
    examples: ['size in sq ft', 'sq. ft.', 'sqft'],
    pattern: /\bsq\.?\s*ft\.?|\bsqft\b/g,
    replace: 'square feet',
  },
  {
    name: 'square meters',
    examples: ['area sq m', 'sq. m.'],
    pattern: /\bsq\.?\s*m\b\.?/g,
    replace: 'square meters',
  },
  {
    name: '"X #" as "X number"',
    examples: ['member #', 'episode #, title'],
    pattern: /\b([a-z]+)\s*#(?=\s*(?:[,;)]|and\b|$))/g,
    replace: '$1 number',
  },
  {
    // "started/finished times": the moments each deed was done.
    name: 'two columns sharing a last word',
    examples: ['first/last name', 'start/end date', 'origin & destination airport', 'started/finished times'],
    pattern:
      /\b([a-z]+)\s*(?:\/|&|\+|and)\s*([a-z]+)\s+(name|date|time|at|on|address|number|id|code|airport|city|country|reading|price|count|email|phone)s?\b/g,
    replace: (m, a: string, b: string, head: string) =>
      PAIRED.test(a) && PAIRED.test(b)
        ? /^times?$/.test(head) && /ed$/.test(a) && /ed$/.test(b)
          ? `${a} at, ${b} at`
          : `${a} ${head}, ${b} ${head}`
        : m,
  },
  {
    name: 'currency signs before amounts',
    examples: ['price $5 to $50', '\u20ac20'],
    pattern: /[€$£¥₹](?=\s*\d)/g,
    replace: '',
  },
  {
    name: '"each one needs" opens a column list',
    examples: ['each one needs name, email'],
    pattern:
      /\b(?:each|every) one (?:needs|has|should have|must have|gets|will have)\s+(?!\d|one\b|a single\b)/g,
    replace: 'with ',
  },
  {
    name: '"consisting of" opens a column list',
    examples: ['teams consisting of name, city'],
    pattern: /\b(?:consisting of|made up of|composed of|comprising)\s+/g,
    replace: 'with ',
  },
  {
    name: '"give each X a" opens a column list',
    examples: ['give each volunteer a name, email'],
    pattern:
      /\bgive\s+(?:each\s+|every\s+|all\s+|the\s+)?(?!(?:me|us|them|it)\b)([a-z]+)\s+(?:a|an|some)\s+/g,
    replace: (_m, noun: string) => `${isPlural(noun) ? noun : plural(noun)} with `,
  },
  {
    name: '"fields are" as "fields:"',
    examples: ['fields are name, email', 'columns - id, title'],
    pattern: /\b(fields|columns|cols|attributes)\s+(?:-|is|are|should be|will be|would be)\s*:?\s+/g,
    replace: '$1: ',
  },
  {
    // How many rows, asked for after the columns.
    name: 'a row count asked for with a verb',
    examples: ['- make it 1,000 rows', 'pls generate 300 records'],
    pattern:
      /\b(?:make it|make that|give me|generate|create|i need|we need|need)\s+(?=\d[\d,]*\s+(?:rows|records|entries)\b)/g,
    replace: '',
  },
  {
    name: '"table X with" names table X',
    examples: ['i need table customer with name', 'and table order with total'],
    pattern:
      /(^|[.]\s*|\b(?:need|want|a|and|plus|then)\s+)table\s+(?!(?:of|with|for|that|which|linking|joining|connecting|between|number|no|size)\b)([a-z][a-z_]*)(?=\s*(?:with\b|having\b|containing\b|\(|:))/g,
    replace: (_m, lead: string, noun: string) => `${lead}${isPlural(noun) ? noun : plural(noun)}`,
  },
  {
    name: '"a table of X" is X',
    examples: ['a table of users and a table of login events'],
    pattern:
      /\b(?:a|an|one|another|the|a second|a separate)\s+table\s+(?:of|for)\s+(?=[a-z])(?!(?:each|every|the|them|it)\b)/g,
    replace: '',
  },
  {
    name: '"as well as" as "and"',
    examples: ['users as well as posts'],
    pattern: /\bas well as\b/g,
    replace: 'and',
  },
  {
    name: "SQL's list of choices",
    examples: ['status in (a, b, c)'],
    pattern: /\b([a-z_]+) in \((?=[^()]*,)/g,
    replace: '$1 (',
  },
  {
    name: 'min and max as a range',
    examples: ['min 900, max 1300', 'at least 900 and at most 1300'],
    pattern:
      /,?\s*\b(?:min|minimum|at least)\s+(-?\d+(?:\.\d+)?)\s*(?:,|and|;)?\s*(?:max|maximum|at most|up to)\s+(-?\d+(?:\.\d+)?)/g,
    replace: ' $1 to $2',
  },
  {
    name: '", then Y" as ", and Y"',
    examples: ['users, then posts with title'],
    pattern: /,\s*then\s+(?=[a-z])/g,
    replace: ', and ',
  },
  {
    name: 'a leading "also"',
    examples: ['users. also posts'],
    pattern: /(^|[.;!?]\s+)also\s+(?=[a-z])/g,
    replace: '$1',
  },
  {
    name: 'spaced slashes between plurals list tables',
    examples: ['hives / inspections / harvests'],
    pattern: /\b([a-z]+s)\s+\/\s+(?=[a-z]+s\b)/g,
    replace: '$1, ',
  },
  {
    name: 'groups one after another',
    examples: ['hives(location) beekeepers(name)'],
    pattern: /\)\s+(?=[a-z_]+\s*\()/g,
    replace: '), ',
  },
  {
    name: '"X or not" as a yes/no column',
    examples: ['furnished or not', 'is reserved or not'],
    pattern: /\b((?:is |has |was )?[a-z_]+) or not\b/g,
    replace: '$1?',
  },
  {
    name: 'square meters sign',
    examples: ['area m\u00b2'],
    pattern: /(?<!in )\bm²/g,
    replace: 'square meters',
  },
  {
    name: '"(i.e." opens the thing itself',
    examples: ['ticket type (i.e. ga, vip)', 'kind (e.g., a, b)'],
    pattern: /\(\s*(?:i\.e\.|e\.g\.)\s*,?\s*/g,
    replace: '(',
  },
  {
    name: '"i.e." before the thing itself',
    examples: ['ticket type i.e. ga, vip or student'],
    pattern: / ?,? ?\b(?:i\.e\.|e\.g\.)(?= ) ,? ?/g,
    replace: ': ',
  },
  {
    name: '"X fields:" as "X:"',
    examples: ['session fields: title, speaker'],
    pattern:
      /\b(?!(?:the|following|these|those|its|their|some|other|more|extra|custom|required|optional|key|main|all|few|two|three|four|five)\b)([a-z]+) (?:fields|columns|attributes|properties)\s*:/g,
    replace: '$1:',
  },
  {
    // A state a thing is in is one yes/no column ("in_service"), not "service".
    name: '"in service" as one word',
    examples: ['trucks with plate, in service', 'out of use'],
    pattern: /(^|[,(;:]\s*|\band\s+)(in|out of)\s+(service|use)\b(?=\s*(?:[,;.)?]|and\b|$))/g,
    replace: (_m, lead: string, state: string, what: string) => `${lead}${state.replace(/ /g, '_')}_${what}`,
  },
  {
    name: 'a length limit names no column',
    examples: ['body (max 280 chars)', 'bio (up to 50 words)'],
    pattern: /\s*\(\s*(?:max(?:imum)?|up to|at most|<=?|≤)\s*\d+\s*(?:chars?|characters|letters|words)\s*\)/g,
    replace: '',
  },
  {
    name: 'courtesy words before a colon or at the end',
    examples: ['workout logs pls: reps', 'performed_at thx'],
    pattern: /\s+(?:pls|plz|please|thx|thanks|ty)\s*(?=:|[.!]*\s*$)/g,
    replace: '',
  },
  { name: 'straight single quotes', examples: ['\u2018em\u2019'], pattern: /[\u2018\u2019]/g, replace: "'" },
  {
    name: 'straight double quotes',
    examples: ['\u201cname\u201d'],
    pattern: /[\u201c\u201d]/g,
    replace: '"',
  },
  { name: 'collapse blanks again', examples: ['users  (name)'], pattern: /\s+/g, replace: ' ' },
  {
    name: 'thousands separators',
    examples: ['1,000 users', '2,500,000 rows'],
    pattern: /\b(\d{1,3}(?:,\d{3})+)\b/g,
    replace: (m) => m.replace(/,/g, ''),
  },
  {
    // "I'm doing a prototype. Could you give me …?": the question may be the last sentence only.
    name: "a request's question mark is no yes/no column",
    examples: ['could you give me users with name?', 'a prototype. can i get users?'],
    apply: (text) => {
      const lastSentence = text.split(/[.!]\s+/).pop() ?? text;
      return /^(can|could|would|will|do|please)\b/.test(lastSentence) ? text.replace(/\?\s*$/, '') : text;
    },
  },
  {
    name: 'dates joined by ".." as a range',
    examples: ['2024-01-01..2024-12-31'],
    pattern: /\b((?:19|20)\d{2}-\d{2}-\d{2})\s*\.\.\s*((?:19|20)\d{2}-\d{2}-\d{2})\b/g,
    replace: 'between $1 and $2',
  },
  {
    name: 'numbers joined by ".." as a range',
    examples: ['rating 1..5'],
    pattern: /\b(\d+(?:\.\d+)?)\s*\.\.\s*(\d+(?:\.\d+)?)\b/g,
    replace: '$1 to $2',
  },
  {
    name: 'unit rates as one word',
    examples: ['yield t/ha', 'dose mg / l'],
    pattern: /\b(t|kg|g|mg|l|ml|m|mi)\s*\/\s*(ha|h|s|l|dl|kg|day|min)\b/g,
    replace: '$1_$2',
  },
  { name: 'km/h as one word', examples: ['speed km/h'], pattern: /\bkm\s*\/\s*h\b/g, replace: 'kmh' },
  {
    name: '"%" after a name as "pct"',
    examples: ['discount %, total', 'tax%'],
    pattern: /(?<=[a-z])\s*%(?=\s*(?:[,;)]|and\b|$))/g,
    replace: ' pct',
  },
  {
    name: 'arrow chains as belongings',
    examples: ['experiments -> trials -> measurements', 'api logs -> method, path'],
    apply: chains,
  },
  { name: '"300x" as 300', examples: ['300x tickets'], pattern: /\b(\d+)x\s+(?=[a-z])/g, replace: '$1 ' },
  {
    name: 'thousands written "k"',
    examples: ['2k users', '1.5 k rows'],
    pattern: /\b(\d+(?:\.\d+)?)\s?k\b/g,
    replace: (_m, n: string) => String(Math.round(Number(n) * 1000)),
  },
  {
    // "5m" may be metres: only "million" is read here (money in millions is read later).
    name: 'millions written out',
    examples: ['2 million users'],
    pattern: /\b(\d+(?:\.\d+)?)\s?(m|mm|million)\b(?!\d)/g,
    replace: (m, n: string, unit: string) =>
      unit === 'million' ? String(Math.round(Number(n) * 1_000_000)) : m,
  },
  {
    name: 'numbers in words',
    examples: ['five hundred users', 'a dozen rows', 'twenty five'],
    apply: wordsToNumber,
  },
  // Shorthand read as words.
  {
    name: '"incl." as "including"',
    examples: ['total incl. tax'],
    pattern: /\b(?:incl|inc)\.?(?=\s)/g,
    replace: 'including',
  },
  { name: '"w/" as "with"', examples: ['users w/ name'], pattern: /\bw\/(?=\s)/g, replace: 'with' },
  {
    name: 'abbreviations lose their dots',
    examples: ['kinds e.g. a', 'etc. and more', 'approx. 5'],
    pattern: /\b(?:e\.g|i\.e|etc|approx|avg)\./g,
    replace: (m) => m.slice(0, -1).replace(/\./g, ''),
  },
  {
    name: '"no." as "number"',
    examples: ['serial no., model', 'invoice nr.'],
    pattern: /(?<!\byes\s*(?:\/|or)\s*)\b(no|num|nr)\.(?=\s*(?:[,;)]|and\b|$))/g,
    replace: 'number',
  },
  {
    name: '"# of" as "number of"',
    examples: ['# of seats', 'no. of rooms'],
    pattern: /(?:#|\bno\.?|\bnum)\s+of\s+/g,
    replace: 'number of ',
  },
  {
    name: '"%" before a range',
    examples: ['discount % between 5 and 20'],
    pattern: /(?<=[a-z])\s*%(?=\s+(?:between|from|of)\b)/g,
    replace: '',
  },
  {
    name: 'bar-separated choices as slashes',
    examples: ['status a|b|c'],
    pattern: /([a-z0-9])\|(?=[a-z0-9])/g,
    replace: '$1/',
  },
  { name: 'spaced bars as commas', examples: ['name | email'], pattern: /\s\|\s/g, replace: ', ' },
  { name: 'spaced plus as "and"', examples: ['name + email'], pattern: /\s\+\s/g, replace: ' and ' },
  {
    name: '"out of N" as "0 to N"',
    examples: ['a mark out of 100'],
    pattern: /\bout of (\d+)\b/g,
    replace: '0 to $1',
  },
  {
    name: 'a month in parentheses',
    examples: ['exam date (june 2025)'],
    pattern: /\(\s*((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(?:19|20)\d{2})\s*\)/g,
    replace: 'in $1',
  },
  {
    // Only a window of time (a year or a span of days): "(between 5 and 60)" stays a range.
    name: 'a window of time in parentheses',
    examples: ['pickup_at (sometime in june 2025)', 'borrowed_on (last 90 days)'],
    pattern:
      /\(\s*(?:sometime|some time|anytime|any time|all|only|mostly|dated)?\s*((?:in|during|within|between|from|on|over|the last|the past|last|past|next|the next)\s[^()]*\d[^()]*)\)/g,
    replace: (m, window: string) =>
      !/\b(?:19|20)\d{2}\b|\b(?:hours?|days?|weeks?|months?|quarters?|years?)\b/.test(window)
        ? m
        : /^(?:last|past|next)\s/.test(window)
          ? ` in the ${window}`
          : ` ${window}`,
  },
  {
    name: 'hours written "h"',
    examples: ['duration 3h', '2 hrs'],
    pattern: /\b(\d+)\s*(h|hrs?)\b/g,
    replace: '$1 hours',
  },
  {
    name: '"that hold" opens a column list',
    examples: ['records that hold a student name', 'logs which records the time'],
    pattern:
      /\b(?:that|which)\s+(?:hold|holds|has|have|contain|contains|store|stores|include|includes|record|records|carry|carries|capture|captures|list|lists)\b/g,
    replace: 'with',
  },
  {
    name: 'the verb between a name and its range',
    examples: ['the total runs 10 to 900', 'age ranges from 18 to 90'],
    pattern: /\s(?:runs|ranges|goes|varies|vary|range)\s+(?:from\s+)?(?=\d)/g,
    replace: ' ',
  },
  {
    name: 'phone numbers in E.164',
    examples: ['phone in e.164', 'phone (e.164 format)'],
    pattern: /\b(phone|mobile|phone number|msisdn)\s*(?:\(\s*)?(?:in\s+)?e\.?164(?:\s+format)?(?:\s*\))?/g,
    replace: '$1_e164',
  },
  {
    // A height of "5m to 20m" stays metres.
    name: 'millions of money written "m"',
    examples: ['budget 1m to 20m', 'revenue 2m-9m'],
    pattern:
      /\b(budget|revenue|value|cost|funding|capital|amount|turnover|valuation|price|sales|income|assets|aum|spend)(\s+(?:of\s+|from\s+|between\s+)?[$€£]?)(\d+(?:\.\d+)?)m\s*(to|-|and)\s*([$€£]?)(\d+(?:\.\d+)?)m\b/g,
    replace: (_m, name: string, lead: string, a: string, sep: string, cur: string, b: string) =>
      `${name}${lead}${Math.round(Number(a) * 1_000_000)} ${sep} ${cur}${Math.round(Number(b) * 1_000_000)}`,
  },
  {
    name: 'a range ending in millions',
    examples: ['50000 to 1m'],
    pattern: /\b(\d{4,})\s*(to|-|and)\s*(\d+(?:\.\d+)?)m\b/g,
    replace: (_m, a: string, sep: string, b: string) => `${a} ${sep} ${Math.round(Number(b) * 1_000_000)}`,
  },
  { name: '"X = Y" as a header', examples: ['device = ip and status'], pattern: /\s=\s/g, replace: ': ' },
  {
    name: '"which is a, b or c": choices after the name',
    examples: ['environment which is dev, staging or prod'],
    pattern:
      /,?\s(?:which|that)\s+(?:is|are|can be|may be)\s+(?=(?:one of\s+|either\s+)?[a-z0-9-]+(?: [a-z0-9-]+){0,2}(?:\s*,\s*[a-z0-9-]+(?: [a-z0-9-]+){0,2})*\s*,?\s+or\s)/g,
    replace: ' ',
  },
  {
    name: '", either a or b": choices after the name',
    examples: ['frequency, either daily or weekly'],
    pattern: /,\s+(either|one of)\s/g,
    replace: ' $1 ',
  },
  {
    name: '"one X per Y" as 1',
    examples: ['one manager per store'],
    pattern: /\b(one|a single)\s+(?=[a-z]+\s+per\b)/g,
    replace: '1 ',
  },
  {
    name: '"each with one X" as 1',
    examples: ['users, each with one fitness tracker'],
    pattern: /\b(each|every one|each one)\s+(with|has|have|having|gets|owns)\s+(?:one|a single)\s+/g,
    replace: '$1 $2 1 ',
  },
  {
    name: 'semicolons as commas in a list without commas',
    examples: ['prescriptions; drug name; dosage mg; refills'],
    apply: (text) =>
      !text.includes(',') && (text.match(/;/g)?.length ?? 0) >= 3 ? text.replace(/\s*;\s*/g, ', ') : text,
  },
];

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
