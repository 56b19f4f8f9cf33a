/**
 * Field lists of a prompt ("with name, email, a status of pending, paid or shipped and price between
 * 10 and 200") → fields. Enum lists, numeric ranges and date windows are read first (their commas and
 * "and"s are not field separators), then the rest is split into field names typed by naming.ts.
 */
import { type Inferred, typeFromName } from '../detect/naming.js';
import { columnToField } from '../detect/sql-columns.js';
import { REFERENCE_TIME } from '../../workers/engine/types/index.js';
import { isPerson, knownCategory } from './knowledge.js';
import { LOCALE_WORD_SET, STOP_WORDS, UNIQUE_PAIRS } from './lexicon.js';
import { isPlural, singular, snake } from './text.js';

/** A field the prompt asks for. */
export interface PromptField {
  name: string;
  type: string;
  params?: Record<string, unknown>;
  nullable?: boolean;
}

/** Enum-like field words: "status pending or paid", "room type single or double". */
const ENUM_KEYS =
  'status|state|type|priority|level|stage|plan|tier|role|category|method|condition|species|cuisine|difficulty|kind|mode|visibility|source|size|segment|sentiment|channel|gender|severity|frequency|format|genre|rank|grade|color|colour|flavor|flavour|shift|position|membership|subscription|sport|brand|material|fuel|transmission|platform|language';
/** A name ending in a word for a kind of value, after at most one other word: `condition`, `seat class`. */
const KIND_COLUMN = new RegExp(`^(?:[a-z]+ )?(?:${ENUM_KEYS})$`);
/** Words whose last one names a kind of value: `rank`, `crew rank`. */
const ENDS_IN_KIND = new RegExp(`(?:^|\\s)(?:${ENUM_KEYS})$`);

const DAY = 86_400_000;
/** Month names, full then short, so a month's index modulo 12 is its number. */
const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
];
const NUM = '-?\\d+(?:\\.\\d+)?';

/** A date window relative to the engine's reference time (2026-01-01T00:00:00Z). */
export interface Window {
  min: number;
  max: number;
}

/** How long each unit of a relative window lasts (ms). */
const SPANS: Record<string, number> = {
  hour: DAY / 24,
  day: DAY,
  week: 7 * DAY,
  month: 30.4 * DAY,
  quarter: 91 * DAY,
  year: 365 * DAY,
};

/** Reads "in the last 30 days", "over the past year", "in 2025", "since 2020" → a window. */
export function readWindow(text: string): { window: Window; index: number; length: number } | undefined {
  const ahead =
    /\b(?:(?:in|within|over|during)\s+)?(?:the\s+)?(?:next|coming)\s+(\d+\s+)?(hour|day|week|month|quarter|year)s?\b/.exec(
      text,
    );
  if (ahead !== null) {
    const span = Number(ahead[1] ?? 1) * (SPANS[ahead[2] as string] ?? DAY);
    const window = { min: REFERENCE_TIME, max: REFERENCE_TIME + Math.round(span) };
    return { window, index: ahead.index, length: ahead[0].length };
  }
  const relative =
    /\b(?:(?:in|from|during|over|within|of)\s+)?(?:the\s+)?(?:last|past|previous)\s+(\d+\s+)?(hour|day|week|month|quarter|year)s?\b/.exec(
      text,
    );
  if (relative !== null) {
    const span = Number(relative[1] ?? 1) * (SPANS[relative[2] as string] ?? DAY);
    const window = { min: REFERENCE_TIME - Math.round(span), max: REFERENCE_TIME - 1000 };
    return { window, index: relative.index, length: relative[0].length };
  }
  const days =
    /\b(?:between|from)\s+((?:19|20)\d{2}-\d{2}-\d{2})\s+(?:and|to|-)\s+((?:19|20)\d{2}-\d{2}-\d{2})\b/.exec(
      text,
    );
  if (days !== null) {
    const [from, to] = [Date.parse(days[1]!), Date.parse(days[2]!)];
    if (Number.isFinite(from) && Number.isFinite(to) && from <= to) {
      const window = { min: from, max: to + DAY - 1000 };
      return { window, index: days.index, length: days[0].length };
    }
  }
  // "between Sept 1 and Nov 30, 2025", "from March 3 to May 9 2024": days of one year.
  const monthName = `(${MONTHS.join('|')})[a-z]*\\.?`;
  const monthDays = new RegExp(
    `\\b(?:between|from)\\s+${monthName}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:and|to|-)\\s+${monthName}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+((?:19|20)\\d{2})\\b`,
  ).exec(text);
  if (monthDays !== null) {
    const y = Number(monthDays[5]);
    const from = Date.UTC(y, MONTHS.indexOf(monthDays[1]!) % 12, Number(monthDays[2]));
    const to = Date.UTC(y, MONTHS.indexOf(monthDays[3]!) % 12, Number(monthDays[4]));
    if (from <= to)
      return {
        window: { min: from, max: to + DAY - 1000 },
        index: monthDays.index,
        length: monthDays[0].length,
      };
  }
  // "between Jan 2024 and Jun 2024", "between August and October 2025": from the first day of one
  // month to the last of the other (of the one year written).
  const monthYears = new RegExp(
    `\\b(?:between|from)\\s+${monthName}(?:\\s+((?:19|20)\\d{2}))?\\s+(?:and|to|-)\\s+${monthName}\\s+((?:19|20)\\d{2})\\b`,
  ).exec(text);
  if (monthYears !== null) {
    const from = Date.UTC(Number(monthYears[2] ?? monthYears[4]), MONTHS.indexOf(monthYears[1]!) % 12, 1);
    const to = Date.UTC(Number(monthYears[4]), (MONTHS.indexOf(monthYears[3]!) % 12) + 1, 1) - 1000;
    if (from <= to)
      return { window: { min: from, max: to }, index: monthYears.index, length: monthYears[0].length };
  }
  const month = new RegExp(`\\b(?:in|during|within)\\s+(${MONTHS.join('|')})\\s+((?:19|20)\\d{2})\\b`).exec(
    text,
  );
  if (month !== null) {
    const m = MONTHS.indexOf(month[1]!) % 12;
    const y = Number(month[2]);
    const window = { min: Date.UTC(y, m, 1), max: Date.UTC(y, m + 1, 1) - 1000 };
    return { window, index: month.index, length: month[0].length };
  }
  const quarter = /\b(?:in|during|within)\s+q([1-4])\s+((?:19|20)\d{2})\b/.exec(text);
  if (quarter !== null) {
    const q = Number(quarter[1]) - 1;
    const y = Number(quarter[2]);
    const window = { min: Date.UTC(y, q * 3, 1), max: Date.UTC(y, q * 3 + 3, 1) - 1000 };
    return { window, index: quarter.index, length: quarter[0].length };
  }
  // "recorded_at on 2025-06-21 only": that one day.
  const oneDay = /\bon\s+((?:19|20)\d{2}-\d{2}-\d{2})(?:\s+only)?\b/.exec(text);
  if (oneDay !== null && Number.isFinite(Date.parse(oneDay[1]!))) {
    const from = Date.parse(oneDay[1]!);
    return { window: { min: from, max: from + DAY - 1000 }, index: oneDay.index, length: oneDay[0].length };
  }
  const between = /\b(?:between|from)\s+((?:19|20)\d{2})\s+(?:and|to|-)\s+((?:19|20)\d{2})\b/.exec(text);
  if (between !== null) {
    const window = {
      min: Date.UTC(Number(between[1]), 0, 1),
      max: Date.UTC(Number(between[2]) + 1, 0, 1) - 1000,
    };
    return { window, index: between.index, length: between[0].length };
  }
  const year = /\b(in|during|since|from|after|of)\s+((?:19|20)\d{2})\b/.exec(text);
  if (year !== null) {
    const y = Number(year[2]);
    const since = year[1] === 'since' || year[1] === 'from' || year[1] === 'after';
    const window = {
      min: Date.UTC(y, 0, 1),
      max: since ? REFERENCE_TIME - 1000 : Date.UTC(y + 1, 0, 1) - 1000,
    };
    return { window, index: year.index, length: year[0].length };
  }
  return undefined;
}

/** Date-time params of a window, or date params for date types. */
export function windowParams(window: Window, type: string): Record<string, unknown> {
  const iso = (ms: number) => new Date(ms).toISOString();
  if (type === 'date' || type === 'date_of_birth' || type === 'date_past') {
    return { min: iso(window.min).slice(0, 10), max: iso(window.max).slice(0, 10) };
  }
  return { min: iso(window.min).replace('.000Z', 'Z'), max: iso(window.max).replace('.000Z', 'Z') };
}

