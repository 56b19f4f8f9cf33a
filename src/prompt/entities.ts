/**
 * Entities of a prompt: counted nouns ("200 users", "1 to 5 line items per order"), nouns with a count
 * after them ("customers (300)", "German customers, 100 of them"), table headers ("users: ...",
 * "table products (...)") and, as a last resort, the first plural noun.
 */
import {
  ADJECTIVES,
  ARRANGED,
  COLLECTION_WORDS,
  KIND_WORDS,
  LOCALE_WORD_SET,
  MONTH_WORDS,
  RECORD_WORDS,
  UNCOUNTABLE,
  ROW_WORDS,
  STOP_WORDS,
  UNITS,
} from './lexicon.js';
import { typeFromName } from '../detect/naming.js';
import { isKnownThing, knownByName, knownEntity } from './knowledge.js';
import { isPluralNoun, spacedDash, type Word } from './reader.js';
import { isPlural, keyOfWords, nounsOfVerb, plural, singular, snake } from './text.js';

/** A table the prompt talks about. */
export interface Entity {
  /** Table name: plural snake case (`order_items`). */
  name: string;
  /** Singular key (`order_item`), how relations find it. */
  key: string;
  count?: number;
  /** A range "5 to 10 employees per company": children per parent, parent found later. */
  perParent?: { min: number; max: number; parent?: string; at: number };
  /** Where it is first mentioned, and where its own text ends. */
  at: number;
  end: number;
  /** Named in one snake_case word (`playlist_tracks`): another table is no tail of it ("tracks"). */
  written?: boolean;
  /** One row for each pair of two other tables' rows ("one vote per owner and proposal"). */
  onePerPair?: boolean;
  /** Named by the words before a column list only, nothing else naming a table (a warning says so). */
  guessed?: boolean;
}

/** One token of the normalized prompt. */
export interface Token {
  text: string;
  at: number;
  kind: 'word' | 'number' | 'punct';
}

/** Where the tagger read a verb: the text positions of its verbs. */
function verbPositions(words: readonly Word[]): Set<number> {
  return new Set(words.filter((w) => w.pos === 'VERB').map((w) => w.at));
}

/** Splits normalized text into words, numbers and punctuation. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const re = /((?<![a-z0-9])-?\d+(?:\.\d+)?)|([a-z][a-z0-9_'-]*[a-z0-9]|[a-z])|([^\sa-z0-9])/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const kind = m[1] !== undefined ? 'number' : m[2] !== undefined ? 'word' : 'punct';
    tokens.push({ text: m[0], at: m.index, kind });
  }
  return tokens;
}

function isNounWord(word: string): boolean {
  return (
    !STOP_WORDS.has(word) &&
    !/^(aged|named|called|where|what|how|generate|create|make|give|need|want|pls|plz|please|thx|thanks|asap)$/.test(
      word,
    )
  );
}

/** The noun phrase starting at token `i` (adjectives skipped): `inventory items` → `inventory_item`. */
export function nounAt(
  tokens: Token[],
  i: number,
  allowSingular: boolean,
  verbs: ReadonlySet<number> = new Set(),
): { key: string; next: number; first: number } | undefined {
  const run: string[] = [];
  const positions: number[] = [];
  let j = i;
  while (j < tokens.length && run.length < 4) {
    const t = tokens[j] as Token;
    if (t.kind !== 'word' || !isNounWord(t.text)) break;
    // "customers review restaurants": the tagger's verb ends the noun.
    if (run.length > 0 && verbs.has(t.at) && tokens[j + 1]?.kind === 'word' && isPlural(tokens[j + 1]!.text))
      break;
    // "test drives", "home visits": a word stays where the knowledge base knows the two words as one name.
    const next = tokens[j + 1];
    const named =
      next?.kind === 'word' && knownByName(snake(`${t.text} ${singular(next.text)}`)) !== undefined;
    if (run.length === 0 && !named && (ADJECTIVES.has(t.text) || LOCALE_WORD_SET.has(t.text))) {
      j++;
      continue;
    }
    run.push(t.text);
    positions.push(j);
    j++;
  }
  if (run.length === 0) return undefined;
  // The head is the last plural word of the run ("customers with" → customers, "order items" → items).
  let headIndex = run.length - 1;
  while (headIndex > 0 && !isPlural(run[headIndex] as string)) headIndex--;
  // "1 fitness tracker": counted one, the head is the last word.
  if (allowSingular && !isPlural(run[headIndex] as string)) headIndex = run.length - 1;
  const head = run[headIndex] as string;
  if (!isPlural(head) && !allowSingular) return undefined;
  if (UNITS.has(head) && headIndex === 0) return undefined;
  const modifier = headIndex > 0 ? run[headIndex - 1] : undefined;
  // "800 profile rows": the rows are profiles; "2,000 service records" stay service records.
  if (modifier !== undefined && (ROW_WORDS.has(head) || RECORD_WORDS.has(head))) {
    const key = ROW_WORDS.has(head) ? singular(modifier) : `${modifier}_${singular(head)}`;
    return {
      key: snake(key),
      next: (positions[headIndex] as number) + 1,
      first: positions[headIndex - 1] as number,
    };
  }
  const words =
    modifier !== undefined && !ADJECTIVES.has(modifier) && !LOCALE_WORD_SET.has(modifier)
      ? [modifier, singular(head)]
      : [singular(head)];
  return {
    key: snake(words.join(' ')),
    next: (positions[headIndex] as number) + 1,
    first: positions[words.length === 2 ? headIndex - 1 : headIndex] as number,
  };
}

/** Registry of entities by singular key; `find` matches singular, plural and compound tails. */
export class Entities {
  readonly list: Entity[] = [];

  find(phrase: string, tails = true): Entity | undefined {
    const key = snake(phrase);
    const single = singular(key.split('_').pop() ?? key);
    const joined = keyOfWords(key);
    return (
      this.list.find((e) => e.key === joined || e.name === key) ??
      this.list.find((e) => e.key === single) ??
      // ("permissions" is no table named role_permissions outright.)
      (tails
        ? this.list.find(
            (e) => e.key.endsWith(`_${single}`) && key.split('_').length === 1 && e.written !== true,
          )
        : undefined)
    );
  }

  /** The entity of `key`, or a new one; `exact` matches the whole key only (a table named outright). */
  add(key: string, at: number, exact = false): Entity {
    const found = exact ? this.list.find((e) => e.key === key) : this.find(key);
    const existing = found?.written === true && found.key !== key && found.name !== key ? undefined : found;
    if (existing !== undefined) return existing;
    const words = key.split('_');
    const last = words.pop() as string;
    const entity: Entity = { name: [...words, plural(last)].join('_'), key, at, end: at };
    this.list.push(entity);
    return entity;
  }
}

/**
 * Counted mentions, ranges per parent and counts written after the noun. Returns where the numbers
 * stand that count no noun after them (token indices), for findBareCounts once every table is found.
 */
