/**
 * Relations and field text of a prompt, read sentence by sentence with a current subject: "each order
 * belongs to a customer" (order → customer), "posts have many comments" (comment → post), "a manager
 * who is also an employee" (employee → employee), "enrollments between students and courses"
 * (enrollment → student, course). The text after a mention, up to the next one, holds the subject's
 * fields.
 */
import { type Entities, type Entity, type Token, tokenize } from './entities.js';
import {
  ADJECTIVES,
  ARRANGED_BY,
  STAFF,
  COLLECTION_WORDS,
  CREATES,
  LOCALE_WORD_SET,
  RECORD_WORDS,
  ROW_WORDS,
  STOP_WORDS,
} from './lexicon.js';
import { readWords, type Word } from './reader.js';
import { isPlural, nounsOfVerb, singular, snake } from './text.js';

/** A foreign key the prompt asks for. */
export interface Relation {
  child: Entity;
  parent: Entity;
  /** The role of a self-reference ("manager" → manager_id). */
  role?: string;
}

/** What the scan found: relations, field text per entity, junctions asked for explicitly. */
export interface Scan {
  relations: Relation[];
  fieldText: Map<Entity, string[]>;
  junctions: Set<Entity>;
}

const DETERMINERS = new Set([
  'those',
  'these',
  'that',
  'this',
  'a',
  'an',
  'one',
  'the',
  'another',
  'other',
  'each',
  'every',
  'its',
  'their',
  'some',
  'parent',
  'single',
  'same',
  'any',
  'per',
  'its',
  'his',
  'her',
  'whose',
]);
const OBJECT_WORDS = new Set([
  'by',
  'for',
  'to',
  'in',
  'on',
  'at',
  'within',
  'from',
  'between',
  'linking',
  'links',
  'link',
  'joining',
  'join',
  'joins',
  'connecting',
  'connects',
  'through',
  'via',
  'inside',
  'under',
  'into',
  'per',
  'against',
  'of',
  'about',
  'regarding',
  'among',
  'amongst',
]);

/** "…, each owning 1-3" before a mention: the mention's count, with the verb that brings it. */
const COUNT_OF_NEXT =
  /(?:\b(?:each|every)\s+)?(?:\b(?:[a-z]+ing|has|have|with|owns?|holds?|contains?|gets?)\s+)?\b\d+(?:\s*(?:-|to|and)\s*\d+)?\s*$/;

interface Mention {
  entity: Entity;
  start: number;
  end: number;
  /** Token index of the mention's first word and the index after it. */
  first: number;
  next: number;
}