const DATE_TYPES = new Set(['datetime', 'timestamp', 'date', 'date_past', 'date_future', 'date_of_birth']);
const NUMERIC_TYPES = new Set([
  'integer',
  'number',
  'decimal',
  'float',
  'price',
  'amount',
  'age',
  'salary',
  'rating',
  'token_count',
  'latitude',
  'longitude',
]);

function stripLead(words: string[]): string[] {
  let start = 0;
  while (
    start < words.length &&
    // "join date": the verb 'join' (a stop word in relations) names a date with the noun after it.
    !(words[start] === 'join' && /^(date|day|time|year|month)s?$/.test(words[start + 1] ?? '')) &&
    !(words[start] === 'like' && /^(count|counts)$/.test(words[start + 1] ?? '')) &&
    // "from version", "to account", "valid until": the preposition is the name's.
    !(
      start === 0 &&
      /^(from|to|valid)$/.test(words[0]!) &&
      words.length === 2 &&
      !STOP_WORDS.has(words[1]!)
    ) &&
    !(words[start] === 'valid' && /^(until|from|to|through|thru)$/.test(words[start + 1] ?? '')) &&
    // "is admin", "has garage": a yes/no column named with its verb (not "has a deadline").
    !(
      /^(is|has|was|can)$/.test(words[start]!) &&
      words.length - start >= 2 &&
      words.length - start <= 3 &&
      !STOP_WORDS.has(words[start + 1]!) &&
      !/^(many|several|multiple|one|\d+)$/.test(words[start + 1]!)
    ) &&
    // "in stock", "on sale", "in service": a state named with its preposition, yes or no.
    !(
      /^(in|on|out)$/.test(words[start]!) &&
      words.length === start + 2 &&
      /^(stock|service|use|transit|progress|production|season|storage|repair|maintenance|sale|hold|leave|call|duty|trial)$/.test(
        words[start + 1] ?? '',
      )
    ) &&
    // "opened date", "created time": a participle names the day it happened.
    !(
      /(ed|^sent|^paid|^built|^sold|^made|^held|^spent|^taken|^given|^won|^lost|^seen|^read|^run|^left|^shot|^begun|^done)$/.test(
        words[start]!,
      ) && /^(date|day|time|timestamp|year|on|at)$/.test(words[start + 1] ?? '')
    ) &&
    (STOP_WORDS.has(words[start] as string) ||
      // "random email", "long description"; "long" alone is a name ("lat/long").
      (start < words.length - 1 &&
        /^(random|fake|valid|realistic|optional|unique|numeric|short|long|some|no|own|need|needs|want|wants|please|also|add|include|includes|including|plus|recording|storing|capturing)$/.test(
          words[start] as string,
        )))
  )
    start++;
  return words.slice(start);
}

/**
 * "the name of the assigned agent", "the average price of a latte": a thing's own column, named as
 * "assigned agent name", "average latte price" (but "years of experience" and "date of birth" stay).
 */
function ownColumnOf(phrase: string): string {
  const m =
    /^(?:(?:the|a|an|and|with)\s+)*((?:average|avg|total|max|maximum|min|minimum|typical|usual|current)\s+)?([a-z]+)\s+of\s+(?:(?:the|a|an|each|every|their|its|his|her)\s+)?([a-z]+(?:\s+[a-z]+)?)\s*$/.exec(
      phrase.trim(),
    );
  if (
    m === null ||
    !/^(name|price|cost|fee|email|phone|address|title|rating|score|age|weight|height|size|colou?r|model|brand|capacity|duration|length|salary|value|status|location|description|rate)$/.test(
      m[2]!,
    )
  )
    return phrase;
  return `${m[1] ?? ''}${m[3]} ${m[2]}`;
}