export function findEntities(
  text: string,
  tokens: Token[],
  entities: Entities,
  titles: readonly { from: number; to: number }[] = [],
): number[] {
  const bareCounts: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.kind !== 'number') continue;
    // "City 311 requests: 4,000 service requests": a number in a title counts nothing.
    if (titles.some((title) => t.at >= title.from && t.at < title.to)) continue;
    const n = Number(t.text);
    const prev = tokens[i - 1];
    const prev2 = tokens[i - 2];
    // "1 or 2 policies each": a range too.
    const isRangeEnd =
      (prev?.text === 'to' || prev?.text === '-' || prev?.text === 'and' || prev?.text === 'or') &&
      prev2?.kind === 'number';
    const next = tokens[i + 1];
    if (
      next?.kind === 'number' ||
      next?.text === '%' ||
      (next?.text === '-' && tokens[i + 2]?.kind === 'number') ||
      next?.text === 'to' ||
      (next?.text === 'or' && tokens[i + 2]?.kind === 'number') ||
      (next?.text === 'and' && tokens[i + 2]?.kind === 'number')
    )
      continue;
    // "200 customer from Italy", "need 45 greenhouse": a singular after a count above one still
    // names the rows, where the word names no column ("10 minute", "3 bedroom" do not count rows).
    const loose = n > 1 ? nounAt(tokens, i + 1, true) : undefined;
    // After a range only a thing the knowledge base knows ("4 to 12 ingredient"; "30 to 150 baht" is money).
    const looseKnown = loose !== undefined && (!isRangeEnd || knownEntity(loose.key) !== undefined);
    const noun =
      nounAt(tokens, i + 1, n === 1) ??
      (loose !== undefined &&
      looseKnown &&
      !loose.key.includes('_') &&
      // ("100x" is a magnification, no row of an "x".)
      loose.key.length > 2 &&
      !isPlural(loose.key) &&
      !UNITS.has(loose.key) &&
      !UNITS.has(plural(loose.key)) &&
      // ("200 customer": a thing the knowledge base knows names rows, though a column could be named so.)
      (typeFromName(loose.key, 'any', '') === undefined || knownEntity(loose.key)?.key === loose.key) &&
      (tokens[loose.next] === undefined ||
        tokens[loose.next]!.kind === 'punct' ||
        /^(from|for|in|with|and|of|each|per|at)$/.test(tokens[loose.next]!.text))
        ? loose
        : undefined);
    // "Conference attendees in Italy, 500 people: …": a count of people after a table, set off by a
    // comma, is that table's.
    // "tickets 500 units": or right after the table's name ("500 pieces" is counted below: pieces are
    // units of measure, no noun).
    if (
      noun !== undefined &&
      /^(person|people|row|record|entry|item|unit|instance)$/.test(noun.key) &&
      (prev?.text === ',' ||
        (prev?.kind === 'word' && isPlural(prev.text) && entities.find(prev.text) !== undefined))
    ) {
      const clause = text.slice(0, t.at).split(/[.;]/).pop() ?? '';
      const owner = [...entities.list]
        .reverse()
        .find((e) => e.at >= 0 && e.at < t.at && e.count === undefined && t.at - e.at <= clause.length);
      if (owner !== undefined && !/\b(with|has|have|each|per)\b/.test(text.slice(owner.at, t.at))) {
        owner.count = n;
        continue;
      }
    }
    // "a match is between two teams", "links 2 users": how many a row joins, no count of rows.
    if (
      n === 2 &&
      /^(between|links|linking|joins|joining|connects|connecting|pairs|pairing)$/.test(prev?.text ?? '')
    )
      continue;
    // "300 rows of tickets", "…, 300 records": a word for rows names no table; the count is read once
    // every table is found (findRowCounts).
    if (noun !== undefined && ROW_COUNT_WORDS.test(noun.key)) continue;
    if (noun !== undefined && Number.isInteger(n) && n > 0) {
      const entity = entities.add(noun.key, t.at);
      // "Helpdesk tickets + replies. 400 tickets: …": counted by its head alone, a table named first
      // with a word before it is named by the head, unless that word is another table's ("order
      // items") or the two words are one known name ("test drives").
      const modifier = entity.key.endsWith(`_${noun.key}`)
        ? entity.key.slice(0, -noun.key.length - 1)
        : undefined;
      if (
        modifier !== undefined &&
        !noun.key.includes('_') &&
        !modifier.includes('_') &&
        entity.written !== true &&
        entity.at < t.at &&
        entities.find(modifier, false) === undefined &&
        knownByName(entity.key) === undefined
      ) {
        entity.key = noun.key;
        entity.name = plural(noun.key);
      }
      countOrPerParent(
        text,
        tokens,
        entities,
        { entity, noun, t, n },
        isRangeEnd ? Number((prev2 as Token).text) : undefined,
      );
      continue;
    }
    // A bare number counts the table before it; read once every table is found (findBareCounts).
    if (!isRangeEnd && Number.isInteger(n) && n > 0) bareCounts.push(i);
  }
  return bareCounts;
}

/**
 * A counted table's count, or its rows per parent: "5 to 10 employees" (a range, `low` its start),
 * "10 questions per quiz", "homes, each with 5 devices", "each quiz has 10 questions", "60 mood logs each".
 */
function countOrPerParent(
  text: string,
  tokens: Token[],
  entities: Entities,
  counted: { entity: Entity; noun: { key: string; next: number }; t: Token; n: number },
  low: number | undefined,
): void {
  const { entity, noun, t, n } = counted;
  if (low !== undefined) {
    entity.perParent = { min: Math.min(low, n), max: Math.max(low, n), at: t.at };
  } else if (
    /^\s*(per|for each|for every)\b/.test(
      text.slice((tokens[noun.next - 1] as Token).at + (tokens[noun.next - 1] as Token).text.length),
    )
  ) {
    entity.perParent = { min: n, max: n, at: t.at };
  } else if (
    (/\bfor (each|every) [a-z]+\s*$/.test(text.slice(Math.max(0, t.at - 40), t.at).trim() + ' ') &&
      entities.list.length > 1) ||
    // "stations …, each reporting 24 measurements", "homes, each with 5 devices"
    (/\b(each|every one|each one)\s+(?:[a-z]+ing|with|has|have|having|gets|holds|contains|owns)\s*$/.test(
      text.slice(Math.max(0, t.at - 40), t.at),
    ) &&
      entities.list.some((e) => e.at < t.at && e.key !== noun.key)) ||
    // "each quiz has 10 questions", "each garage 200 spots": a table's every row has that many.
    eachOwner(text.slice(Math.max(0, t.at - 40), t.at), entities, noun.key) ||
    // "50 users, 60 mood logs each": that many for each row of a table named before.
    (/^\s*each\s*(?:[,.;:)]|and\b|$)/.test(
      text.slice((tokens[noun.next - 1] as Token).at + (tokens[noun.next - 1] as Token).text.length),
    ) &&
      entities.list.some((e) => e.at >= 0 && e.at < t.at && e.key !== noun.key))
  ) {
    entity.perParent = { min: n, max: n, at: t.at };
  } else if (entity.count === undefined) entity.count = n;
}