function mentionAt(tokens: Token[], i: number, entities: Entities): Mention | undefined {
  const run: Token[] = [];
  for (let j = i; j < tokens.length && run.length < 3; j++) {
    const t = tokens[j] as Token;
    if (t.kind !== 'word' || STOP_WORDS.has(t.text)) break;
    run.push(t);
  }
  for (let len = run.length; len >= 1; len--) {
    const words = run.slice(0, len).map((t) => t.text);
    const last = words[len - 1] as string;
    // "profile rows": the rows are profiles.
    const key = snake(
      len >= 2 && (ROW_WORDS.has(last) || COLLECTION_WORDS.has(last))
        ? [...words.slice(0, -2), singular(words[len - 2] as string)].join('_')
        : [...words.slice(0, -1), singular(last)].join('_'),
    );
    // "an owner" names the pet_owners when no other table ends so.
    const tails = len === 1 ? entities.list.filter((e) => e.key.endsWith(`_${key}`)) : [];
    const entity =
      entities.list.find((e) => e.key === key || e.name === words.join('_')) ??
      (tails.length === 1 ? tails[0] : undefined);
    if (entity === undefined) continue;
    // "billable hours entries: attorney, hours 0.25 to 12": a compound's last word with a number after
    // it is a column's name, no mention of the table.
    if (entity.key !== key && tokens[i + len]?.kind === 'number') continue;
    // A singular mention needs a determiner: "a customer", "each homeroom teacher" (one modifier between).
    const previous = tokens[i - 1]?.text ?? '';
    // "whether the bed is occupied": a yes/no column's words, no mention of the table.
    if (previous === 'the' && tokens[i - 2]?.text === 'whether') return undefined;
    const modified = tokens[i - 1]?.kind === 'word' && !STOP_WORDS.has(previous);
    // "keyed by event and customer": a fact's dimensions are named one word each.
    const keyed =
      /^(by|to|on|and|,)$/.test(previous) &&
      tokens.slice(Math.max(0, i - 8), i).some((t) => t.text === 'keyed' || t.text === 'fk');
    // "papers and authors linked by authorship": a table named in the singular after "by"/"via".
    const linking = /^(by|via|through)$/.test(previous) && entity.key === key;
    const determined =
      keyed ||
      linking ||
      DETERMINERS.has(previous) ||
      (modified && DETERMINERS.has(tokens[i - 2]?.text ?? ''));
    // "profile rows" and "students table" name many rows; "customer table" is singular.
    const plural =
      isPlural(last) ||
      // "mouse colony: …": a table named in the singular is many rows all the same.
      entity.name === entity.key ||
      (len >= 2 &&
        ROW_WORDS.has(last) &&
        (last === 'rows' || last === 'table' || isPlural(words[len - 2] as string))) ||
      // "call log", "reagent inventory": a collection names many rows.
      (len >= 2 && (COLLECTION_WORDS.has(last) || RECORD_WORDS.has(last))) ||
      // "200 customer from Italy": counted above one, a singular names many rows.
      (tokens[i - 1]?.kind === 'number' && Number(tokens[i - 1]!.text) > 1);
    if (len >= 2 && ROW_WORDS.has(last) && !plural) continue;
    // "Account: IBAN, holder name", "Reading = timestamp, …", "pledge - amount, …": a singular header
    // over its columns.
    const mark = tokens[i + len];
    const header =
      (i === 0 || tokens[i - 1]?.kind === 'punct') &&
      (/^[:=]$/.test(mark?.text ?? '') ||
        (mark?.text === '-' &&
          tokens[i + len + 1]?.kind === 'word' &&
          mark.at > run[len - 1]!.at + run[len - 1]!.text.length));
    // "…, pet have name, species …", "performance belong to stage": a clause about one row, written
    // without its article.
    const clauseHead =
      (i === 0 || /^[,;:.(]$/.test(previous) || previous === 'and') &&
      /^(have|has|having|with|belong|belongs|contains?|gets?|is|can|needs?|holds?)$/.test(
        tokens[i + len]?.text ?? '',
      );
    if (!plural && !determined && !header && !clauseHead) return undefined;
    // "a device type", "the order date": a singular noun before another noun names a column.
    const after = tokens[i + len];
    // "each flight took …": a row named one at a time is the subject whatever follows.
    if (!plural && /^(each|every)$/.test(previous)) {
      const end = run[len - 1] as Token;
      return { entity, start: (run[0] as Token).at, end: end.at + end.text.length, first: i, next: i + len };
    }
    // "a delivery uses one truck": a verb in -s after it says something of the row.
    // (A table named by both words, "device logs", was matched before this one-word reading.)
    const saysOfIt = determined && after !== undefined && /[^s]s$/.test(after.text);
    if (
      !plural &&
      !saysOfIt &&
      after?.kind === 'word' &&
      !STOP_WORDS.has(after.text) &&
      !OBJECT_WORDS.has(after.text)
    )
      return undefined;
    const end = run[len - 1] as Token;
    return { entity, start: (run[0] as Token).at, end: end.at + end.text.length, first: i, next: i + len };
  }
  return undefined;
}

/**
 * "parents book lessons", "inspectors inspect units": a plural table, one verb, and another table. A
 * table the verb names ("inspections", "bookings") refers to both; otherwise what the verb acts on
 * belongs to who does it (a lesson refers to the parent who booked it).
 */
function verbBetween(sentence: string, tagged: readonly Word[], from: number, to: number): Word | undefined {
  const between = sentence.slice(from, to).trim();
  if (!/^[a-z]+$/.test(between)) return undefined;
  const word = tagged.find((w) => w.at >= from && w.text === between);
  if (word?.pos !== 'VERB' || /^(has|have|had|is|are|was|were|be|been|being)$/.test(word.text))
    return undefined;
  return OBJECT_WORDS.has(word.text) ? undefined : word;
}

const REMARK_IN_PARENS =
  /\((?:a|an|each|every|one|no)\s+[a-z]+\s+(?:can|cannot|can't|may|must|should|will|won't|only|never|is only|appears?)\b(?=[^()]*\b(?:once|twice|unique|pairs?|duplicates?|same)\b)[^()]*\)/g;

/** "each witness appears at most once per case", "each pair only once": how often a pair occurs. */
const ONCE_REMARK = String.raw`(?:(?:each|every|a|an|one|the same)\s+[a-z_]+(?:\s+[a-z_]+){0,7}?\s+)?(?:(?:at most|only|just|exactly|no more than|never more than)\s+once|once|never twice)(?:\s+(?:per|for|in|on|with|to)\s+(?:(?:a|an|each|every|any|the|one|given|same)\s+)?[a-z_]+)?`;
/** "no self-follows", "no duplicate memberships", "without repeats". */
const NO_REPEATS_REMARK = String.raw`(?:no|without)\s+(?:any\s+)?(?:self[- ][a-z]+|duplicates?(?:\s+pairs?)?|duplicate\s+[a-z]+|repeats?|repeated\s+[a-z]+)`;
/**
 * A remark on how often a pair of rows may occur, set off by commas, dashes or parentheses ("- each
 * witness appears at most once per case -", ", each pair only once,"), or a "no …" anywhere in a list
 * (", no self-follows,", "; no duplicates"): a rule on the pairs (read for unique pairs elsewhere),
 * neither a subject nor columns nor a relation. (A clause of its own, "; each user votes once per
 * poll", says who votes on what, and is read.)
 */
const REMARK_INLINE = new RegExp(
  String.raw`(?<=(?:[,(]|\s-)\s*)${ONCE_REMARK}(?=\s*(?:[,)]|\s-\s))|(?<=(?:^|[,;(]|\s-)\s*)${NO_REPEATS_REMARK}(?=\s*(?:[,;)]|\s-\s|$))`,
  'g',
);

/**
 * The sentences of `text`: split at ".", ";" and line breaks, but not inside parentheses ("(status:
 * active, paused; started_at)" is one table's columns), not between digits ("4.5") and not in a web
 * address ("booking.com").
 */
function sentences(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  const lastClose = text.lastIndexOf(')');
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    // (A parenthesis never closed holds no sentence together.)
    if (c === '(' && i < lastClose) depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (
      (c === '\n' || ((c === '.' || c === ';') && depth === 0)) &&
      !/\d/.test(text[i - 1] ?? '') &&
      !/^(?:\d|(?:com|net|org|io|co|app|dev)\b)/.test(text.slice(i + 1, i + 5))
    ) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}

/** Scans `text` (normalized) for relations and per-entity field text. */
/** Scans `text` (normalized) for relations and per-entity field text, sentence by sentence. */
export function scanRelations(written: string, entities: Entities, fact?: Entity): Scan {
  const scan: Scan = { relations: [], fieldText: new Map(), junctions: new Set() };
  const sc: Scanner = { scan, entities, fact, previousSubject: undefined, lastMentioned: undefined };
  for (const sentence of sentences(blankRemarks(written))) scanSentence(sentence, sc);
  return scan;
}

/** The text with remarks on the rows and words of arranging blanked, so that the positions of the words stay. */
function blankRemarks(written: string): string {
  // "(a student can only enroll once in a given course)": a clause in parentheses is a remark on the
  // rows (read for unique pairs elsewhere), not where the next columns belong. Blanked, so that the
  // positions of the words stay.
  return (
    written
      .replace(REMARK_IN_PARENS, (m) => ' '.repeat(m.length))
      .replace(REMARK_INLINE, (m) => ' '.repeat(m.length))
      // ("grouped by projects" names the projects, which stay: only the words of arranging go.)
      .replace(ARRANGED_BY, (m) => {
        const keep = isPlural(m.split(' ').pop()!) ? m.replace(/^\S+\s+by\s+/, '') : '';
        return ' '.repeat(m.length - keep.length) + keep;
      })
  );
}

function addRelation(scan: Scan, child: Entity, parent: Entity, role?: string): void {
  if (!scan.relations.some((r) => r.child === child && r.parent === parent && r.role === role)) {
    scan.relations.push(role === undefined ? { child, parent } : { child, parent, role });
  }
}

function addText(scan: Scan, entity: Entity, value: string): void {
  const list = scan.fieldText.get(entity) ?? [];
  list.push(value);
  scan.fieldText.set(entity, list);
}

/** What the scan keeps from one sentence to the next. */
interface Scanner {
  scan: Scan;
  entities: Entities;
  /** A star schema's fact table, whose measures a sentence may list. */
  fact: Entity | undefined;
  // The thing a sentence was about, for "them" in the next one ("…; 40 users posted them").
  previousSubject: Entity | undefined;
  // "?" and "!" end a sentence only at the end of the text: "is late?, status …" goes on.
  lastMentioned: Entity | undefined;
}

/** What the scan keeps within one sentence, mention by mention. */
interface SentenceScan {
  sentence: string;
  mentions: Mention[];
  /** The table the sentence is about so far. */
  subject: Entity | undefined;
  /** The sentence tagged with parts of speech, once needed. */
  tagged: Word[] | undefined;
  /** Whether the subject was named one row at a time ("each shift", "a delivery"). */
  subjectByEach: boolean;
  /** Whether the mention before was an object of a relation word (a list of them may go on). */
  previousWasObject: boolean;
  /** The table the subject was brought in by ("orders holding tickets"): the subject is its rows. */
  hadBy: Entity | undefined;
  /** Whether the mention before was a dimension after "keyed by" (a list of them may go on). */
  previousWasKey: boolean;
  /** The tables named in the sentence so far. */
  groupSinceStart: Entity[];
  /** The plural a relative clause is about, while the clause goes on. */
  clause: Entity | undefined;
}

/** Whether a mention names its table in the plural ("orders", not "an order"). */
function inPlural(sentence: string, mention: Mention): boolean {
  return isPlural(sentence.slice(mention.start, mention.end).split(' ').pop() ?? '');
}

/** The tables a sentence names, in order. */
function mentionsIn(sentence: string, entities: Entities): Mention[] {
  const tokens = tokenize(sentence);
  const mentions: Mention[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const m = mentionAt(tokens, i, entities);
    if (m !== undefined) {
      mentions.push(m);
      i = m.next - 1;
    }
  }
  return mentions;
}

/**
 * Reads one sentence: each mention in turn (readMention), then a person of the same table
 * (selfReference) and, when no table is named, more columns of the one named last (moreColumns).
 */
function scanSentence(sentence: string, sc: Scanner): void {
  const mentions = mentionsIn(sentence, sc.entities);
  const st: SentenceScan = {
    sentence,
    mentions,
    subject: undefined,
    tagged: undefined,
    subjectByEach: false,
    previousWasObject: false,
    hadBy: undefined,
    previousWasKey: false,
    groupSinceStart: [],
    clause: undefined,
  };
  mentions.forEach((m, index) => readMention(m, index, st, sc));
  selfReference(st, sc);
  moreColumns(st, sc);
  sc.lastMentioned = st.subject ?? mentions.at(-1)?.entity ?? sc.lastMentioned;
  sc.previousSubject = mentions[0]?.entity ?? sc.previousSubject;
}

/** The words before a mention, as the relation patterns read them. */
interface Before {
  /** The text since the mention before, without one modifier after a determiner. */
  before: string;
  head: string;
  /** The words after the last punctuation, without determiners, numbers and adjectives. */
  words: string[];
  trailing: string;
  lastWord: string;
  /** 'self' after "another", "other", "parent". */
  determiner: string;
}

function wordsBefore(sentence: string, mentions: Mention[], index: number, m: Mention): Before {
  // The words before the mention, without one modifier after a determiner ("has a homeroom teacher"
  // reads as "has a teacher").
  const before = sentence
    .slice(index === 0 ? 0 : (mentions[index - 1] as Mention).end, m.start)
    .replace(
      /\b(a|an|one|the|each|every|its|their|his|her)\s+(?!(?:and|or|parent|other|per|to|of|for|in|on|by|with|from|at)\b)[a-z]+\s+$/,
      '$1 ',
    );
  const head = before.replace(/\s+$/, '');
  const words = (head.split(/[,;:()]/).pop() ?? '').split(/\s+/).filter(Boolean);
  // Determiners, numbers, adjectives and nationalities between a relation word and its object.
  while (
    words.length > 0 &&
    (DETERMINERS.has(words[words.length - 1] as string) ||
      /^\d+$/.test(words[words.length - 1] as string) ||
      ADJECTIVES.has(words[words.length - 1] as string) ||
      LOCALE_WORD_SET.has(words[words.length - 1] as string))
  )
    words.pop();
  // "and about 2000 workouts", "under 50 rooms": a word before a count says how many, no relation.
  if (
    /\b(?:about|around|roughly|approximately|approx|circa|over|under|nearly|almost)\s+\d[\d,.]*k?\s*$/.test(
      head,
    )
  )
    words.pop();
  // "reviews of translated documents", "refunds for cancelled orders": a participle between a
  // relation word and its object describes the object.
  if (words.length >= 2 && /[a-z]{3}ed$/.test(words.at(-1)!) && OBJECT_WORDS.has(words.at(-2)!)) words.pop();
  const trailing = words.slice(-3).join(' ');
  const lastWord = words[words.length - 1] ?? '';
  const determiner = /\b(another|other|parent)\s+$/.test(before) ? 'self' : '';
  return { before, head, words, trailing, lastWord, determiner };
}

/** Whether the words before a mention say the subject has many of it ("posts have many comments"). */
function hasManyBefore(sentence: string, m: Mention, before: string): boolean {
  return (
    // ("a many-to-many between patients and allergens" links them; it has none of them.)
    (/(?<!\bhow\s)\b(many|multiple|several|lots of|a lot of|a number of|one or more|numerous)\s+(?:[a-z]+\s+)?$/.test(
      before,
    ) &&
      !/many[- ]to[- ]many\s+(?:[a-z]+\s+)?$/.test(before)) ||
    // "has 12 to 36 monthly repayments": a count, perhaps with a word, before the thing.
    /\d\s*(?:to|-|and)\s*\d+\s+(?:(?!(?:per|for|each|in|of|a|an)\b)[a-z]+\s+)?$/.test(`${before} `) ||
    /\b(with|has|have|contains?)\s+\d+\s+(?:(?!(?:per|for|each|in|of|a|an)\b)[a-z]+\s+)?$/.test(
      `${before} `,
    ) ||
    // "and their orders", "buyers (name), their orders", "…; their loans have …"
    /(?:\band|,|^)\s*(their|its)\s+(?:[a-z]+\s+){0,2}$/.test(` ${before} `.replace(/^\s+/, '')) ||
    // "landlords who own 90 buildings", "clubs that run 3 teams": the things had belong to them.
    (/\b(?:who|that|which)\s+(?:own|owns|manage|manages|run|runs|operate|operates|employ|employs|host|hosts|publish|publishes|sponsor|sponsors)\s+(?:\d+\s+)?(?:(?!(?:a|an|one|the)\b)[a-z]+\s+)?$/.test(
      before,
    ) &&
      inPlural(sentence, m)) ||
    // "classes have students": a plural thing had by the subject belongs to it.
    (/\b(have|has|contain|contains|include|includes|hold|holds)\s+(?:[a-z]+\s+)?$/.test(` ${before} `) &&
      inPlural(sentence, m))
  );
}

/** Whether a relation word ("belongs to", "per", "owned by", …) comes before a mention. */
function isRelationWord(sentence: string, m: Mention, prior: Before): boolean {
  const { before, words, lastWord } = prior;
  return (
    OBJECT_WORDS.has(lastWord) ||
    /\bper\s*$/.test(before) ||
    /\b(belongs? to|belonging to|owned by|placed (by|at|in)|is with|are with|is for|are for|has an?|have an?|links an?|assigned to|keyed by|keyed to|keyed on|fk to|fks to|foreign keys? to|taught by|written by|sent by|opened by|made by|made with|paid with|created by|posted by|own|owns|rent|rents|lease|leases|is in|are in|reports to|reply to|managed by|run by|hosted by|stored in|held by|booked by|issued to|issued by|belonging to|posted by|references?|referencing|uses?|using|targets?|points? to|cites?|mentions?)$/.test(
      words.join(' '),
    ) ||
    /\b(belongs? to|has|have|links?)\s+(an?|one|the)\s*$/.test(before) ||
    // "lessons with a tutor": one row of another table that each row comes with.
    (/\bwith\s+(an?|one)\s*$/.test(before) && !inPlural(sentence, m))
  );
}

/** Reads one mention of a table: who relates to whom, and whose columns the text after it lists. */
function readMention(m: Mention, index: number, st: SentenceScan, sc: Scanner): void {
  const { sentence, mentions } = st;
  const prior = wordsBefore(sentence, mentions, index, m);
  const previous = mentions[index - 1];
  // Where this mention's own text ends: at the next mention.
  const end = index + 1 < mentions.length ? (mentions[index + 1] as Mention).start : sentence.length;
  if (madeByTheNext(m, previous, end, prior.before, st, sc)) return;
  if (relativeClause(m, previous, end, prior.determiner, st, sc)) return;
  if (relateMention(m, index, previous, prior, st, sc)) return;
  afterMention(m, index, end, st, sc);
}

/**
 * "the calls each agent handled (…)": a clause about the plural before it, whose rows the other
 * table's rows made; the columns after it stay the plural's.
 */
function madeByTheNext(
  m: Mention,
  previous: Mention | undefined,
  end: number,
  before: string,
  st: SentenceScan,
  sc: Scanner,
): boolean {
  const { sentence } = st;
  const relative =
    previous !== undefined &&
    /^\s*(each|every|the|a|an|one)\s+$/.test(before) &&
    inPlural(sentence, previous) &&
    /^\s*(?:[a-z]+ed|made|sent|wrote|took|ran|held|gave|sold|bought|led|taught|drove|won|lost|built|paid)\b(?!\s+(?:by|to|with)\b)/.test(
      sentence.slice(m.end),
    );
  if (relative && st.subject === previous.entity) {
    addRelation(sc.scan, previous.entity, m.entity);
    st.groupSinceStart.push(m.entity);
    addText(sc.scan, st.subject, sentence.slice(m.end, end).replace(/^\s*[a-z]+/, ''));
    return true;
  }
  return false;
}

/**
 * A relative clause on a plural: "users who belong to an account", "orders that reference a
 * restaurant", "trips where a driver drives a vehicle", "playlists that users create". What the
 * clause names one of, the plural's rows refer to; things it names many of ("customers who place
 * orders") belong to them. The columns after the clause stay the plural's.
 */
function relativeClause(
  m: Mention,
  previous: Mention | undefined,
  end: number,
  determiner: string,
  st: SentenceScan,
  sc: Scanner,
): boolean {
  const { sentence } = st;
  const raw = previous === undefined ? '' : sentence.slice(previous.end, m.start);
  // (Not "where each ticket has …", a clause about the other table's rows, nor "which reply to
  // other comments", about the plural's own.)
  const opens =
    previous !== undefined &&
    previous.entity !== m.entity &&
    determiner !== 'self' &&
    inPlural(sentence, previous) &&
    /^\s*(?:who|that|which|where)\s(?!\s*(?:each|every)\b)[^,;:()?!]*$/.test(raw);
  if (opens) st.clause = previous.entity;
  else if (/[,;:()]|\b(?:with|and|plus|while)\b/.test(raw)) st.clause = undefined;
  const about = st.clause;
  if (about !== undefined && m.entity !== about) {
    // "that users create": the mention is the clause's subject; "who place orders": its object.
    const bySubject =
      opens && /^\s*(?:who|that|which|where)\s+(?:(?:a|an|the|one|each|every)\s+)?$/.test(raw);
    // (After a preposition or "belong to", "refer to", the clause names what the plural's rows
    // hang on, one or many: "deals that belong to contacts".)
    const hangsOn =
      /\b(?:to|by|in|at|on|for|of|from|under|within|into|via|through)\s+(?:[a-z]+\s+)?$|\b(?:references?|referencing)\s+$/.test(
        raw,
      );
    const many =
      !bySubject &&
      !hangsOn &&
      inPlural(sentence, m) &&
      !/\b(?:a|an|one|the|each|every|single)\s+$/.test(raw);
    // Things made or owned are the plural's ("customers who place orders"); things attended,
    // borrowed or linked ("students who attend classes", "matches that link two users") are read
    // as any other mention.
    const verb = raw
      .replace(/\s+(?:many|several|multiple|some|their|\d+)\s*$/, '')
      .trim()
      .split(/\s+/)
      .pop();
    st.clause = undefined;
    if (!many || CREATES.test(verb ?? '')) {
      if (many) addRelation(sc.scan, m.entity, about);
      else addRelation(sc.scan, about, m.entity);
      st.subject = many ? m.entity : about;
      st.clause = many ? undefined : about;
      st.groupSinceStart.push(m.entity);
      // Only columns are the subject's text: "… taught by teachers" names none.
      const tail = sentence.slice(m.end, end);
      if (/\b(?:with|having|including|has|have|holding|storing)\b|[:(]/.test(tail))
        addText(sc.scan, st.subject, tail);
      return true;
    }
  }
  return false;
}

/**
 * Relates a mention to the sentence's subject: the deed a verb names, a new clause, a table linking
 * the tables before, things had ("posts have many comments"), a self-reference, an object of a
 * relation word, one row named by each row. True when the mention is done with (a "between" before
 * any subject).
 */
function relateMention(
  m: Mention,
  index: number,
  previous: Mention | undefined,
  prior: Before,
  st: SentenceScan,
  sc: Scanner,
): boolean {
  const { sentence } = st;
  const { before, head, words, trailing, lastWord, determiner } = prior;
  const hasMany = hasManyBefore(sentence, m, before);
  const relationWord = isRelationWord(sentence, m, prior);
  // "… by one artist and a label" goes on with objects; "(… by one artist) and tracks" does not.
  // ", and reactions" after a list item is the next item, not another object.
  const wasKey = st.previousWasKey;
  const continues =
    (lastWord === 'and' && st.previousWasObject && !before.includes(')') && !before.includes(',')) ||
    // "keyed by hotel, room_type and guest": the list goes on after commas too.
    (wasKey && /^\s*(?:,|and|,\s*and)\s*$/.test(before));
  // "…, and each classroom has …": a new clause with its own subject.
  const newClause = /(^|,|\band|\bwhile|\bwhere)\s*(each|every)\s+$/.test(before) && index > 0;
  st.previousWasObject = false;
  st.previousWasKey = false;
  const verb =
    previous !== undefined &&
    previous.entity === st.subject &&
    m.entity !== st.subject &&
    inPlural(sentence, previous)
      ? verbBetween(sentence, (st.tagged ??= readWords(sentence)), previous.end, m.start)
      : undefined;
  if (verb !== undefined && st.subject !== undefined) {
    const deed = nounsOfVerb(verb.lemma)
      .map((noun) => sc.entities.find(noun))
      .find((e) => e !== undefined && e !== st.subject && e !== m.entity);
    if (deed !== undefined) {
      addRelation(sc.scan, deed, st.subject);
      addRelation(sc.scan, deed, m.entity);
    } else if (/^(reference|belong|point|join|attach)$/.test(verb.lemma)) {
      // "dogs reference kennels": the subject's rows are the ones that refer.
      addRelation(sc.scan, st.subject, m.entity);
    } else addRelation(sc.scan, m.entity, st.subject);
    // "customers review restaurants: stars, …": what follows describes the deed.
    st.subject = deed ?? m.entity;
  } else if (newClause) {
    st.subject = m.entity;
    st.subjectByEach = true;
  } else if (/\b(linked|connected|joined)\s+(through|via|by)$|\b(through|via)$/.test(words.join(' '))) {
    for (const e of st.groupSinceStart) if (e !== m.entity) addRelation(sc.scan, m.entity, e);
    // "papers and authors linked by authorship": a table linking two others, one row a pair.
    if (st.groupSinceStart.filter((e) => e !== m.entity).length === 2) sc.scan.junctions.add(m.entity);
    st.subject = m.entity;
  } else if (st.subject !== undefined && hasMany && m.entity !== st.subject) {
    // "posts have many comments": the comment refers to its post.
    if (sc.scan.relations.some((r) => r.child === st.subject && r.parent === m.entity))
      sc.scan.junctions.add(st.subject);
    addRelation(sc.scan, m.entity, st.subject);
    // Brought in by a verb of having ("holding 1-6 tickets"), not as the next item of a list.
    st.hadBy = /\b(with|has|have|having|holding|holds|hold|contains?|containing|including|includes?)\b/.test(
      before,
    )
      ? st.subject
      : undefined;
    st.subject = m.entity;
  } else if (
    st.subject !== undefined &&
    m.entity === st.subject &&
    (determiner === 'self' || /\b(is also|also an?|who is)\b/.test(before))
  ) {
    const role =
      /\b([a-z]+)\s+(?:who|which|that)\s+is\b/.exec(before)?.[1] ??
      /\b([a-z]+)\s+to\s+(another|other)\b/.exec(before)?.[1] ??
      'parent';
    addRelation(sc.scan, st.subject, st.subject, role === 'reports' ? 'manager' : role);
  } else if (
    st.subject !== undefined &&
    m.entity !== st.subject &&
    (relationWord || continues || /\bbetween\s*$/.test(head))
  ) {
    // "ticket orders holding 1-6 tickets per order, buyer email": the rows counted per their
    // parent were an aside; a comma after the parent goes back to it.
    const aside =
      /\b(?:per|(?:on|for|in)\s+(?:each|every))\s*$/.test(before) &&
      st.hadBy === m.entity &&
      /^\s*[,;](?!\s*(?:each|every|and|plus|with)\b)/.test(sentence.slice(m.end));
    addRelation(sc.scan, st.subject, m.entity);
    if (aside) {
      st.subject = m.entity;
      st.subjectByEach = false;
    }
    st.previousWasObject = true;
    st.previousWasKey = /\b(?:keyed\s+(?:by|to|on)|fks?\s+to)\s*$/.test(head) || (continues && wasKey);
    if (/\b(between|linking|joining|join|joins|connecting)\b/.test(trailing) || continues) {
      if (/\b(between|linking|joining|join|joins|connecting)\b/.test(sentence.slice(0, m.start)))
        sc.scan.junctions.add(st.subject);
    }
  } else if (st.subject === undefined && /\bbetween\s*$/.test(head)) {
    st.groupSinceStart.push(m.entity);
    return true;
  } else if (st.subject !== undefined && namesOneRow(m, previous, before, st)) {
    // "each shift puts a nurse on a ward", "a delivery uses one truck": whatever the verb, one
    // thing that each row of the subject names is its parent.
    addRelation(sc.scan, st.subject, m.entity);
    st.previousWasObject = true;
  } else {
    st.subject = m.entity;
    st.subjectByEach = /\b(each|every|a|an)\s+$/.test(before);
  }
  return false;
}

/**
 * "each shift puts a nurse on a ward", "a delivery uses one truck": one row of another table that
 * each row of the subject names.
 */
function namesOneRow(m: Mention, previous: Mention | undefined, before: string, st: SentenceScan): boolean {
  const { sentence } = st;
  return (
    (st.subjectByEach ||
      // "leases tying a tenant to a unit", "trips pairing a truck with a driver": a plural table,
      // one verb, and one row of another table.
      (previous?.entity === st.subject &&
        /^\s*(?!(?:plus|and|or|as|is|was|has|its|this|less|minus|versus)\s)[a-z]+(?:ing|ed|s)\s+(?:a|an|one)\s+$/.test(
          before,
        ))) &&
    m.entity !== st.subject &&
    /\b(a|an|one|the|single)\s+$/.test(before) &&
    !inPlural(sentence, m) &&
    // ("a device table (…) and an alert table": two tables named outright, no row of either.)
    !/\btable$/.test(sentence.slice(m.start, m.end)) &&
    !/^\s*table\b/.test(sentence.slice(m.end)) &&
    // ("a potter books a wheel at most once": a rule on pairs, no row of one owning the other.)
    !/^[^,;]*\b(?:at most once|only once|once per|twice|more than once|the same)\b/.test(
      sentence.slice(m.end),
    )
  );
}

/**
 * After a mention: an owner ("each restaurant's menu items"), a pronoun for the table before ("200
 * employees in them", "40 users posted them"), and the text up to the next mention as the subject's
 * columns.
 */
function afterMention(m: Mention, index: number, end: number, st: SentenceScan, sc: Scanner): void {
  const { sentence, mentions } = st;
  // "each restaurant's menu items": the owner's rows.
  const owner = /([a-z]+)'s\s+(?:[a-z]+\s+)?$/.exec(sentence.slice(0, m.start));
  const owning = owner === null ? undefined : sc.entities.find(owner[1]!);
  if (owning !== undefined && owning !== m.entity) addRelation(sc.scan, m.entity, owning);
  // "200 employees in them", "120 return requests for those": the thing named just before.
  const pronoun =
    /^\s*(?:in|of|for|on|at|under|from|within|across|belonging to)\s+(?:(?:each|every one|all|one) of\s+)?(?:them|it|those|these)\b/;
  const earlier =
    mentions
      .slice(0, index)
      .reverse()
      .find((x) => x.entity !== m.entity)?.entity ??
    (sc.previousSubject !== m.entity ? sc.previousSubject : undefined);
  if (earlier !== undefined && pronoun.test(sentence.slice(m.end))) addRelation(sc.scan, m.entity, earlier);
  // "40 users posted them", "agents answered them": the thing named before belongs to this one.
  const agent =
    /^\s*(?:[a-z]+ed|wrote|made|sent|took|gave|own|owns|created|placed)\s+(?:them|it|those|these)\b/;
  if (earlier !== undefined && agent.test(sentence.slice(m.end))) addRelation(sc.scan, earlier, m.entity);
  st.groupSinceStart.push(m.entity);
  // Field text: from this mention to the next, attributed to the subject.
  // A number just before the next mention counts that mention ("each owning 1-3 accounts").
  const tail =
    index + 1 < mentions.length
      ? sentence.slice(m.end, end).replace(COUNT_OF_NEXT, ' ')
      : sentence.slice(m.end, end);
  // "auditors audit units": the verb between two tables is the relation, no column.
  const verbOnly =
    index + 1 < mentions.length &&
    /^\s*[a-z]+\s*$/.test(tail) &&
    verbBetween(sentence, (st.tagged ??= readWords(sentence)), m.end, end) !== undefined;
  if (st.subject !== undefined && !verbOnly) addText(sc.scan, st.subject, tail);
}

/** "each employee reports to a manager", "referred by a coworker": a person of the same table. */
function selfReference(st: SentenceScan, sc: Scanner): void {
  const { sentence } = st;
  const self =
    /\b(?:reports?|reporting)\s+to\s+(?:a|an|their|his|her|the|one)\s+(manager|supervisor|boss|lead|team lead|head)\b|\b(?:has|have|with)\s+(?:a|an|one)\s+(?:direct\s+|line\s+)?(manager|supervisor|boss)\b|\b(?:referred|invited|recruited|sponsored|mentored)\s+by\s+(?:a|an|another|one)\s+(coworker|colleague|friend|member|user|customer|employee|peer|player|student)\b/.exec(
      sentence,
    );
  const about = st.subject ?? sc.lastMentioned;
  if (
    self !== null &&
    about !== undefined &&
    !sc.scan.relations.some((r) => r.child === about && r.parent === about) &&
    sc.entities.find(self[1] ?? self[2] ?? '') === undefined &&
    // ("each project has a manager", "each customer has a manager" name a person of another table,
    // or none: only staff have managers among themselves.)
    (self[2] === undefined || STAFF.test(about.key))
  )
    addRelation(
      sc.scan,
      about,
      about,
      self[1] !== undefined || self[2] !== undefined ? 'manager' : 'referrer',
    );
}

/**
 * "25 players per team; position (GK, DEF), shirt number 1-99": a sentence that names no table lists
 * more columns of the table named last. "Measures: amount, authorized_at": a star schema's measures
 * are its fact table's columns.
 */
function moreColumns(st: SentenceScan, sc: Scanner): void {
  const { sentence, mentions } = st;
  if (
    mentions.length === 0 &&
    sc.fact !== undefined &&
    /^\s*(?:[a-z]+\s+)?(?:measures|metrics)\b/.test(sentence)
  )
    addText(sc.scan, sc.fact, `: ${sentence.replace(/^\s*(?:[a-z]+\s+)?(?:measures|metrics)\s*:?/, '')}`);
  else if (
    mentions.length === 0 &&
    sc.lastMentioned !== undefined &&
    (/[,(]|\bor\b|\d/.test(sentence) || sentence.trim().split(/\s+/).length <= 4)
  )
    addText(sc.scan, sc.lastMentioned, `: ${sentence}`);
}