/** The field name of a phrase: the last few words, without articles; `task status` in tasks → `status`. */
export function fieldName(phrase: string, table: string): string {
  const stamp = /^(?:(?:a|an|the|and|with|its|their)\s+)*([a-z]+)\s+(at|on)$/.exec(phrase.trim());
  if (stamp !== null) return `${stamp[1]}_${stamp[2]}`; // "created at" → created_at

  phrase = ownColumnOf(phrase);
  // "give me text, author handle": the request before a column list is no part of its first name.
  phrase = phrase.replace(
    /^\s*(?:(?:give|show|get|send|make)\s+(?:me|us)|(?:i|we)\s+(?:need|want|would like|'d like))\s+/,
    '',
  );
  // "charge an hourly rate": a verb and an article before the name are no part of it.
  const verbLead = /^([a-z]+)\s+(?:a|an|the)\s+(?=[a-z])/.exec(phrase.trim());
  if (verbLead !== null && !/^(of|for|in|on|at|to|per|by|from|with|as|into)$/.test(verbLead[1]!))
    phrase = phrase.trim().slice(verbLead[0].length);
  // "price in euro", "volume in MWh", "size in square meters": a measure in a currency is the measure
  // (the currency is a value's, not a name's), in another unit the measure and the unit.
  const measured = /^(.+?)\s+in\s+([a-z]+(?:\s+[a-z]+)?)\s*$/.exec(phrase.trim());
  if (measured !== null && !/^(the|a|an|each|every|their|its)\b/.test(measured[2]!)) {
    const measure = measured[1]!;
    const unit = measured[2]!;
    if (CURRENCY_WORDS.test(unit)) phrase = measure;
    else if (MEASURE_UNITS.test(unit))
      phrase = `${measure} ${unit.replace(/^square (?:meters|metres)$/, 'sqm').replace(/^square feet$/, 'sqft')}`;
  }
  // "helpful (bool) column", "properties json": words about the column itself are no part of its name.
  phrase = phrase.replace(/\s+(?:column|field|col)\s*$/, '');
  let words = stripLead(
    phrase
      // "an employee's hours": the possessive is no part of the name.
      .replace(/'s\b/g, '')
      .replace(/^\s*s\s+/, '')
      // "response time in minutes" is response_time_minutes: the unit stays, the preposition goes.
      .replace(
        /\bin\s+(seconds|minutes|hours|days|weeks|months|years|km|kilometers|miles|meters|metres|cm|mm|m|kg|g|mg|grams|pounds|lbs|percent|cents|ml|liters|litres|hectares|ha|acres|watts|kwh|ppm|celsius|fahrenheit|tonnes|rai|bushels|gallons)\b/g,
        '$1',
      )
      .replace(/[^a-z0-9 _-]/g, ' ')
      .trim()
      .split(/\s+/)
      .filter(Boolean),
  );
  // "return date sometime in Q4": an adverb after the name is no part of it.
  while (
    words.length > 1 &&
    /^(sometime|anytime|roughly|around|about|approximately|mostly|always)$/.test(words.at(-1)!)
  )
    words = words.slice(0, -1);
  if (words.length > 4) words = words.slice(-4);
  words = words.filter((w) => !/-(like|style|ish|ish)$/.test(w));
  // "check-in dates", "ticket prices": a row holds one of them.
  if (
    words.length > 1 &&
    /^(dates|times|timestamps|prices|amounts|names|numbers|codes|emails|addresses)$/.test(words.at(-1)!)
  )
    words = [...words.slice(0, -1), singular(words.at(-1)!)];
  const tableWord = singular(table.split('_').pop() ?? table);
  // "Japanese name", "Chinese manufacturer name": a nationality before a name says which names (the
  // locale), no part of the column's name.
  if (words.length > 1 && LOCALE_WORD_SET.has(words[0]!) && words.at(-1) === 'name') words = words.slice(1);
  // "booked on date", "scanned at time": the day or time is the stamp's own.
  const full = snake(words.join(' ')).replace(/_(at|on)_(timestamp|time|date)$/, '_$1');
  // "task status" in tasks is its status, "pet name" in pets its name; "clause type" in clauses stays
  // clause_type, as schemas name a kind after its table.
  if (words.length === 2 && (words[0] === tableWord || words[0] === table)) {
    const rest = words[1] as string;
    if (/^(name|status)$/.test(rest) && typeFromName(full, 'any', table) === undefined) return rest;
  }
  return full;
}

/** Currencies a measure may be given in: "price in euro" is a price. */
const CURRENCY_WORDS =
  /^(euros?|eur|dollars?|usd|us dollars|pounds?|gbp|sterling|yen|jpy|yuan|rmb|cny|won|krw|rupees?|inr|baht|thb|rubles?|roubles?|rub|lira|try|francs?|chf|kron[ae]r?|sek|nok|dkk|zloty|pln|reais|real|brl|pesos?|mxn|rand|zar|dirhams?|aed|riyals?|sar)$/;
/** Units a measure may be given in: "volume in MWh" is volume_mwh. */
const MEASURE_UNITS =
  /^(mwh|kwh|gwh|wh|mw|kw|light years|parsecs|square (?:meters|metres|feet)|cubic meters|hectares|acres|liters|litres|gallons|tonnes|tons|grams|kilograms|pounds|ounces|meters|metres|kilometers|kilometres|miles|feet|inches|seconds|minutes|hours|days|weeks|months|years|knots|bar|psi|pascals|volts|amps|watts|hertz|bytes|megabytes|gigabytes|decibels|lux|ppm|degrees)$/;

/** Whether a phrase names a column the naming rules know ("planting date", "price"), not a value. */
function namesColumn(phrase: string, table: string): boolean {
  // "dogs (name, breed)": a name is a column wherever it is, though its type is plain words.
  if (/^(name|full name|label|title|description|notes?|type|kind|category|status)$/.test(phrase.trim()))
    return true;
  // A word for a kind of value ("condition", "priority") names a column too.
  if (KIND_COLUMN.test(phrase.trim())) return true;
  return typeFor(fieldName(phrase, table), table).type !== 'words';
}

/** Whether `text` is a list of two or more items ("name and email", "a due date and amount paid"), each naming a column. */
export function listsColumns(text: string, table: string): boolean {
  const items = text
    .replace(/[.;!?]\s*$/, '')
    .split(/\s*(?:,|\band\b|&)\s*/)
    .map((item) => item.trim().replace(/^(?:a|an|the|its|their)\s+/, ''))
    .filter((item) => item !== '');
  return items.length >= 2 && items.every((item) => item.split(' ').length <= 3 && namesColumn(item, table));
}

/** The type of a field named `name` in `table`; numbers with a range get a numeric type. */
export function typeFor(name: string, table: string): Inferred {
  // A compound the knowledge base lists as a category ("practice_area", "fuel_type") is that, before
  // its last word decides ("area" would be a measure).
  const category = name.includes('_') ? knownCategory(name) : undefined;
  if (category !== undefined) return { type: 'enum', params: { values: [...category] } };
  const tokens = name.split('_');
  const candidates = [name, singular(name)];
  for (let i = 1; i < tokens.length; i++)
    candidates.push(tokens.slice(i).join('_'), singular(tokens.slice(i).join('_')));
  const found = candidates.map((c) => typeFromName(c, 'any', table)).find((f) => f !== undefined);
  // "attorney", "courier name", a name in a table of taxpayers: where the naming rules have nothing
  // specific, a person the knowledge base knows (one with a first name) holds a person's name.
  if (found === undefined || /^(words|word|title)$/.test(found.type)) {
    const who = name === 'name' ? singular(table.split('_').pop() ?? table) : name.replace(/_name$/, '');
    if (isPerson(who)) return { type: 'full_name' };
  }
  if (found !== undefined) return found;
  if (/(^|_)(date|day|birthday)$/.test(name)) return { type: 'date' };
  // "device id" with no devices table: an identifier.
  if (/_id$/.test(name)) return { type: 'uuid' };
  if (/(_at|_time|timestamp)$/.test(name)) return { type: 'datetime' };
  if (
    /(^|_)(count|number|num|qty|total|year|minutes|hours|days|km|miles|distance|calories|stars|likes|views)$|^(number|num)_/.test(
      name,
    )
  )
    return { type: 'number' };
  if (tokens.length >= 2) {
    // "land size rai", "depth ft": a measure, then a short unit the rules do not know.
    const measure = typeFor(tokens.slice(0, -1).join('_'), table);
    if (NUMERIC_TYPES.has(measure.type) && tokens.at(-1)!.length <= 3) return measure;
    // "month of stay": the noun before "of" names the column.
    if (tokens[1] === 'of' && tokens.length > 2) {
      const noun = typeFor(tokens[0]!, table);
      if (noun.type !== 'words') return noun;
    }
  }
  return { type: 'words' };
}

function numericType(base: Inferred, min: number, max: number): Inferred {
  // "fraud score 0-1": a share between nothing and all of it, not a choice of two whole numbers.
  if (min === 0 && max === 1 && /^(confidence_score|number|decimal|float)$/.test(base.type))
    return { type: 'decimal', params: { min, max, precision: 2 } };
  const decimals = !Number.isInteger(min) || !Number.isInteger(max);
  // A whole-number type cannot take "0.5 to 10": the range says decimals.
  if (decimals && /^(integer|age|token_count)$/.test(base.type))
    return { type: 'decimal', params: { min, max, precision: 2 } };
  if (NUMERIC_TYPES.has(base.type) && base.type !== 'rating') {
    const params: Record<string, unknown> = { ...base.params, min, max };
    if (base.type === 'number' && decimals) params['precision'] = 2;
    if (base.type === 'salary' && (min % 500 !== 0 || max % 500 !== 0))
      return { type: 'integer', params: { min, max } };
    return { type: base.type, params };
  }
  return decimals
    ? { type: 'decimal', params: { min, max, precision: 2 } }
    : { type: 'integer', params: { min, max } };
}

/** Splits a value list "a, b or c" / "a/b/c" / "a, b, and c" into values. */
function splitValues(list: string): string[] {
  return list
    .split(/\s*(?:,|\/|\|)\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+/)
    .map((v) =>
      v
        .trim()
        .replace(/^(an?|the|either)\s+/, '')
        .replace(/["']/g, '')
        .replace(/^\.+|\.+$/g, ''),
    )
    .filter((v) => v !== '');
}

/** "an amount and a stage" → prefix "an amount and", name words "a stage". */
function splitLead(words: string): { prefix: string; nameWords: string } {
  const tokens = words.trim().split(/\s+/);
  let cut = -1;
  tokens.forEach((t, i) => {
    if (/^(and|or|with|having|plus|including|has|have)$/.test(t)) cut = i;
  });
  return { prefix: tokens.slice(0, cut + 1).join(' '), nameWords: tokens.slice(cut + 1).join(' ') };
}

/**
 * Choices as written: "12, 24, 36 or 60 months" are the numbers 12, 24, 36 and 60 (the unit belongs to
 * all of them, and numbers stay numbers).
 */
function choices(list: string): (string | number)[] {
  const values = splitValues(list);
  const last = values.at(-1);
  const numeric = (v: string) => /^\d+(?:\.\d+)?$/.test(v);
  if (last !== undefined && values.slice(0, -1).every(numeric)) {
    const unit = /^(\d+(?:\.\d+)?)\s+[a-z]+$/.exec(last);
    if (unit !== null) values[values.length - 1] = unit[1]!;
  }
  return values.every(numeric) ? values.map(Number) : values;
}

const KIND_WORDS = 'type|kind|category|class|genre|grade|level|tier|size|status';
const CHOICE = `[a-z0-9][a-z0-9_' -]{0,30}?`;
const CHOICE_LIST = `${CHOICE}(?:\\s*,\\s*${CHOICE})*\\s*,?\\s+or\\s+${CHOICE}`;
/** "(like, love, sad)" where a table's own words start. */
const PARENS_LIST = /^\s*\(([^()]*(?:,|\bor\b)[^()]*)\)/;
/** "of type auto, home or pet", "in sizes single, double or suite". */
const KIND_LIST = new RegExp(
  `^\\s*(?:of|in)\\s+(?:(?:the|a|an|one of|several|different|\\w+)\\s+)?(${KIND_WORDS})(?:s|es)?\\s*:?\\s+(${CHOICE_LIST})(?=\\s*(?:[,;.)]|\\bwith\\b|$))`,
);
/** The last word of a multi-word column name: "planting date", "area in hectares", "card number". */
const COLUMN_HEAD =
  /\s(?:date|time|name|number|no|id|code|count|type|price|amount|rate|score|status|year|email|address|level|total|percentage|in\s+[a-z%]+)$/;
/** "1 to 5" on its own: a range, not choices. */
const BARE_RANGE = new RegExp(`^\\s*${NUM}\\s*(?:-|to)\\s*${NUM}\\s*$`);

/**
 * Choices that describe the table's own rows rather than a named column: "reactions (like, love,
 * sad)", "policies of type auto, home or travel", "rooms in three sizes: single, double or suite".
 * Read where a table's own words start; the field is the kind word, `type` when none is written.
 */
export function kindChoices(segment: string): { field: PromptField; rest: string; list: string } | undefined {
  const parens = PARENS_LIST.exec(segment);
  const found = parens ?? KIND_LIST.exec(segment);
  if (found === null) return undefined;
  const text = (parens === null ? found[2] : found[1]) as string;
  const values = choices(text);
  if (values.length < 2 || values.some((v) => String(v).split(' ').length > 3)) return undefined;
  if (BARE_RANGE.test(text)) return undefined;
  // "(name, vehicle: bike, scooter or van)": a column named with its choices makes the rest columns.
  if (values.some((v) => /^[a-z][a-z _-]*:/.test(String(v)))) return undefined;
  // "products (name, price, stock)" lists columns: most of its items are names the naming rules know.
  const columns = values.filter(
    (v) => new RegExp(`${NUM}\\s*(?:-|to)\\s*${NUM}`).test(String(v)) || namesColumn(String(v), ''),
  );
  // "fields (area in hectares, crop, planting date)": an item ending in a column's head word is a column.
  const headed = values.filter((v) => COLUMN_HEAD.test(String(v)));
  if (parens !== null && (columns.length * 2 >= values.length || columns.length >= 2 || headed.length > 0))
    return undefined;
  const name = parens === null ? (found[1] as string) : 'type';
  return {
    field: { name, type: 'enum', params: { values } },
    rest: segment.slice(found.index + found[0].length),
    list: text,
  };
}

/** "(°C)", "(in kg)", "(mg/L)", "(USD)", "(%)": a unit of measure in parentheses. */
const UNIT_IN_PARENS =
  /\s*\(\s*(?:in\s+)?(?:(?:t|kg|g|mg|l|ml|m|mi)_(?:ha|h|s|l|dl|kg|day|min)|°\s*[cf]|[cf]|celsius|fahrenheit|kelvin|k|kg|g|mg|lbs?|pounds|oz|t|tons?|cm|mm|m|km|mi|miles|ft|feet|in|inches|m2|m²|sq\s*m|sq\s*ft|sqft|ha|hectares?|acres?|l|ml|liters?|litres?|gal|mg\s*\/\s*(?:l|dl|ml|kg)|mmol\s*\/\s*l|g\s*\/\s*dl|ppm|ppb|%|percent|usd|eur|gbp|jpy|inr|\$|€|£|¥|ms|s|sec|secs|seconds|min|mins|minutes|h|hrs?|hours|days|years|months|kwh|kw|w|watts|v|volts|a|amps|mah|hz|khz|mhz|ghz|kb|mb|gb|tb|bpm|mmhg|kph|km\s*\/\s*h|mph|m\s*\/\s*s|db|dbm|lux|pa|kpa|hpa|bar|psi)\s*\)/g;

/** A field name without a linking word after it: "term of" is the term. */
const bare = (words: string) => words.replace(/\s+(?:of|is|are|in|as)$/, '');

interface Special {
  name: string;
  inferred: Inferred;
}

/** Who or what a clause in a column's description is about: "they", "it", "the customer". */
const CLAUSE_SUBJECT = '(?:it|they|he|she|we|you|the\\s+[a-z]+|an?\\s+[a-z]+)';
/** "… it got", "… it is worth": the clause after a thing counted. */
const COUNTED_CLAUSE = new RegExp(`\\s+${CLAUSE_SUBJECT}\\s+.*$`);
/** "the date they joined", "when it was first seen". */
const WHEN_DONE = new RegExp(
  `^(?:(?:the|a)\\s+)?(date|day|time|year|month|when)\\s+(?:when\\s+)?${CLAUSE_SUBJECT}(?:\\s+(?!(?:was|were|is|are|first|last)\\b)[a-z]+)?\\s+(?:was|were|is|are|got|gets)?\\s*(?:(first|last)\\s+)?([a-z]+)$`,
);
/** "the balance after it was posted". */
const MEASURED_WHEN = new RegExp(
  `^(?:the\\s+)?([a-z]+(?:\\s+[a-z]+)?)\\s+(?:after|before|once|when)\\s+${CLAUSE_SUBJECT}\\s+.+$`,
);
/** "the country they ship from", "the channel the customer came in through". */
const RELATIVE_CLAUSE =
  /^(?:the|a|an|their|its)\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:(?:that|which|who)\s+)?(?:they|it|he|she|we|the\s+[a-z]+)\s+[a-z]+(?:\s+[a-z]+){0,3}$/;

/**
 * A column described rather than named, as people write in sentences: "how many helpful votes it got"
 * (helpful votes, a count), "the number of seats still available" (seats available), "the date they
 * joined" (joined date), "when it was first seen" (first seen at), "the country they ship from"
 * (country), "the balance after it was posted" (balance). The words to name it by, and its type where
 * the description says it.
 */
function describedColumn(item: string): { words: string; type?: string } | undefined {
  const text = item.replace(/^(?:and|or|also)\s+/, '');
  const count = /^(?:how many|(?:the|a)\s+(?:number|count) of)\s+(.+)$/.exec(text);
  if (count !== null) {
    // "… it got", "… it is worth", "… still available": what follows the thing counted.
    const rest = count[1]!.replace(COUNTED_CLAUSE, '').replace(/\b(?:still|currently|now|left)\s+/g, '');
    return rest.split(/\s+/).length <= 4 ? { words: rest, type: 'integer' } : undefined;
  }
  const when = WHEN_DONE.exec(text);
  if (when !== null) {
    const [, unit, order, verb] = when as unknown as [string, string, string | undefined, string];
    const deed = order === undefined ? verb : `${order}_${verb}`;
    if (unit === 'when' || unit === 'time') return { words: `${deed} at`, type: 'datetime' };
    return { words: `${deed} ${unit}`, type: unit === 'year' ? 'integer' : 'date' };
  }
  // "the balance after it was posted": what is measured, not when.
  const after = MEASURED_WHEN.exec(text);
  if (after !== null) return { words: after[1]! };
  // "the country they ship from", "the channel the customer came in through": the noun is the name.
  const relative = RELATIVE_CLAUSE.exec(text);
  if (relative !== null && !/\b(?:of|with|for)\b/.test(relative[1]!)) return { words: relative[1]! };
  return undefined;
}

/** Type words written after a column's name: "device id (uuid)", "payload json". */
const TYPE_WORDS: Record<string, string> = {
  uuid: 'uuid',
  guid: 'uuid',
  json: 'json',
  jsonb: 'json',
  semver: 'semver',
  int: 'integer',
  integer: 'integer',
  bigint: 'integer',
  float: 'float',
  double: 'float',
  decimal: 'decimal',
  numeric: 'decimal',
  timestamp: 'datetime',
  timestamptz: 'datetime',
  datetime: 'datetime',
  date: 'date',
  url: 'url',
  email: 'email',
  sku: 'sku',
  iban: 'iban',
  isbn: 'isbn',
};

/** "(unique pair)", "unique per member+class" in a column list: words on the pairs, no column. */
const UNIQUE_PAIRS_REMARK = new RegExp(String.raw`\(?\s*\b(?:${UNIQUE_PAIRS})\s*\)?`, 'g');

/** A column as a CREATE TABLE writes it: name, SQL type with its length, constraints. */
const SQL_COLUMN =
  /(^|[,;:(]|\band\b|\bwith\b)(\s*)([a-z][a-z0-9]*(?:_[a-z0-9]+)*)\s+(varchar|nvarchar|char|character varying|text|string|int|integer|bigint|smallint|serial|bigserial|decimal|numeric|float|double|double precision|real|bool|boolean|date|timestamp|timestamptz|datetime|time|uuid|jsonb?)(?:\s*\(\s*(\d+)(?:\s*,\s*(\d+))?\s*\))?((?:\s+(?:pk|primary key|not null|null|unique))*)(?=\s*(?:[,;.)]|\band\b|$))/g;
/**
 * SQL types that read as SQL after a one-word name even outside a list written as DDL ("opening
 * float", "order uuid" and "sent timestamp" are names; "price decimal" is a decimal price).
 */
const SQL_ONLY =
  /^(varchar|nvarchar|int|bigint|smallint|bigserial|decimal|numeric|bool|boolean|timestamptz|jsonb)$/;

/** What the field rules share while they read one field list. */
interface FieldList {
  table: string;
  /** Which words name tables (those become refs, not columns). */
  isEntity: (phrase: string) => string | undefined;
  /** The text of the enums read, for the relation reader to skip. */
  enumText: string[];
  /** Puts a column read by a rule in the text as a key (` @n@ `) that the item reader turns back into it. */
  mark: (name: string, inferred: Inferred) => string;
}

function openList(rest: string): string {
  // "tracks table, cols: title, …": a word for the columns themselves opens their list.
  return (
    rest
      .replace(
        /\b(?:cols|columns|fields|attributes|props|properties)\s*:|(?:^\s*|[.;]\s+)(?:cols|columns)\b/g,
        ', ',
      )
      // "fact, keyed by vessel and port: …": the keys are refs, read with the relations.
      .replace(/\bkeyed\s+(?:by|to|on)\b/g, ' ')
      // "(unique pair)", "unique per member+class": a word on the pairs (read with the relations), no column.
      .replace(UNIQUE_PAIRS_REMARK, ' ')
      // "with quantity linking the two": the link is read with the relations, no column's words.
      .replace(/\b(?:linking|joining|connecting)\s+(?:them|the (?:two|2)|both|those)\b/g, ' ')
      // "sauna (bool)": a yes/no column, as "sauna bool" is.
      .replace(/\s*\((bool|boolean|flag)\)/g, ' $1')
      // "pass/fail boolean": one yes/no column named by its two answers.
      .replace(/\b([a-z]+)\/([a-z]+)(?=\s+(?:bool|boolean|flag)\b)/g, '$1_$2')
  );
}

function writtenTypes(rest: string, fieldList: FieldList): string {
  const { table, isEntity, mark } = fieldList;
  // "device id (uuid)", "payload json", "firmware version (semver)": a type written after the name
  // types the column and names nothing ("order uuid" is an order's uuid, named so).
  rest = rest.replace(
    /(^|[,;:(]|\band\b|\bwith\b)(\s*)([a-z][a-z0-9_]*(?: [a-z][a-z0-9_]*){0,3}?)\s+(?:\(\s*(?:an?\s+)?([a-z]+)\s*\)|(json|jsonb)|as\s+(?:an?\s+)?([a-z]+))(?=\s*(?:[,;.)]|\band\b|$))/g,
    (m, lead: string, space: string, words: string, inParens?: string, bare?: string, as?: string) => {
      const type = TYPE_WORDS[inParens ?? bare ?? as ?? ''];
      const name = fieldName(words, table);
      if (type === undefined || name === '' || isEntity(name) !== undefined) return m;
      const named = typeFor(name, table);
      // A name that already says more keeps its type ("created (timestamp)" stays a datetime).
      const inferred =
        named.type === type || (DATE_TYPES.has(type) && DATE_TYPES.has(named.type)) ? named : { type };
      return `${lead}${space}${mark(name, inferred)}`;
    },
  );
  return rest;
}

function sqlColumns(rest: string, fieldList: FieldList): string {
  const { table, isEntity, mark } = fieldList;
  // "gross_pay decimal, tower_id uuid pk, currency char(3)": a column written as in a CREATE TABLE is
  // typed as schema detection types that SQL column. A word that is English too ("pay date", "notes
  // text") is a SQL type only after a snake_case name.
  const ddl = [...rest.matchAll(SQL_COLUMN)].filter((m) => m[3]!.includes('_')).length >= 2;
  rest = rest.replace(
    SQL_COLUMN,
    (m, lead: string, space: string, name: string, sqlType: string, ...more) => {
      const [length, scale, constraints] = more as [string | undefined, string | undefined, string];
      // A one-word name before an English word ("order date", "start time") is a name of two words,
      // unless a length or a constraint says SQL.
      const english = /^(date|time|text|string|serial|real)$/.test(sqlType);
      const said = length !== undefined || constraints.trim() !== '';
      if (!name.includes('_') && !said && !SQL_ONLY.test(sqlType) && (!ddl || english)) return m;
      if (isEntity(name) !== undefined) return m;
      const field = columnToField(
        {
          name,
          dataType: sqlType.replace(/\s+/g, ' '),
          length: length === undefined ? undefined : Number(length),
          scale: scale === undefined ? undefined : Number(scale),
          suffix: [],
          array: false,
          enumValues: undefined,
          notNull: false,
          autoIncrement: false,
          defaultCall: undefined,
        },
        {
          table,
          primaryKey: /\b(pk|primary key)\b/.test(constraints),
          inCompositeKey: false,
          unique: false,
          checks: [],
          enumType: undefined,
        },
      );
      return `${lead}${space}${mark(name, field.params === undefined ? { type: field.type } : { type: field.type, params: field.params })}`;
    },
  );
  return rest;
}

function codePatterns(rest: string, fieldList: FieldList): string {
  const { table, isEntity, mark } = fieldList;
  // "employee code (EMP-xxxxxx)": a code's pattern in parentheses, a sequence with that prefix.
  rest = rest.replace(
    /(^|[,;:(]|\band\b|\bwith\b)(\s*)([a-z][a-z0-9_]*(?: [a-z][a-z0-9_]*){0,3}?)\s*\(\s*([a-z]{1,8})(-)(x{3,}|#{3,}|0{3,}|9{3,}|n{3,})\s*\)/g,
    (m, lead: string, space: string, words: string, prefix: string, dash: string, digits: string) => {
      const name = fieldName(words, table);
      if (name === '' || isEntity(name) !== undefined) return m;
      const params = { start: 1, prefix: `${prefix.toUpperCase()}${dash}`, pad: digits.length };
      return `${lead}${space}${mark(name, { type: 'sequence', params })}`;
    },
  );
  return rest;
}

function slashLists(rest: string, fieldList: FieldList): string {
  const { table } = fieldList;
  // "session id / sku / qty (1-10) / unit price": spaced slashes and no comma separate columns.
  if (!rest.includes(',') && (rest.match(/\s\/\s/g)?.length ?? 0) >= 3)
    rest = rest.replace(/\s+\/\s+/g, ', ');
  // "full name / dob / blood type / allergies": slashes between column names separate columns.
  rest = rest.replace(
    /[a-z][a-z0-9_-]*(?: [a-z0-9_-]+)*(?:\s+\/\s+[a-z][a-z0-9_-]*(?: [a-z0-9_-]+)*){2,}/g,
    (list) => {
      const items = list.split(/\s+\/\s+/);
      const known = items.filter((v) => namesColumn(v, table));
      return known.length * 2 >= items.length ? items.join(', ') : list;
    },
  );
  // "length/width/height in cm": written close, only when every item is a known column.
  rest = rest.replace(
    /\b[a-z][a-z0-9_]*(?:\/[a-z][a-z0-9_]*)+\b(\s+in\s+[a-z%°]+)?/g,
    (list, unit?: string) => {
      const items = list.replace(/\s+in\s+.*$/, '').split('/');
      const known = items.filter((v) => namesColumn(v + (unit ?? ''), table));
      return items.length >= 2 && known.length === items.length
        ? items.map((v) => v + (unit ?? '')).join(', ')
        : list;
    },
  );
  return rest;
}

function rangesOfOtherRows(rest: string, fieldList: FieldList): string {
  const { isEntity } = fieldList;
  // "each owning 1-3 accounts": a range of another table's rows is how many each row has (read with the
  // entities), not a column.
  rest = rest.replace(
    new RegExp(`\\b(?:[a-z]+\\s+)?${NUM}\\s*(?:-|to|and)\\s*${NUM}\\s+([a-z]+(?:\\s+[a-z]+)?)`, 'g'),
    (m, noun: string) =>
      isEntity(noun) !== undefined || isEntity(noun.split(' ')[0] as string) !== undefined ? ' ' : m,
  );
  return rest;
}

function unitsInParens(rest: string): string {
  // A unit in parentheses says how a value is measured, not what it may be: "temperature (°C)".
  // The unit joins the name ("delivery time (minutes)" → delivery_time_minutes, a number), a currency
  // does not ("salary (USD)" → salary).
  rest = rest.replace(UNIT_IN_PARENS, (m) => {
    const unit = m
      .replace(/[()\s]|\bin\b/g, '')
      .replace(/°/g, '')
      .replace(/%/g, 'pct')
      .replace(/\//g, ' ');
    return /^(usd|eur|gbp|jpy|inr|\$|€|£|¥)$/.test(unit) ? ' ' : ` ${unit}`;
  });
  return rest;
}

function parenthesisedEnums(rest: string, fieldList: FieldList): string {
  const { table, isEntity, mark, enumText } = fieldList;
  // Parenthesised or listed enum values.
  rest = rest.replace(
    /\b([a-z][a-z _-]{0,40}?)\s*\(([^()]*(?:,|\/|\bor\b)[^()]*)\)/g,
    (m, words: string, inside: string) => {
      if (BARE_RANGE.test(inside)) return m;
      const { prefix, nameWords } = splitLead(words);
      const name = fieldName(nameWords, table);
      if (name === '' || isEntity(name) !== undefined) return m;
      const values = splitValues(inside);
      if (values.length < 2 || values.some((v) => v.split(' ').length > 4)) return m;
      enumText.push(inside);
      return ` ${prefix} ${mark(name, { type: 'enum', params: { values } })}`;
    },
  );
  return rest;
}

/** A word of a column's name in the enum patterns (no stop word). */
const NAME_WORD = `(?!(?:${[...STOP_WORDS, 'or', 'and'].join('|')})\\b)[a-z0-9][a-z0-9_'-]*`;
/** A word of a value in the enum patterns ("booking.com": a dot between letters stays in a value). */
const VALUE_WORD = `(?!(?:or|and|with|having|plus|including)\\b)[a-z0-9][a-z0-9_'-]*(?:\\.[a-z0-9]+)*`;
/** A value of up to three words. */
const VALUE = `${VALUE_WORD}(?: ${VALUE_WORD}){0,2}`;

function enumKeys(rest: string, fieldList: FieldList): string {
  const { table, mark, enumText } = fieldList;
  const enumRe = new RegExp(
    `\\b((?:[a-z]+ )?(?:${ENUM_KEYS}))(?:\\s+(?:of|is|being|either|one of|can be|could be|as|like|:|=))*\\s*:?\\s+(${VALUE}(?:\\s*/\\s*${VALUE})+|${VALUE}(?:\\s*,\\s*${VALUE})*(?:\\s*,\\s*(?:or|and)|\\s+or)\\s+${VALUE_WORD}(?: ${NAME_WORD})?)`,
    'g',
  );
  rest = rest.replace(enumRe, (m, words: string, list: string) => {
    const name = fieldName(words, table);
    const values = splitValues(list);
    // "level 1 to 99, and 50000 matches": a range and the next item, not choices; "status code,
    // response time ms, and checked at": columns, not choices.
    if (
      name === '' ||
      values.length < 2 ||
      values.some(
        (v) =>
          v.includes(' ') &&
          /^(integer|number|decimal|float|datetime|date|time|timestamp|price|amount|duration)$/.test(
            typeFor(fieldName(v, table), table).type,
          ),
      ) ||
      values.some((v) => new RegExp(`^${NUM}\\s*(?:to|-)\\s*${NUM}$`).test(v))
    )
      return m;
    enumText.push(list);
    const lead = words.split(' ')[0] as string;
    return (STOP_WORDS.has(lead) ? ` ${lead} ` : ' ') + mark(name, { type: 'enum', params: { values } });
  });
  return rest;
}

function colonLists(rest: string, fieldList: FieldList): string {
  const { table, isEntity, mark, enumText } = fieldList;
  // "(title, duration, track: web, data, mobile)": a name, a colon and a list that runs to the closing
  // parenthesis (or a semicolon) are that column's choices, unless every item names a column.
  rest = rest.replace(
    new RegExp(
      `(^|[,(]|\\band\\b|\\bwith\\b)(\\s*)([a-z][a-z0-9_'-]*(?: [a-z][a-z0-9_'-]*)?)\\s*:\\s*(${VALUE}(?:\\s*,\\s*${VALUE})+)\\s*(?=[);])`,
      'g',
    ),
    (m, lead: string, space: string, words: string, list: string) => {
      const name = fieldName(words, table);
      const values = splitValues(list);
      if (name === '' || isEntity(name) !== undefined || values.every((v) => namesColumn(v, table))) return m;
      enumText.push(list);
      return `${lead}${space}${mark(name, { type: 'enum', params: { values } })}`;
    },
  );
  return rest;
}

function yesNo(rest: string, fieldList: FieldList): string {
  const { table, isEntity, mark } = fieldList;
  // "vegetarian yes/no", "active (y/n)": a flag.
  rest = rest.replace(
    /\b([a-z][a-z _-]{0,30}?)\s*\(?\s*\b(?:yes\s*\/\s*no|y\s*\/\s*n|true\s*\/\s*false)\b\s*\)?/g,
    (m, words: string) => {
      const { prefix, nameWords } = splitLead(words);
      const name = fieldName(nameWords, table);
      if (name === '' || isEntity(name) !== undefined) return m;
      return ` ${prefix} ${mark(name, { type: 'boolean' })}`;
    },
  );
  return rest;
}

/** A name and its choices, matched by the patterns of the rules below, as an enum field. */
function choice(fieldList: FieldList) {
  const { table, isEntity, mark, enumText } = fieldList;
  return (m: string, lead: string, space: string, words: string, list: string) => {
    if (/@\d+@/.test(m)) return m;
    // "participant code, age 18-75, arm placebo or treatment": columns before the last one's choices.
    // The choices start at the last item of several words when an item before it is a column
    // (a range, or a name the naming rules know).
    const items = splitValues(list);
    const last = items.findLastIndex((v, i) => i < items.length - 1 && v.includes(' '));
    const columnBefore = items
      .slice(0, Math.max(0, last))
      .some((v) => /\d\s*(?:-|to)\s*\d/.test(v) || namesColumn(v, table));
    if (last > 0 && columnBefore && !/\b(?:one of|either)\b/.test(m)) {
      const head = items[last]!.split(' ');
      const rest = [head.pop()!, ...items.slice(last + 1)].join(', ');
      const before = `${words} ${items.slice(0, last).join(', ')}, ${head.join(' ')}`;
      const name = fieldName(bare(head.join(' ')), table);
      if (name !== '' && isEntity(name) === undefined) {
        enumText.push(rest);
        return `${lead}${space}${before.slice(0, before.length - head.join(' ').length)}${mark(name, { type: 'enum', params: { values: choices(rest) } })}`;
      }
    }
    const name = fieldName(bare(words), table);
    const values = choices(list);
    if (name === '' || values.length < 2 || isEntity(name) !== undefined) return m;
    enumText.push(list);
    return `${lead}${space}${mark(name, { type: 'enum', params: { values } })}`;
  };
}

// Any name before values joined by "or" (or after "one of", "either"): "outcome resolved, escalated or
// dropped", "fruit one of apple, pear or plum". Values joined by "and" are columns, not choices.
function oneOf(rest: string, fieldList: FieldList): string {
  // "level one of A1, A2, B1": a list after "one of" is a choice even without "or".
  const oneOfRe = new RegExp(
    `(^|[,(;:]|\\bwith\\b|\\band\\b)(\\s*(?:(?:a|an|the)\\s+)?)((?:${NAME_WORD} )?${NAME_WORD})\\s*(?:[-:]\\s*)?(?:(?:which|that)\\s+)?(?:is\\s+|are\\s+)?(?:one of|either)\\s*:?\\s+(${VALUE}(?:\\s*,\\s*${VALUE})*(?:\\s*,?\\s+or\\s+${VALUE})?)(?=\\s*(?:[,;.)]|\\band\\b|\\bwith\\b|$))`,
    'g',
  );
  rest = rest.replace(oneOfRe, choice(fieldList));
  return rest;
}

function tableType(rest: string, fieldList: FieldList): string {
  const { table, mark, enumText } = fieldList;
  // "with like, love, laugh or angry": choices named by nothing but the table are its type.
  rest = rest.replace(
    new RegExp(
      `(^|\\bwith\\b)\\s+(${VALUE_WORD}(?:\\s*,\\s*${VALUE_WORD})+\\s*,?\\s+or\\s+${VALUE_WORD})(?=\\s*(?:[,;.)]|$))`,
    ),
    (m, lead: string, list: string) => {
      const values = choices(list);
      if (values.some((v) => namesColumn(String(v), table))) return m;
      enumText.push(list);
      return `${lead} ${mark('type', { type: 'enum', params: { values } })}`;
    },
  );
  return rest;
}

function orChoices(rest: string, fieldList: FieldList): string {
  const orRe = new RegExp(
    `(^|[,(;:]|\\bwith\\b|\\band\\b|'s)(\\s*(?:(?:a|an|the)\\s+(?![a-z]+'s\\b))?)((?:${NAME_WORD} )?${NAME_WORD})(?:\\s+(?:is|are|of|being|can be|could be))?(?:\\s+(?:one of|either))?\\s*[:-]?\\s+(${VALUE}(?:(?:\\s*,\\s*|\\s+or\\s+)${VALUE})*\\s*,?\\s+or\\s+${VALUE})(?=\\s*(?:[,;.)]|\\band\\b|\\bwith\\b|$))`,
    'g',
  );
  rest = rest.replace(orRe, choice(fieldList));
  return rest;
}

function slashChoices(rest: string, fieldList: FieldList): string {
  // "rating g/pg/pg-13/r": any name before values joined by slashes.
  const slashRe = new RegExp(
    `(^|[,(;:]|\\bwith\\b|\\band\\b|'s)(\\s*)((?:${NAME_WORD} )?${NAME_WORD})\\s*[:-]?\\s+(${VALUE_WORD}(?:\\s*/\\s*${VALUE}){1,})(?=\\s*(?:[,;.)]|\\band\\b|\\bwith\\b|$))`,
    'g',
  );
  rest = rest.replace(slashRe, choice(fieldList));
  return rest;
}

function closingColonList(rest: string, fieldList: FieldList): string {
  const { table, isEntity, mark, enumText } = fieldList;
  const pick = choice(fieldList);
  // "seat class: economy, premium, business, first" closing a list: the values of the name before.
  rest = rest.replace(
    new RegExp(
      `(^|[,(;]|\\bwith\\b|\\band\\b)(\\s*)((?:${NAME_WORD} )?${NAME_WORD})\\s*:\\s+(${VALUE}(?:\\s*,\\s*${VALUE}){2,})(?=\\s*(?:\\)|$))`,
    ),
    (m, lead: string, space: string, words: string, list: string) => {
      // "seat class: economy, premium, business, first": one value that could name a column
      // ("premium") does not make the values columns; most of them must.
      // After a word for a kind ("rank: captain, first officer, purser"), they are its values.
      const items = splitValues(list);
      const columns = items.filter((v) => namesColumn(v, table));
      const kind = ENDS_IN_KIND.test(words.trim());
      if (kind && !/@\d+@/.test(m)) {
        const name = fieldName(bare(words), table);
        if (name !== '' && isEntity(name) === undefined) {
          enumText.push(list);
          return `${lead}${space}${mark(name, { type: 'enum', params: { values: choices(list) } })}`;
        }
      }
      return columns.length * 2 >= items.length ? m : pick(m, lead, space, words, list);
    },
  );
  return rest;
}

function eitherType(rest: string, fieldList: FieldList): string {
  const { mark, enumText } = fieldList;
  // "is either in-person or telehealth" with no name: the row's type.
  rest = rest.replace(
    new RegExp(
      `(?:^|\\band\\s+)(?:is|are)\\s+either\\s+(${VALUE}(?:\\s*,\\s*${VALUE})*\\s*,?\\s+or\\s+${VALUE})(?=\\s*(?:[,;.)]|\\band\\b|$))`,
    ),
    (m, list: string) => {
      const values = choices(list);
      if (values.length < 2) return m;
      enumText.push(list);
      return ` ${mark('type', { type: 'enum', params: { values } })}`;
    },
  );
  return rest;
}

function aged(rest: string, fieldList: FieldList): string {
  const { mark } = fieldList;
  // "aged 18 to 65"
  rest = rest.replace(
    new RegExp(`\\baged\\s+(${NUM})\\s*(?:-|to|and)\\s*(${NUM})`, 'g'),
    (_m, a: string, b: string) => mark('age', numericType({ type: 'age' }, Number(a), Number(b))),
  );
  return rest;
}

function dateWindows(rest: string, fieldList: FieldList): string {
  const { table, mark } = fieldList;
  // Date windows after a field phrase, before numeric ranges: `2025-09-01 and 2025-12-19` is no range of numbers.
  for (let guard = 0; guard < 10; guard++) {
    const found = readWindow(rest);
    if (found === undefined) break;
    const before = rest.slice(0, found.index);
    const words = /([a-z][a-z0-9 _-]*)\s*$/.exec(before.split(/[,;(]|\band\b|@\d+@/).pop() ?? '')?.[1] ?? '';
    let name =
      /^\s*(created|updated|placed|registered|joined|published|posted|sent|made|opened|closed|started|ended|finished|completed|submitted|shipped|delivered|paid|booked|reported|detected|logged|recorded|collected|signed|held|scanned|checked|filed|issued|inspected|visited|purchased|ordered|received)\s*$/.test(
        words,
      )
        ? words.trim()
        : fieldName(words, table);
    if (
      /^(signed_up|created|updated|placed|registered|joined|published|posted|sent|made|opened|closed|started|ended|finished|completed|submitted|shipped|delivered|paid|booked|reported|detected|logged|recorded|collected|signed|held|scanned|checked|filed|issued|inspected|visited|purchased|ordered|received)$/.test(
        name,
      )
    )
      name = `${name}_at`;
    const inferred = typeFor(name || 'created_at', table);
    const type = DATE_TYPES.has(inferred.type) ? inferred.type : 'datetime';
    // "year between 2005 and 2025": a year column takes the years as numbers.
    const years = /(^|_)year$/.test(name) && !DATE_TYPES.has(inferred.type);
    const key = years
      ? mark(name, {
          type: 'integer',
          params: {
            min: new Date(found.window.min).getUTCFullYear(),
            max: new Date(found.window.max).getUTCFullYear(),
          },
        })
      : mark(name || 'created_at', { type, params: windowParams(found.window, type) });
    rest = rest.slice(0, found.index - words.length) + key + rest.slice(found.index + found.length);
  }
  return rest;
}

function countedRanges(rest: string, fieldList: FieldList): string {
  const { isEntity, mark } = fieldList;
  // "guest name, 1-14 nights, total price": an item that is a range of a plural counts those things.
  rest = rest.replace(
    new RegExp(
      `(^|[,;(]|\\band\\b|\\bwith\\b)(\\s*)(${NUM})\\s*(?:-|to)\\s*(${NUM})\\s+([a-z]+)(?=\\s*(?:[,;.)]|\\band\\b|$))`,
      'g',
    ),
    (m, lead: string, space: string, a: string, b: string, noun: string) => {
      if (!isPlural(noun) || STOP_WORDS.has(noun) || isEntity(noun) !== undefined) return m;
      const [min, max] = [Math.min(Number(a), Number(b)), Math.max(Number(a), Number(b))];
      return `${lead}${space}${mark(noun, { type: 'integer', params: { min, max } })}`;
    },
  );
  return rest;
}

function numericRanges(rest: string, fieldList: FieldList): string {
  const { table, isEntity, mark } = fieldList;
  // Numeric ranges after a field phrase.
  const rangeRe = new RegExp(
    `\\b([a-z][a-z0-9 _-]{0,40}?)\\s*(?:\\(\\s*)?(?:between|from|of|ranging from|in the range)?\\s*\\$?(${NUM})\\s*(?:-|to|and|–)\\s*\\$?(${NUM})(?:\\s*\\))?(?:\\s+(?:stars|dollars|euros|usd|eur|years|minutes|hours|days|km|kg|tons|percent|%|points))?`,
    'g',
  );
  rest = rest.replace(rangeRe, (m, words: string, a: string, b: string) => {
    const { prefix, nameWords } = splitLead(words);
    const name = fieldName(nameWords.replace(/\b(between|from|of|ranging)\s*$/, ''), table);
    if (name === '' || isEntity(name) !== undefined) return m;
    const min = Math.min(Number(a), Number(b));
    const max = Math.max(Number(a), Number(b));
    return ` ${prefix} ${mark(name, numericType(typeFor(name, table), min, max))}`;
  });
  return rest;
}

function verbFlags(rest: string): string {
  // Parentheses left after the enums were read, and a dash between spaces, end an item too:
  // "(name, salary, job title) - 250 rows". "Has been" is no "has" that opens a list.
  rest = rest.replace(/\b(?:has|have) been\b/g, 'was');
  // "…, is admin, has garage": a yes/no column named with its verb, where an item starts.
  rest = rest.replace(
    /(^|[,;(]|\band\b)\s*(is|has)\s+(?!(?:a|an|the|one|no|many|several|multiple|been|\d+)\b)([a-z]+)\b(?=\s*(?:[,;)]|\band\b|$))/g,
    '$1 $2_$3',
  );
  return rest;
}

/**
 * The field rules, in order. Each reads some columns out of the list's text (enums, ranges, date
 * windows, typed and SQL columns) and leaves a key for each in its place, so that their commas and
 * "and"s are not read as separators; the items left are then read one by one (readItem).
 */
const FIELD_RULES: readonly { name: string; read: (rest: string, fieldList: FieldList) => string }[] = [
  // "cols: title, …", "keyed by vessel and port", "(unique pair)", "linking the two", "sauna (bool)"
  { name: 'words that open or remark on the list', read: openList },
  // "device id (uuid)", "payload json", "firmware version (semver)"
  { name: 'a type written after the name', read: writtenTypes },
  // "gross_pay decimal, tower_id uuid pk, currency char(3)"
  { name: 'columns written as SQL', read: sqlColumns },
  // "employee code (EMP-xxxxxx)"
  { name: 'a code pattern', read: codePatterns },
  // "session id / sku / qty (1-10) / unit price", "full name / dob / blood type", "length/width/height in cm"
  { name: 'columns separated by slashes', read: slashLists },
  // "each owning 1-3 accounts"
  { name: "ranges of another table's rows", read: rangesOfOtherRows },
  // "temperature (°C)", "delivery time (minutes)", "salary (USD)"
  { name: 'units in parentheses', read: unitsInParens },
  // "size (s, m, l)", "room type (single/double)"
  { name: 'values in parentheses', read: parenthesisedEnums },
  // "status pending, paid or shipped", "priority: low/medium/high"
  { name: 'values after a word for a kind', read: enumKeys },
  // "(title, duration, track: web, data, mobile)"
  { name: 'a colon list to the closing parenthesis', read: colonLists },
  // "vegetarian yes/no", "active (y/n)"
  { name: 'yes or no', read: yesNo },
  // "level one of A1, A2, B1"
  { name: 'one of', read: oneOf },
  // "with like, love, laugh or angry"
  { name: 'choices that name the type', read: tableType },
  // "outcome resolved, escalated or dropped", "fruit one of apple, pear or plum"
  { name: 'choices joined by or', read: orChoices },
  // "rating g/pg/pg-13/r"
  { name: 'choices joined by slashes', read: slashChoices },
  // "seat class: economy, premium, business, first", "rank: captain, first officer, purser"
  { name: 'a colon list closing the list', read: closingColonList },
  // "is either in-person or telehealth"
  { name: 'either, with no name', read: eitherType },
  // "aged 18 to 65"
  { name: 'aged', read: aged },
  // "enrolled between 2025-09-01 and 2025-12-19", "year between 2005 and 2025"
  { name: 'date windows', read: dateWindows },
  // "guest name, 1-14 nights, total price"
  { name: 'a range of a plural', read: countedRanges },
  // "price between 10 and 200", "rating from 1 to 5 stars", "age 0-20"
  { name: 'numeric ranges', read: numericRanges },
  // "has been", "…, is admin, has garage"
  { name: 'yes/no columns named with their verb', read: verbFlags },
];

/** Parses a field list for `table`; `isEntity` tells which words name tables (those become refs). */
export function parseFields(
  text: string,
  table: string,
  isEntity: (phrase: string) => string | undefined,
): { fields: PromptField[]; refs: string[]; enumText: string[] } {
  const specials = new Map<string, Special>();
  const enumText: string[] = [];
  const mark = (name: string, inferred: Inferred) => {
    const key = `@${specials.size}@`;
    specials.set(key, { name, inferred });
    return ` ${key} `;
  };
  const fieldList: FieldList = { table, isEntity, enumText, mark };
  let rest = ` ${text} `;
  for (const rule of FIELD_RULES) rest = rule.read(rest, fieldList);
  const { fields, refs } = readItems(rest, fieldList, specials);
  yesNoChoicesAsFlags(fields);
  timesBesideADay(fields);
  return { fields, refs, enumText };
}

/** Splits what the rules left into items and reads each (a key left by a rule is its column). */
function readItems(
  rest: string,
  fieldList: FieldList,
  specials: Map<string, Special>,
): { fields: PromptField[]; refs: string[] } {
  const fields: PromptField[] = [];
  const refs: string[] = [];
  const seen = new Set<string>();
  const push = (field: PromptField) => {
    if (seen.has(field.name) || field.name === '' || field.name === 'id') return;
    // "a table linking them" names a table, not a column.
    // ("table number" at a wedding or in a restaurant is a column.)
    if (/^table_(?!(?:number|no|num|name|size|count|seats|capacity)$)|_(them|both)$/.test(field.name)) return;
    // "…, one recipe have …": a determiner left before the next table's name is no column.
    if (/^(one|each|every|some|any|all|both|other|another|several|many)$/.test(field.name)) return;
    // "one per employee per run": what is left of a phrase about rows per other rows is no column.
    if (/(^|_)(per|each)$/.test(field.name)) return;
    seen.add(field.name);
    fields.push(field);
  };
  for (const raw of rest.split(
    /\s*(?:,|;|\band\b|\bplus\b|\bas well as\b|&|\bwith\b|\bhas\b|\bhave\b|\bhaving\b|[():]|\s-\s)\s*/,
  )) {
    readItem(raw.trim(), fieldList, specials, push, refs);
  }
  return { fields, refs };
}

/** Reads one item of the list: a key left by a rule, a described column, a flag, a time stamp, a ref or a name. */
function readItem(
  item: string,
  fieldList: FieldList,
  specials: Map<string, Special>,
  push: (field: PromptField) => void,
  refs: string[],
): void {
  const { table, isEntity } = fieldList;
  if (item === '') return;
  const keys = item.match(/@\d+@/g);
  if (keys !== null) {
    for (const key of keys) {
      const special = specials.get(key) as Special;
      push({
        name: special.name,
        type: special.inferred.type,
        ...(special.inferred.params ? { params: special.inferred.params } : {}),
      });
    }
    return;
  }
  const described = describedColumn(item);
  if (described !== undefined) {
    const name = fieldName(described.words, table);
    if (name !== '' && isEntity(name) === undefined)
      push(
        described.type === undefined
          ? { name, type: typeFor(name, table).type }
          : { name, type: described.type },
      );
    return;
  }
  // "is late?", "vegetarian?", "a wheelchair accessible? flag", "whether it was approved": yes/no.
  // ("whether the queen was seen": the queen's, named by both words, unless the queen is the row.)
  const thing = /^whether\s+the\s+([a-z]+)\s+(?:was|is|were|are|has been|gets)\s+([a-z]+)$/.exec(item);
  const ownWords =
    thing !== null && singular(thing[1]!) !== singular(table.split('_').pop() ?? table)
      ? `${thing[1]} ${thing[2]}`
      : undefined;
  const whether =
    /^whether\s+(?:it|they|the\s+[a-z]+)\s+(?:was|is|were|are|has been|gets)\s+([a-z]+)$/.exec(item) ??
    // "whether they passed", "whether extra insurance was taken": the deed, or the thing had.
    /^whether\s+(?:it|they|he|she|the\s+[a-z]+)\s+([a-z]+ed)$/.exec(item) ??
    /^whether\s+(?!it\b|they\b|the\b)([a-z]+(?:\s+[a-z]+)?)\s+(?:was|is|were|are)\s+[a-z]+$/.exec(item) ??
    // "approved flag", "success bool", "balcony bool"
    /^(?:an?\s+)?([a-z][a-z_ ]*?)\s+(?:flag|bool|boolean)(?:\s+(?:column|field))?$/.exec(item);
  if (/\?(\s+flag)?$/.test(item) || ownWords !== undefined || whether !== null) {
    const words =
      ownWords ??
      whether?.[1] ??
      item
        .replace(/^(?:a|an|the)\s+/, '')
        .replace(/^(?:is|has|was|can|does)\s+/, '')
        .replace(/\?(\s+flag)?$/, '');
    // "whether it was opened": a participle the relation reader treats as a stop word still names it.
    const name = fieldName(words, table) || (whether === null ? '' : snake(words));
    if (name !== '' && isEntity(name) === undefined) push({ name, type: 'boolean' });
    return;
  }
  // "…, created": a lone participle of a row's life is its time stamp.
  const stamp =
    /^(created|updated|modified|deleted|registered|published|posted|submitted|started|ended|finished|opened|closed|resolved|expired|requested|reported)$/.exec(
      item,
    );
  if (stamp !== null) {
    // (An email "opened" or not: the table decides.)
    if (typeFor(stamp[1]!, table).type === 'boolean') push({ name: stamp[1]!, type: 'boolean' });
    else push({ name: `${stamp[1]}_at`, type: 'datetime' });
    return;
  }
  if (/^(?:(?:a|an|the|its|their)\s+)*[a-z]+\s+(at|on)$/.test(item)) {
    const name = fieldName(item, table);
    push({ name, type: typeFor(name, table).type });
    return;
  }
  const words = stripLead(ownColumnOf(item).split(/\s+/));
  if (words.length === 0 || words.length > 4) return;
  // "… and an alert table": the next table named outright, no reference of this one.
  if (words.length > 1 && words.at(-1) === 'table') return;
  const phrase = words.join(' ');
  // "kennel_id", "kennel id": the key of a table named in the prompt is a reference to it.
  const keyOf = /^([a-z][a-z_ ]*?)[_ ]id$/.exec(phrase)?.[1];
  const keyed = keyOf === undefined ? undefined : isEntity(keyOf);
  if (keyed !== undefined) {
    refs.push(keyed);
    return;
  }
  const entity = isEntity(phrase) ?? isEntity(words[words.length - 1] as string);
  if (entity !== undefined) {
    refs.push(entity);
    return;
  }
  let name = fieldName(phrase, table);
  if (name === '' || /^\d/.test(name)) return;
  if (
    typeFromName(name, 'any', table) === undefined &&
    singular(name) !== name &&
    typeFromName(singular(name), 'any', table) !== undefined
  ) {
    name = singular(name);
  }
  const inferred = typeFor(name, table);
  const field: PromptField = { name, type: inferred.type };
  if (inferred.params !== undefined) field.params = inferred.params;
  push(field);
}

// "vegetarian yes/no": a choice between yes and no is a boolean.
function yesNoChoicesAsFlags(fields: PromptField[]): void {
  for (const [i, field] of fields.entries()) {
    const values = (field.params?.['values'] as unknown[] | undefined)?.map((v) => String(v).toLowerCase());
    if (
      field.type === 'enum' &&
      values?.length === 2 &&
      values.every((v) => /^(yes|no|true|false|y|n)$/.test(v))
    )
      fields[i] = { name: field.name, type: 'boolean' };
  }
}

// "date, start time, end time", "weekday, start time": beside the day, a start or end is a time of day.
function timesBesideADay(fields: PromptField[]): void {
  if (
    fields.some((f) => /^(date|day|weekday|day_of_week|[a-z]+_date)$/.test(f.name) && f.type !== 'datetime')
  )
    for (const [i, field] of fields.entries())
      if (field.type === 'datetime' && /^(start|end|begin|finish|opening|closing)_time$/.test(field.name))
        fields[i] = { name: field.name, type: 'time' };
}