/** The table named nearest before position `at` of those `which` picks. */
function nearestBefore(entities: Entities, at: number, which: (e: Entity) => boolean): Entity | undefined {
  let best: Entity | undefined;
  for (const e of entities.list)
    if (e.at < at && which(e) && (best === undefined || e.at > best.at)) best = e;
  return best;
}

/** Words after which a number from 1900 to 2100 is a year: "in 2024", "until jun 2024". */
const BEFORE_A_YEAR = new RegExp(
  String.raw`^(?:in|since|from|during|after|before|until|by|of|to|${MONTH_WORDS})$`,
);

/**
 * Numbers that count no noun after them, read once every table is found: "customers (300)", "users,
 * 70,", "likes - 80000 of them", "45 rows", "tickets - 300 - subject": each counts the last table
 * before it that has no count yet.
 */
export function findBareCounts(
  text: string,
  tokens: Token[],
  entities: Entities,
  bareCounts: readonly number[],
): void {
  for (const i of bareCounts) {
    const t = tokens[i]!;
    const n = Number(t.text);
    const prev = tokens[i - 1];
    // "issued in 2024", "until jun 2024": a year, not a count.
    if (BEFORE_A_YEAR.test(prev?.text ?? '') && n >= 1900 && n <= 2100) continue;
    const after = text.slice(t.at + t.text.length, t.at + t.text.length + 12);
    const before = text.slice(Math.max(0, t.at - 30), t.at);
    // "connecting the two": the two tables named, no count.
    if (prev?.text === 'the') continue;
    // "currency char(3)", "price decimal(10, 2)": a SQL type's length.
    if (/\b(?:(?:var|n)?char|varchar2|decimal|numeric|float|int)\s*\(\s*(?:\d+\s*,\s*)?$/.test(before))
      continue;
    // The table named nearest before the number (tables are found in any order).
    let target = nearestBefore(entities, t.at, (e) => e.count === undefined && e.perParent === undefined);
    // "interviews for placements, 640 of them": the phrase's head is counted, not what it is for.
    const head = target === undefined ? undefined : nearestBefore(entities, target.at, (e) => e.at >= 0);
    // (A count in parentheses right after a table is that table's: "reviews of books (200)".)
    if (
      head !== undefined &&
      head.count === undefined &&
      head.perParent === undefined &&
      !/^[a-z_ ]+\(\s*$/.test(text.slice(target!.at, t.at)) &&
      /^[a-z_ ]+ (?:for|of|from|in|at|on|about)(?: [a-z]+)? $/.test(text.slice(head.at, target!.at))
    )
      target = head;
    if (
      target !== undefined &&
      // ("20 rows per invoice" is how many each invoice has.)
      (/^\s*(\)|,|of them|(?:rows|records|entries)(?!\s+(?:per|each|for)\b)|pieces|pcs|total|in total|in all|altogether|overall|$)/.test(
        text.slice(t.at + t.text.length, t.at + t.text.length + 24),
      ) ||
        // "tickets - 300 - subject, …": set off by dashes; "… priority. Need 300.": asked for alone.
        (/-\s*$/.test(before) && /^\s*-/.test(after)) ||
        (/\b(?:need|want|make|generate|create|give me)\s*$/.test(before) && /^\s*([.;!]|$)/.test(after)) ||
        /\b(maybe|about|around|roughly)\s*$/.test(before) ||
        // "ski passes: 800."
        (/:\s*$/.test(before) && /^\s*([.;!]|$)/.test(after)))
    ) {
      target.count = n;
    }
  }
}

/** Words for rows that count the rows of a table and name none ("300 records", "300 rows of tickets"). */
const ROW_COUNT_WORDS = /^(row|record|entry)$/;

/**
 * Counts by a word for rows, read once every table is found: "300 rows of tickets" (the table after
 * "of"), "tickets with subject — 300 records" (the last table before without a count), "300 of them:
 * tickets …" (the first table after, where none comes before).
 */
export function findRowCounts(tokens: Token[], entities: Entities): void {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const n = Number(t.text);
    if (t.kind !== 'number' || !Number.isInteger(n) || n <= 0) continue;
    const next = tokens[i + 1];
    // ("20 rows per invoice" counts rows per parent, read with the entities.)
    if (
      next?.kind === 'word' &&
      ROW_COUNT_WORDS.test(singular(next.text)) &&
      !/^(per|each|for)$/.test(tokens[i + 2]?.text ?? '')
    ) {
      const of = tokens[i + 2]?.text === 'of' ? nounAt(tokens, i + 3, false) : undefined;
      const target =
        of !== undefined
          ? entities.find(of.key)
          : [...entities.list].reverse().find((e) => e.count === undefined && e.at >= 0 && e.at < t.at);
      if (target !== undefined) target.count ??= n;
    } else if (next?.text === 'of' && tokens[i + 2]?.text === 'them') {
      if (entities.list.some((e) => e.at >= 0 && e.at < t.at)) continue;
      const first = entities.list.filter((e) => e.at > t.at).sort((a, b) => a.at - b.at)[0];
      if (first !== undefined) first.count ??= n;
    }
  }
}

/** Whether the words before a count say it is each row's of a table: "each quiz has", "every garage". */
function eachOwner(before: string, entities: Entities, child: string): boolean {
  const m =
    /\b(?:each|every)\s+([a-z]+)(?:\s+[a-z]+)?\s+(?:has|have|with|gets|holds|contains|owns|having|[a-z]+ing)(?:\s+(?:exactly|precisely))?\s*$/.exec(
      before,
    ) ?? /\b(?:each|every)\s+([a-z]+)\s*$/.exec(before);
  const owner = m === null ? undefined : entities.find(m[1]!);
  return owner !== undefined && owner.key !== child;
}

/** "rooms in each building (between 5 and 60)": a range in parentheses after "Ys in each X" is Ys per X. */
export function findRangesPerParent(text: string, entities: Entities): void {
  const re =
    /\b([a-z]+)\s+(?:in|per|for|of|on)\s+(?:(?:each|every|a|an)\s+)?[a-z]+\s*\(\s*(?:between\s+|from\s+)?(\d+)\s*(?:and|to|-|–)\s*(\d+)\s*(?:each\s*)?\)/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const entity = entities.find(m[1] as string);
    if (entity === undefined || entity.perParent !== undefined) continue;
    const [a, b] = [Number(m[2]), Number(m[3])];
    entity.perParent = { min: Math.min(a, b), max: Math.max(a, b), at: m.index };
  }
  // "their cards (1-3 each)": a range in parentheses right after a table, each of its parent's.
  const each = /\b([a-z]+)\s*\(\s*(\d+)\s*(?:-|to|–)\s*(\d+)\s*(?:each|apiece)\s*\)/g;
  for (let m = each.exec(text); m !== null; m = each.exec(text)) {
    // "hearings per case (1 to 5 each)": the range is the hearings', read above.
    if (/\b(?:per|each|every|in)\s+$/.test(text.slice(Math.max(0, m.index - 12), m.index))) continue;
    const entity = entities.find(m[1] as string);
    if (entity === undefined || entity.perParent !== undefined) continue;
    const [a, b] = [Number(m[2]), Number(m[3])];
    entity.perParent = { min: Math.min(a, b), max: Math.max(a, b), at: m.index };
  }
  // "claims filed against policies, between 0 and 3 per policy", "payslips, exactly 12 per worker": a
  // bare range or number per a parent counts the rows of the table the clause is about.
  const bare =
    /\b(?:between\s+)?(\d+)(?:\s*(?:and|to|-|–)\s*(\d+))?\s+(?:per|for each|for every|in each)\s+([a-z]+)/g;
  for (let m = bare.exec(text); m !== null; m = bare.exec(text)) {
    const parent = entities.find(m[3] as string);
    const child = nearestBefore(entities, m.index, (e) => e !== parent && e.at >= 0);
    if (parent === undefined || child === undefined || child.perParent !== undefined) continue;
    // One number ("exactly 12 per worker") counts rows only where no count was stated and no sum of
    // money or measure comes before it ("a price of 60 per hour", "trainers earn 40 per session").
    if (
      m[2] === undefined &&
      (child.count !== undefined ||
        /\b(?:price|prices|fee|fees|cost|costs|rate|rates|of|at|earn|earns|charge|charges|pay|pays|paid|\$|€|£)\s*$/.test(
          text.slice(Math.max(0, m.index - 20), m.index),
        ))
    )
      continue;
    const [a, b] = [Number(m[1]), Number(m[2] ?? m[1])];
    child.perParent = { min: Math.min(a, b), max: Math.max(a, b), parent: parent.key, at: m.index };
  }
}

/** Plural nouns followed by a count or a field list: "customers (300)", "users: id, email", "table products (...)". */
export function findHeaders(
  text: string,
  tokens: Token[],
  entities: Entities,
  titles: readonly { from: number; to: number }[] = [],
  tagged: readonly Word[] = [],
): void {
  // "auditors audit units:": a word the tagger reads as a verb is no part of the header's noun.
  const verbs = verbPositions(tagged);
  const patterns = [
    /\btable\s+([a-z_]+)\s*[(:]/g,
    /(?:^|[.;]\s*)([a-z][a-z ]{0,30}?)\s*:\s*(?![^.;]*\d+\s+[a-z])/g,
    // "EV charging sessions - station id, …": a heading set off by a spaced dash, then its columns.
    /(?:^|[.;]\s*)([a-z][a-z ]{0,30}?)\s+-\s+(?=[^.;]*,[^.;]*,)(?![^.;]*\d+\s+[a-z])/g,
    /\b([a-z]+)\s*\(\s*\d+\s*\)/g,
    /\b([a-z]+),\s*\d+\s*(?:,|of them)/g,
  ];
  for (const re of patterns) {
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      const at = m.index + m[0].indexOf(m[1] as string);
      if (titles.some((title) => at >= title.from && at < title.to)) continue;
      const words = (m[1] as string).trim().split(/\s+/);
      const head = words.at(-1);
      if (head === undefined || !isPlural(head) || UNITS.has(head) || STOP_WORDS.has(head)) continue;
      const tokenIndex = tokens.findIndex((t) => t.at >= m!.index + m![0].indexOf(head));
      let first = Math.max(0, tokenIndex - (words.length - 1));
      // Only after its subject: "open houses:" and "charging sessions:" are names, not clauses.
      for (let k = first + 1; k < tokenIndex; k++)
        if (verbs.has(tokens[k]!.at) && isPlural(tokens[k - 1]?.text ?? '')) first = k + 1;
      const noun = nounAt(tokens, first, false);
      if (noun !== undefined) entities.add(noun.key, m.index);
    }
  }
}

/** Words before "data" or "table" that say what the data is for, not what it is of ("seed data"). */
const DATA_ABOUT = /^(seed|test|sample|mock|fake|dummy|synthetic|example|demo|fixture|testing)$/;

/** Last resort: the first plural noun of the prompt ("some fake users for testing"). */
export function findFirstNoun(tokens: Token[], entities: Entities, words: readonly Word[] = []): void {
  if (entities.list.length > 0) return;
  // "a greenhouse table", "some greenhouse data", "a greenhouse dataset, 45 rows": the noun before a
  // word for a table names it, where no plural names the rows ("a budget dataset: just expenses").
  const plurals = tokens.some(
    (t) => t.kind === 'word' && isPlural(t.text) && isNounWord(t.text) && !ROW_WORDS.has(t.text),
  );
  for (let i = 1; i < tokens.length && !plurals; i++) {
    const before = tokens[i - 1]!;
    if (
      /^(table|dataset|data|sheet|spreadsheet)$/.test(tokens[i]!.text) &&
      before.kind === 'word' &&
      isNounWord(before.text) &&
      !STOP_WORDS.has(before.text) &&
      !ROW_WORDS.has(before.text) &&
      !DATA_ABOUT.test(before.text) &&
      !/^(some|my|our|your|this|that|the|a|an)$/.test(before.text)
    ) {
      const entity = entities.add(singular(before.text), before.at);
      const count = tokens.slice(i + 1).find((x) => x.kind === 'number');
      if (count !== undefined && Number.isInteger(Number(count.text)) && Number(count.text) > 0)
        entity.count ??= Number(count.text);
      return;
    }
  }
  const verbs = verbPositions(words);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.kind !== 'word' || !isPlural(t.text) || !isNounWord(t.text) || ADJECTIVES.has(t.text)) continue;
    // "give me leave requests": a noun the tagger reads before the plural is part of its name.
    const before = tokens[i - 1];
    // "seed data for listings", "demo data": data about the data names no table.
    if (ROW_WORDS.has(t.text) && DATA_ABOUT.test(before?.text ?? '')) continue;
    // ("EV charging stations": a gerund there too, which the tagger may read as a verb.)
    const modifier =
      before?.kind === 'word' &&
      isNounWord(before.text) &&
      (words.find((w) => w.at === before.at && w.text === before.text)?.pos === 'NOUN' ||
        (/[a-z]{3}ing$/.test(before.text) && (i === 1 || tokens[i - 2]?.kind === 'word')));
    const noun = nounAt(tokens, modifier ? i - 1 : i, false, verbs);
    if (noun !== undefined) {
      const entity = entities.add(noun.key, t.at);
      // "maybe 25", "45 rows", "(300)": the count written somewhere after the noun.
      const count = tokens
        .slice(noun.next)
        .find(
          (x, k, rest) =>
            x.kind === 'number' &&
            !/^(to|-|and|%)$/.test(rest[k + 1]?.text ?? '') &&
            !/^(to|-|between|from)$/.test(rest[k - 1]?.text ?? ''),
        );
      if (count !== undefined && Number.isInteger(Number(count.text)) && Number(count.text) > 0)
        entity.count = Number(count.text);
      return;
    }
  }
}

/** Words after "per"/"each" that name a time or a measure, not a table ("per day", "each month"). */
const NOT_OBJECTS = new RegExp(
  String.raw`^(?:${MONTH_WORDS}|monday|tuesday|wednesday|thursday|friday|saturday|sunday|day|week|month|year|hour|minute|second|time|night|quarter|row|record|entry|item|one|other|kind|type|unit|person|serving|kg|km|mile|use|side|way|step|part|line|level|round|page)$`,
);
/** Relation words whose object is a table: "5-15 per supplier", "each trip has", "lent to a member". */
const OBJECT_TRIGGERS =
  /^(?:per|each|every|belongs? to|belonging to|assigned to|lent to|references?|referencing|refers to|filed against|owned by|placed by|written by|made by|booked by|issued to|many|several|multiple|numerous|between|among|amongst|points? to|pointing to|tie|ties|tied to|link|links|linking|fk to|fks to|foreign key to|foreign keys to)$/;

/**
 * Tables named only as the object of a relation: "products each supplier provides (5-15 per
 * supplier)", "each trip has 2-8 stops", "tracking events per shipment", "an application's stage",
 * "each loan … lent to a member". Only where the prompt names tables already, and only nouns.
 * At each word: where an object starts (after "each"/"per": perObjectAt; after another relation
 * word: triggeredObject), things owned (addOwnedThings), tables named outright (addTableNamedOutright,
 * addSnakeCasePlural), then the object's table (addObject).
 */
export function findRelationObjects(
  words: readonly Word[],
  entities: Entities,
  titles: readonly { from: number; to: number }[] = [],
): void {
  // With no table named yet, only "each lab sample should have …" names one.
  const alone = entities.list.length === 0;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    // "An IoT gateway connects …", "a user reacts to …": a clause about one row of a table.
    const clauseStart = i === 0 || /^[.;:]$/.test(words[i - 1]!.text);
    const oneRow =
      word.text === 'each' || word.text === 'every' || (clauseStart && /^(a|an)$/.test(word.text));
    if (alone && !oneRow) continue;
    let found: ObjectStart;
    if (oneRow && word.text !== 'each' && word.text !== 'every') {
      found = { at: i + 1, verbObject: false, linking: false };
    } else if (word.text === 'per' || word.text === 'each' || word.text === 'every') {
      const at = perObjectAt(words, i);
      if (at === undefined) continue;
      found = { at, verbObject: false, linking: false };
    } else found = triggeredObject(words, i, entities);
    addOwnedThings(words, i, entities);
    if (addTableNamedOutright(words, i, entities)) continue;
    if (addSnakeCasePlural(word, entities)) continue;
    if (found.at < 0) continue;
    // "reports to a manager", "referred by a coworker": another row of the same people.
    if (
      /^(reports?|reporting|referred|invited|recruited|sponsored|mentored)$/.test(words[i - 1]?.text ?? '') ||
      /^(referred|invited|recruited|sponsored|mentored)$/.test(word.text)
    )
      continue;
    addObject(words, found, oneRow, entities, titles);
  }
}

/** Where an object of a relation starts, and how to read it. */
interface ObjectStart {
  /** The index of the object's first word, or -1 for none. */
  at: number;
  /** Whether a clause's verb names the object ("inspectors inspect units"): then even a unit's word is one. */
  verbObject: boolean;
  /** Whether the object links two tables ("linked by casting"): a word in -ing there names the table. */
  linking: boolean;
}

/** "5-15 per supplier", "events per shipment", "each trip": where the object after "per", "each" or "every" starts. */
function perObjectAt(words: readonly Word[], i: number): number | undefined {
  const word = words[i]!;
  // "price per person" is a column's unit; "5-15 per supplier", "events per shipment" count rows.
  // "repairs logged per machine": a participle between the rows and "per".
  const before = words[i - 1]?.pos === 'VERB' && /ed$/.test(words[i - 1]!.text) ? words[i - 2] : words[i - 1];
  // "one row per team per season", "one vote tally per precinct and candidate": one row for each
  // pair; a single "one row per X" is a grain (warehouse.ts).
  const pair = (k: number) =>
    /^(per|and|\+|&)$/.test(words[k]?.text ?? '') || /^(per|and|\+|&)$/.test(words[k + 1]?.text ?? '');
  const oneOf =
    ((/^(1|one)$/.test(words[i - 2]?.text ?? '') ||
      (/^(1|one)$/.test(words[i - 3]?.text ?? '') && words[i - 2]?.pos === 'NOUN')) &&
      pair(i + 2)) ||
    (words[i - 2]?.text === 'per' && words[i - 1]?.pos === 'NOUN');
  if (
    word.text === 'per' &&
    !(
      before?.pos === 'NUM' ||
      oneOf ||
      (before !== undefined && isPlural(before.text) && before.pos === 'NOUN' && !UNITS.has(before.text))
    )
  )
    return undefined;
  return i + 1;
}

/** The object after any other relation word ("belongs to", "linked by", "collected by", "has", a verb between plurals, …). */
function triggeredObject(words: readonly Word[], i: number, entities: Entities): ObjectStart {
  const word = words[i]!;
  let at = -1;
  let verbObject = false;
  let linking = false;
  const two = `${word.text} ${words[i + 1]?.text ?? ''}`;
  if (OBJECT_TRIGGERS.test(two)) at = i + 2;
  // "papers and authors linked by authorship": the table that links them.
  else if (
    /^(linked|connected|joined|related)$/.test(word.text) &&
    /^(by|through|via)$/.test(words[i + 1]?.text ?? '')
  ) {
    at = i + 2;
    linking = true;
  }
  // "collected by a researcher", "posted by a user": any participle's agent.
  // ("sorted by date", "grouped by month": how rows are arranged names no table; "grouped by
  // projects" names the projects.)
  else if (
    /ed$/.test(word.text) &&
    words[i + 1]?.text === 'by' &&
    !(ARRANGED.test(word.text) && !isPlural(words[i + 2]?.text ?? ''))
  )
    at = i + 2;
  // "every car has service records", "clubs have members": plural things had.
  else if (
    /^(has|have)$/.test(word.text) &&
    (words[i + 1]?.pos === 'NOUN' || (words[i + 1]?.pos === 'VERB' && words[i + 2]?.pos === 'NOUN')) &&
    (isPlural(words[i + 1]!.text) || (words[i + 2]?.pos === 'NOUN' && isPlural(words[i + 2]!.text)))
  )
    at = i + 1;
  // "reacts to a post", "rentals of a vehicle by a customer", "tied to a branch": one thing a
  // verb or a plural names with an article, unless it names a column ("with a name").
  else if (
    /^(to|on|of|by|from|at|under|in|with|into|onto)$/.test(word.text) &&
    /^(a|an|one)$/.test(words[i + 1]?.text ?? '') &&
    words[i + 2]?.pos === 'NOUN' &&
    (words[i - 1]?.pos === 'VERB' ||
      (words[i - 1]?.pos === 'NOUN' && isPlural(words[i - 1]!.text) && word.text !== 'with')) &&
    (typeFromName(words[i + 2]!.text)?.type ?? 'full_name') === 'full_name' &&
    !(words[i + 3]?.pos === 'NOUN')
  )
    at = i + 1;
  // "inspectors inspect units", "players buy store items": a plural doing something to a plural.
  else if (
    word.pos === 'VERB' &&
    !/^(has|have|had|is|are|was|were|be|been|being)$/.test(word.text) &&
    words[i - 1]?.pos === 'NOUN' &&
    isPlural(words[i - 1]!.text) &&
    (i - 1 === 0 || /^[.;:,]$/.test(words[i - 2]!.text)) &&
    words[i + 1]?.pos === 'NOUN' &&
    (isPlural(words[i + 1]!.text) || (words[i + 2]?.pos === 'NOUN' && isPlural(words[i + 2]!.text)))
  ) {
    const subject = words[i - 1]!;
    if (!UNITS.has(subject.text) && entities.find(subject.lemma) === undefined)
      entities.add(snake(subject.lemma), subject.at);
    at = i + 1;
    verbObject = true;
    // "customers review restaurants: stars, review text": columns right after the clause describe
    // the deed, a table of its own where the knowledge base knows the verb's noun (a review).
    const objectEnd = words[i + 1]!.pos === 'NOUN' && isPlural(words[i + 1]!.text) ? i + 1 : i + 2;
    const deed = nounsOfVerb(word.lemma).find((noun) => knownEntity(noun)?.key === noun);
    if (
      deed !== undefined &&
      /^(:|\(|-)$/.test(words[objectEnd + 1]?.text ?? '') &&
      entities.find(deed) === undefined
    )
      entities.add(deed, word.at);
  }
  // "comments on posts", "orders from app users": a plural thing of a plural thing.
  else if (
    /^(on|for|from|about|against|of|to)$/.test(word.text) &&
    words[i - 1] !== undefined &&
    isPlural(words[i - 1]!.text) &&
    words[i - 1]!.pos === 'NOUN' &&
    !UNITS.has(words[i - 1]!.text) &&
    words[i + 1]?.pos === 'NOUN' &&
    (isPlural(words[i + 1]!.text) || (words[i + 2]?.pos === 'NOUN' && isPlural(words[i + 2]!.text)))
  )
    at = i + 1;
  // "buildings each with units": things each row has, uncounted.
  else if (
    word.text === 'with' &&
    words[i - 1]?.text === 'each' &&
    words[i + 1]?.pos === 'NOUN' &&
    isPlural(words[i + 1]!.text) &&
    !UNITS.has(words[i + 1]!.text)
  )
    at = i + 1;
  // "how many bids it got" asks for a count, a column.
  else if (OBJECT_TRIGGERS.test(word.text) && word.text !== 'per' && words[i - 1]?.text !== 'how') at = i + 1;
  else if (
    words[i + 1]?.text === "'s" &&
    word.pos === 'NOUN' &&
    i > 0 &&
    /^(a|an|each|every|the)$/.test(words[i - 1]!.text)
  )
    at = i;
  return { at, verbObject, linking };
}

/** "each restaurant's menu items", "a hotel's rooms": the plural things a row owns are a table. */
function addOwnedThings(words: readonly Word[], i: number, entities: Entities): void {
  const word = words[i]!;
  if (
    word.text === "'s" &&
    words[i - 1]?.pos === 'NOUN' &&
    entities.find(words[i - 1]!.lemma) !== undefined
  ) {
    const first = words[i + 1];
    const second = words[i + 2];
    const owned =
      second?.pos === 'NOUN' && isPluralNoun(second) && first?.pos === 'NOUN'
        ? `${first.text} ${second.lemma}`
        : first !== undefined && isPluralNoun(first)
          ? first.lemma
          : undefined;
    if (owned !== undefined && !UNITS.has(owned) && entities.find(snake(owned)) === undefined)
      entities.add(snake(owned), first!.at);
  }
}

/**
 * "joined by an enrollments table", "a roles table linking them", "patient_allergies as …":
 * a table named outright.
 * ("I want a table of …": the verb before it names nothing.)
 */
function addTableNamedOutright(words: readonly Word[], i: number, entities: Entities): boolean {
  const word = words[i]!;
  if (word.text === 'table' && i > 0 && words[i - 1]!.pos !== 'PUNCT' && !ASKING.test(words[i - 1]!.text)) {
    const noun = words[i - 1]!;
    const key = snake(noun.text.includes('_') ? singular(noun.text) : noun.lemma);
    if (!STOP_WORDS.has(noun.lemma) && entities.find(key) === undefined) entities.add(key, noun.at);
    return true;
  }
  return false;
}

/** "user_roles": a snake_case plural is a table; "admit_ts" and "ms_played" name columns. */
function addSnakeCasePlural(word: Word, entities: Entities): boolean {
  if (
    word.text.includes('_') &&
    isPlural(word.text) &&
    word.text.split('_').pop()!.length > 2 &&
    // ("cost_micros", "price_cents": a measure in a unit names a column.)
    !UNITS.has(word.text.split('_').pop()!) &&
    !/^(micros|cents|pence|millis|secs|mins|hrs|pct|bps|kbps|mbps)$/.test(word.text.split('_').pop()!) &&
    typeFromName(word.text, 'any', '') === undefined &&
    entities.find(word.text) === undefined
  ) {
    entities.add(keyOfWords(word.text), word.at);
    return true;
  }
  return false;
}

/** Adds the table an object names, from where it starts, and the objects joined to it ("a kennel and a pet"). */
function addObject(
  words: readonly Word[],
  found: ObjectStart,
  oneRow: boolean,
  entities: Entities,
  titles: readonly { from: number; to: number }[],
): void {
  const { verbObject, linking } = found;
  let at = found.at;
  const start = at;
  while (words[at] !== undefined && /^(a|an|one|the|single|their|its|that|this)$/.test(words[at]!.text)) at++;
  // "each veterinary clinic": an adjective before the noun is part of its name.
  if (words[at]?.pos === 'ADJ' && words[at + 1]?.pos === 'NOUN' && oneRow) at++;
  const first = words[at];
  // After a determiner a word the tagger read as a verb is a noun ("lent to a scout").
  // "belong to a rental,": an adjective standing alone after one is a noun too.
  const standsAlone =
    first?.pos === 'ADJ' && at > start && /^(PUNCT|CCONJ|VERB|AUX)$/.test(words[at + 1]?.pos ?? 'PUNCT');
  const gerund = linking && first?.pos === 'VERB' && /ing$/.test(first.text);
  if (
    first === undefined ||
    !(first.pos === 'NOUN' || (at > start && first.pos === 'VERB') || standsAlone || gerund)
  )
    return;
  let end = at;
  // "every employee reports to …": a verb in -s the tagger read as a noun ends the name.
  const verbLike = /s$/.test(words[at + 1]?.text ?? '') && /^(ADP|DET)$/.test(words[at + 2]?.pos ?? '');
  if (words[at + 1]?.pos === 'NOUN' && !isPlural(first.text) && !(oneRow && verbLike)) end = at + 1;
  const head = words[end]!;
  // "each trip has", "every claim is", "each player's": what follows a singular "each X" says
  // something of it; "each logging 20 entries" has a verb where the noun would be.
  const next = words[end + 1];
  if (
    oneRow &&
    !(
      next === undefined ||
      next.pos === 'VERB' ||
      next.pos === 'AUX' ||
      next.text === "'s" ||
      next.pos === 'PUNCT'
    )
  )
    return;
  // "each pipeline run belongs to …": a verb's form between the noun and the clause's verb is part of
  // the noun's name (read by the singular subjects), no object.
  if (oneRow && next?.pos === 'VERB' && /^(VERB|AUX)$/.test(words[end + 2]?.pos ?? '')) return;
  // "each trip has": a singular object needs something after it that is not another noun's start.
  if (
    ((NOT_OBJECTS.test(head.lemma) || UNITS.has(head.text)) &&
      !(
        verbObject &&
        !/^(second|minute|hour|day|week|month|year|time|night|quarter|row|record|entry)$/.test(head.lemma)
      )) ||
    STOP_WORDS.has(head.lemma) ||
    ROW_WORDS.has(head.text)
  )
    return;
  // ("A CRM: companies, contacts and deals": a title over a list of things is no row.)
  if (oneRow && titles.some((title) => first.at >= title.from && first.at < title.to)) return;
  const key = snake(end > at ? `${first.text} ${head.lemma}` : gerund ? head.text : head.lemma);
  if (entities.find(key) === undefined && entities.find(head.lemma) === undefined)
    entities.add(key, first.at);
  // "reference a kennel and a pet", "per precinct and candidate", "player+achievement": the objects
  // joined to this one are objects too.
  let k = end + 1;
  while (/^(and|\+|&)$/.test(words[k]?.text ?? '')) {
    let n = k + 1;
    const article = /^(a|an|one|the)$/.test(words[n]?.text ?? '');
    if (article) n++;
    const next = words[n];
    if (next === undefined || !(next.pos === 'NOUN' || (article && next.pos === 'VERB'))) break;
    // "and a sales rep": a noun after it makes one name with it.
    const compound =
      words[n + 1]?.pos === 'NOUN' && !isPlural(words[n + 1]!.text) ? words[n + 1]! : undefined;
    const last = compound ?? next;
    if (NOT_OBJECTS.test(last.lemma) || UNITS.has(last.text) || STOP_WORDS.has(last.lemma)) break;
    if (typeFromName(last.lemma, 'any', '') !== undefined && !article) break;
    const joined = snake(compound !== undefined ? `${next.text} ${last.lemma}` : last.lemma);
    if (entities.find(joined) === undefined && entities.find(last.lemma) === undefined)
      entities.add(joined, next.at);
    k = (compound !== undefined ? n + 1 : n) + 1;
  }
}

/** Words that ask for data before what is asked for ("generate a", "I need the"). */
const ASKING =
  /^(generate|build|create|make|need|want|give|me|us|i|we|a|an|the|some|please|pls|just|can|could|you|do|our|my)$/;
/** Words after which a header's columns follow ("mouse colony: …", "fleet table with …"). */
const HEADER_ENDS = /^(:|—|–|-)$/;

/**
 * The words of a heading that starts at word `i`, after words that ask for data ("generate a"): up to
 * three nouns, adjectives or verbs, without a leading locale or data word ("Italian", "sample") and
 * ending before a word for rows ("rows", "table"). `end` is the word after them.
 */
function headingRun(words: readonly Word[], i: number): { run: Word[]; end: number } {
  let j = i;
  while (words[j] !== undefined && ASKING.test(words[j]!.text)) j++;
  const run: Word[] = [];
  while (
    words[j] !== undefined &&
    run.length < 3 &&
    /^(NOUN|PROPN|ADJ|VERB)$/.test(words[j]!.pos) &&
    !STOP_WORDS.has(words[j]!.text) &&
    !ROW_WORDS.has(words[j]!.text)
  ) {
    if (!(run.length === 0 && (LOCALE_WORD_SET.has(words[j]!.text) || ADJECTIVES.has(words[j]!.text))))
      run.push(words[j]!);
    j++;
  }
  return { run, end: j };
}

/**
 * A table a clause names in the singular before its columns: "mouse colony: cage id, strain, sex",
 * "fleet table with VIN, model year, …", "solar inverter telemetry, 10,000 rows: …", "leaderboard for a
 * mobile game — player name, score, …". The phrase is the table's name as written (a colony, a fleet
 * and telemetry are many rows already). Only where no table is named in that clause, or where the one
 * named is the phrase's tail ("call center log" read as center logs).
 */
export function findCollectionHeaders(words: readonly Word[], entities: Entities): void {
  const headings = words.filter(
    (w, k) => w.text === ':' && (k === 1 || /^[.;!?]$/.test(words[k - 2]?.text ?? '')),
  ).length;
  for (let i = 0; i < words.length; i++) {
    if (i > 0 && !/^[.;!?\n]$/.test(words[i - 1]!.text)) continue;
    const { run, end: j } = headingRun(words, i);
    const head = run.at(-1);
    // (The tagger may read a collection's word as a verb: "vessel register".)
    if (
      head === undefined ||
      head.pos === 'ADJ' ||
      (head.pos === 'VERB' && !COLLECTION_WORDS.has(head.text)) ||
      isPlural(head.text) ||
      // "…; type: vacation, sick": a word for a kind of value heads its choices, no table.
      KIND_WORDS.has(head.text)
    )
      continue;
    if (UNITS.has(head.text)) continue;
    // What ends the header: a colon or dash, "table with", ", 10,000 rows:", "for a mobile game —".
    let k = j;
    if (words[k]?.text === 'table' && /^(with|holding|having|containing|:|-)$/.test(words[k + 1]?.text ?? ''))
      k += 2;
    let count: number | undefined;
    if (
      words[k]?.text === ',' &&
      words[k + 1]?.pos === 'NUM' &&
      ROW_WORDS.has(words[k + 2]?.text ?? '') &&
      words[k + 3]?.text !== 'per'
    ) {
      count = Number(words[k + 1]!.text);
      k += 3;
    } else if (words[k]?.text === 'for') {
      const end = words.findIndex((w, n) => n > k && n <= k + 6 && HEADER_ENDS.test(w.text));
      k = end < 0 ? k : end;
    }
    // A dash ends it only set off by a space ("check-ins" is one word).
    const ends = words[k]?.text === ':' || spacedDash(words, k);
    if (words[k] === undefined || !(ends || k > j)) continue;
    // The columns: at least two commas before the clause ends.
    const clauseEnd = words.findIndex((w, n) => n > k && /^[.;]$/.test(w.text));
    const columns = words.slice(k + 1, clauseEnd < 0 ? undefined : clauseEnd);
    // (One comma is enough where several headings each head their own columns: "hive: location,
    // installed on. keeper: name, phone".)
    if (columns.filter((w) => w.text === ',').length < (headings >= 2 ? 1 : 2)) continue;
    // "hospital: doctors, patients, appointments": a title over a list of things the knowledge base
    // knows or people, no columns ("employee: first names, last names, salaries" are columns).
    const items = columns
      .map((w) => w.text)
      .join(' ')
      .split(/\s*(?:,|\band\b|&|\+)\s*/)
      .filter((item) => item !== '');
    const things = items.filter((item) => {
      const last = item.split(/\s+/).pop()!;
      if (!isPlural(last) || UNITS.has(last) || ROW_WORDS.has(last)) return false;
      return isKnownThing(keyOfWords(item));
    });
    if (items.length >= 2 && things.length * 2 > items.length) continue;
    // "livestock register", "aircraft fleet": a collection of the things before it is a table of them.
    // (A log stays a log: "call center log" is no table of call centers.)
    const collected = run.length >= 2 && COLLECTION_WORDS.has(head.text) ? run.slice(0, -1) : run;
    const key = snake(collected.map((w) => w.text).join(' '));
    // "Account: IBAN, holder name": a table named already, or a thing counted one by one, is no
    // collection; its header lists its columns (relations.ts reads those).
    const found = entities.find(key) ?? entities.find(head.lemma);
    if (found !== undefined && !(found.at >= run[0]!.at && found.at <= head.at)) continue;
    // Only a thing the knowledge base lists by that very name counts one by one ("telemetry" is one
    // of its other names for readings, and stays a collection).
    if (
      found === undefined &&
      (knownEntity(key)?.key === key || knownEntity(head.lemma)?.key === head.lemma)
    ) {
      entities.add(key, run[0]!.at);
      continue;
    }
    const from = run[0]!.at;
    const until = columns.at(-1)?.end ?? head.end;
    const inClause = entities.list.filter((e) => e.at >= from && e.at < until);
    if (inClause.length > 1) continue;
    const named = inClause[0];
    if (named !== undefined && !(named.at <= head.at && key.endsWith(`_${named.key}`))) continue;
    const entity = named ?? entities.add(key, from, true);
    entity.key = key;
    // A singular collection keeps its name ("mouse colony"); the things of a register or a fleet are
    // named in the plural ("vessels").
    // Where several singular headings each head their columns ("kennel: …. dog: …"), they name kinds of
    // rows, in the plural, as any table is.
    const kinds = headings >= 2 && !RECORD_WORDS.has(head.text) && !UNCOUNTABLE.has(head.text);
    entity.name = collected === run && !kinds ? key : key.replace(/[a-z0-9]+$/, (last) => plural(last));
    entity.at = from;
    if (count !== undefined && Number.isInteger(count) && count > 0) entity.count ??= count;
  }
}

/** Prepositions and participles by which a thing hangs on one row of another table. */
const ATTACHING = /^(per|in|of|for|on|at|under|within|across|from|against|to|by)$/;
const ATTACHING_PARTICIPLES =
  /^(tied|logged|filed|belonging|assigned|linked|attached|raised|placed|booked|made)$/;
/** Words between such a preposition and the table it names. */
const DETERMINING = /^(each|every|a|an|the|those|these|its|their|one|that|this)$/;

/**
 * Plural things attached to rows of a table the prompt names: "charging sessions per station", "yearly
 * harvests per tree", "adoptions of those animals", "products in those categories", "promotions tied to
 * a branch". A column does not hang on another table's rows, so a plural item of a list (or a column
 * list) that does is a table of its own.
 */
export function findAttachedTables(words: readonly Word[], entities: Entities): void {
  for (let i = 0; i < words.length - 2; i++) {
    const word = words[i]!;
    // ("…, also likes on posts": a word in -s the tagger read as a verb, before a preposition.)
    const noun =
      isPluralNoun(word) ||
      (word.pos === 'VERB' && /[^s]s$/.test(word.text) && /^(on|for|of|per)$/.test(words[i + 1]!.text));
    if (
      !noun ||
      UNITS.has(word.text) ||
      (isPluralNoun(word) && STOP_WORDS.has(word.lemma)) ||
      ROW_WORDS.has(word.text) ||
      RECORD_WORDS.has(word.text) ||
      entities.find(singular(word.text)) !== undefined
    )
      continue;
    // The item starts a list item: after a comma, "and", "plus", "with" or a clause's start, perhaps
    // with one modifier ("charging sessions").
    const before = words[i - 1];
    const modifier =
      before !== undefined &&
      (/^(NOUN|ADJ)$/.test(before.pos) || (before.pos === 'VERB' && /ing$/.test(before.text)))
        ? before
        : undefined;
    const opener = words[i - (modifier === undefined ? 1 : 2)];
    if (opener !== undefined && !/^(,|and|plus|also|&|with|;|:|-|\+)$/.test(opener.text)) continue;
    let k = i + 1;
    if (ATTACHING_PARTICIPLES.test(words[k]!.text) && ATTACHING.test(words[k + 1]?.text ?? '')) k++;
    if (!ATTACHING.test(words[k]!.text)) continue;
    k++;
    while (words[k] !== undefined && DETERMINING.test(words[k]!.text)) k++;
    if (words[k]?.pos === 'ADJ') k++;
    const object = words[k];
    // "per well": the tagger may read a table's word as another part of speech; the table decides.
    if (object === undefined || !/^(NOUN|PROPN|ADV|ADJ|VERB)$/.test(object.pos)) continue;
    const parent = entities.find(object.lemma) ?? entities.find(object.text);
    if (parent === undefined) continue;
    const key =
      // "open ports on each router" are open_ports (the adjective would be left as a column).
      modifier !== undefined &&
      !STOP_WORDS.has(modifier.text) &&
      !ADJECTIVES.has(modifier.text) &&
      !LOCALE_WORD_SET.has(modifier.text)
        ? `${modifier.text}_${singular(word.text)}`
        : singular(word.text);
    entities.add(snake(key), (modifier ?? word).at);
    // "adoptions of those animals by adopters": the plural things the attached ones come by are tables too.
    const by = words[k + 1];
    const agent = words[k + 2];
    if (
      by !== undefined &&
      /^(by|from|to|with)$/.test(by.text) &&
      agent !== undefined &&
      isPluralNoun(agent) &&
      !UNITS.has(agent.text) &&
      entities.find(agent.lemma) === undefined &&
      // …and nothing hangs on them in turn ("by adopters?", "by adopters, …").
      /^(,|and|with|\(|\.|;|\?)$/.test(words[k + 3]?.text ?? '.')
    )
      entities.add(snake(agent.lemma), agent.at);
  }
}

/**
 * Last of all, where nothing else names a table: the nouns that open the prompt before its column list
 * ("Pump maintenance (pump id, done at, technician)") name it.
 */
export function findOpeningNoun(words: readonly Word[], entities: Entities): void {
  if (entities.list.length > 0) return;
  const { run, end: j } = headingRun(words, 0);
  const ends =
    words[j]?.text === ':' || words[j]?.text === '(' || words[j]?.text === 'with' || spacedDash(words, j);
  if (run.length === 0 || !ends || !/^(NOUN|PROPN)$/.test(run.at(-1)!.pos)) return;
  const key = snake([...run.slice(0, -1).map((w) => w.text), singular(run.at(-1)!.text)].join(' '));
  // Named as written: a singular heading keeps its number ("pump maintenance", "soil moisture").
  const entity = entities.add(key, run[0]!.at);
  entity.guessed = true;
  entity.name = key;
}
