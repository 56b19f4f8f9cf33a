/**
 * Things listed in a prompt: "students, courses and enrollments", "hotels, rooms in each hotel, guests
 * and reservations", "patients and appointments". Read from the parts of speech, not from phrases:
 * a list is noun phrases joined by commas and `and`; a noun phrase is adjectives and nouns ending in a
 * noun (its head). Tables are named in the plural and columns in the singular, so in a list of things
 * every plural head is a table; in a list of columns (after `with`, `having`, `including`, or inside
 * parentheses after a table) a plural head is a table only when it is counted ("with 30 agents").
 */
import type { Entities } from './entities.js';
import {
  ADJECTIVES,
  COLLECTION_WORDS,
  isClassifying,
  COUNTED_UNITS,
  LOCALE_WORD_SET,
  RECORD_WORDS,
  ROW_WORDS,
  STOP_WORDS,
  UNITS,
} from './lexicon.js';
import { typeFromName } from '../detect/naming.js';
import { isKnownThing, knownByName } from './knowledge.js';
import { isPluralNoun, spacedDash, type Word } from './reader.js';
import { isPlural, singular, snake } from './text.js';

/** One noun phrase of a list: its words, head (last noun), and whether a number counts it. */
interface Phrase {
  first: number;
  head: number;
  counted: boolean;
}

const NOUNISH = new Set(['NOUN', 'PROPN', 'ADJ']);
/** "patients and their prescriptions": a possessive opens a noun phrase like a determiner. */
const POSSESSIVES = new Set(['their', 'its', 'his', 'her', 'our', 'my', 'your']);
const JOINERS = new Set([',', 'and', '&', 'plus']);
const COLUMN_INTROS = new Set(['with', 'having', 'including', 'containing', 'has', 'have', 'incl']);
const CLAUSE_ENDS = new Set(['.', ';', '?', '!']);
/** Verbs of having before the things had: "each post has comments with …". */
const HAVING = /^(has|have|contains?|includes?|holds?|gets?)$/;
/** Verbs that hang things on a list item like a preposition: "viewings linking listings to buyers". */
const LINKING = new Set(['linking', 'connecting', 'joining', 'between']);
/** Plural nouns that name the data itself, never a table of it: "sample data", "500 rows". */
const NOT_TABLES = new Set([
  'data',
  'datasets',
  'rows',
  'entries',
  'fixtures',
  'things',
  'values',
  'details',
  'columns',
  'cols',
  // "Korean names please": names of people, not a table of names.
  'names',
]);
/** Words about the data rather than of it: "table products", "test users", "sample orders". */
const META = new Set([
  'table',
  'dataset',
  'data',
  'list',
  'set',
  'sample',
  'test',
  'mock',
  'fake',
  'dummy',
  'demo',
  'seed',
  'synthetic',
  'random',
  'example',
  'realistic',
]);

/** Whether a word is a verb in -ing ("charging", "tracking"), which may name a kind of thing. */
function isGerund(word: Word | undefined): boolean {
  return word?.pos === 'VERB' && /[a-z]{3}ing$/.test(word.text);
}

/** The noun phrase starting at word `i`, if any: DET/NUM, then adjectives and nouns, ending with a noun. */
function phraseAt(words: readonly Word[], i: number): { phrase: Phrase; next: number } | undefined {
  let j = i;
  let counted = false;
  while (
    j < words.length &&
    (words[j]!.pos === 'DET' || words[j]!.pos === 'NUM' || POSSESSIVES.has(words[j]!.text))
  ) {
    if (words[j]!.pos === 'NUM' && /^\d/.test(words[j]!.text)) counted = true;
    j++;
  }
  const first = j;
  let head = -1;
  // "EV charging sessions": a gerund before a noun is part of the phrase, but not after a plural
  // ("customers reviewing products" is a clause).
  const gerund = (k: number) =>
    isGerund(words[k]) && words[k + 1]?.pos === 'NOUN' && (k === 0 || !isPluralNoun(words[k - 1]!));
  while (j < words.length && (NOUNISH.has(words[j]!.pos) || gerund(j)) && !STOP_WORDS.has(words[j]!.text)) {
    if (words[j]!.pos !== 'ADJ' && words[j]!.pos !== 'VERB') head = j;
    j++;
  }
  if (head < 0) return undefined;
  // "every employee reports to a manager": after "each"/"every", a last word in -s before a preposition
  // or an article is the verb the tagger read as a noun.
  if (
    head > first &&
    /^(each|every)$/.test(words[first - 1]?.text ?? '') &&
    /s$/.test(words[head]!.text) &&
    /^(ADP|DET)$/.test(words[head + 1]?.pos ?? '')
  )
    return { phrase: { first, head: head - 1, counted }, next: head + 1 };
  return { phrase: { first, head, counted }, next: head + 1 };
}

/** Skips what hangs on a list item: "(each album by one artist)", "in each hotel", "for a clinic". */
function skipAttachments(words: readonly Word[], i: number, objects: Phrase[] = []): number {
  let j = i;
  for (;;) {
    const word = words[j];
    if (word === undefined) return j;
    if (word.text === '(') {
      let depth = 0;
      for (; j < words.length; j++) {
        if (words[j]!.text === '(') depth++;
        else if (words[j]!.text === ')' && --depth === 0) break;
      }
      j++;
      continue;
    }
    if ((word.pos === 'ADP' && !COLUMN_INTROS.has(word.text)) || LINKING.has(word.text)) {
      const object = phraseAt(words, j + 1);
      if (object === undefined) return j;
      objects.push(object.phrase);
      j = object.next;
      continue;
    }
    return j;
  }
}

/** The key of a phrase: its head's lemma, with the noun before it ("order items" → `order_item`). */
function keyOf(words: readonly Word[], phrase: Phrase): string | undefined {
  const head = words[phrase.head]!;
  const before = phrase.head > phrase.first ? words[phrase.head - 1] : undefined;
  // "a school roster of 600 pupils", "dealership inventory of 75 cars": the collection is of the
  // things after "of", which are the table.
  if (
    (ROW_WORDS.has(head.text) || COLLECTION_WORDS.has(head.text) || RECORD_WORDS.has(head.text)) &&
    words[phrase.head + 1]?.text === 'of' &&
    words[phrase.head + 2] !== undefined &&
    (words[phrase.head + 2]!.pos === 'NUM' || isPluralNoun(words[phrase.head + 2]!))
  )
    return undefined;
  // "test drives", "facility work orders": a name the knowledge base knows by two words (as its name or
  // one of its other names) keeps both, though the first alone would be a word about the data
  // ("test") or an adjective, and a noun before them a compound of its own ("facility").
  const known = before === undefined ? undefined : snake(`${before.text} ${head.lemma}`);
  if (known !== undefined && knownByName(known) !== undefined) return known;
  // "profile rows", "feature_flags rows": the rows are the noun's; "harvest records" are records of it.
  if (
    before !== undefined &&
    (before.pos !== 'ADJ' || isClassifying(before.text)) &&
    !META.has(before.text)
  ) {
    // ("feeding schedule rows" are a feeding schedule's: a singular before the word for rows is read
    // with its own modifier.)
    if (ROW_WORDS.has(head.text) || COLLECTION_WORDS.has(head.text))
      return (
        (isPluralNoun(before) ? undefined : keyOf(words, { ...phrase, head: phrase.head - 1 })) ??
        snake(before.lemma)
      );
    // "tutoring sessions log", "timesheet entries log an employee's hours": after a plural the log
    // is the plural's (or a verb); "call center log" is a log of calls.
    if (RECORD_WORDS.has(head.text) && isPluralNoun(before))
      return keyOf(words, { ...phrase, head: phrase.head - 1 });
    if (RECORD_WORDS.has(head.text)) return snake(`${before.text} ${head.lemma}`);
  }
  // "max uses", "total bookings": a limit or a count of things is a column.
  if (before !== undefined && /^(max|min|maximum|minimum|total|num|avg|average)$/.test(before.text))
    return undefined;
  const unit = UNITS.has(head.text) && (phrase.counted || !COUNTED_UNITS.has(head.text));
  if (unit || STOP_WORDS.has(head.text) || NOT_TABLES.has(head.text)) return undefined;
  // "order items" is an order_item; in "high school students" the nouns before the head are a
  // compound of their own, and the head alone names the table.
  const twoBefore = phrase.head - 2 >= phrase.first ? words[phrase.head - 2] : undefined;
  // A gerund names the kind of the head ("EV charging sessions" are charging sessions).
  const gerund = isGerund(before);
  if (
    !gerund &&
    twoBefore !== undefined &&
    (twoBefore.pos === 'NOUN' || twoBefore.pos === 'ADJ' || twoBefore.pos === 'PROPN')
  )
    return snake(head.lemma);
  // A noun, a gerund or an adjective that sorts the things into kinds ("open houses", "interlibrary
  // requests"), but no word that describes them ("deep shafts", "alpine cabins"), about the data
  // ("sample", "new") or a locale ("Italian").
  const modifier =
    before !== undefined &&
    (before.pos === 'NOUN' || gerund || (before.pos === 'ADJ' && isClassifying(before.text))) &&
    !META.has(before.text) &&
    !ADJECTIVES.has(before.text) &&
    !LOCALE_WORD_SET.has(before.text)
      ? before.text
      : undefined;
  return snake([modifier, head.lemma].filter((w) => w !== undefined).join(' '));
}

/**
 * Adds the plural things of every list of things to `entities`. Returns where titles over such lists
 * are ("Hotel bookings: hotels, rooms…"), which are no tables either. The passes, in order: plurals
 * with columns of their own, tables in a table's column list, things had with a possessive, plurals
 * a clause follows, then every list of things.
 */
export function findEnumerations(words: readonly Word[], entities: Entities): { from: number; to: number }[] {
  pluralsWithColumns(words, entities);
  tablesInColumnLists(words, entities);
  possessedThings(words, entities);
  pluralsBeforeAClause(words, entities);
  return listsOfThings(words, entities);
}

/**
 * "…, courses with credits": a plural that opens a column list of its own is a table, even inside
 * another table's list.
 */
function pluralsWithColumns(words: readonly Word[], entities: Entities): void {
  for (let i = 1; i < words.length - 1; i++) {
    const word = words[i]!;
    // "…, and games between two players": a plural between two rows of another table is one too
    // ("scores between 1 and 10" is a range).
    // A snake_case link table ("employee_skills linking the two") is read with the others it joins.
    const between =
      !word.text.includes('_') &&
      /^(between|linking|connecting|joining)$/.test(words[i + 1]!.text) &&
      !(words[i + 2]?.pos === 'NUM' && /^(and|to|-)$/.test(words[i + 3]?.text ?? ''));
    // "…, and replies on each ticket", "check results for each monitor": rows of each row of another.
    const ofEach =
      /^(on|for|in|per|under|within|of)$/.test(words[i + 1]!.text) &&
      /^(each|every)$/.test(words[i + 2]?.text ?? '') &&
      words[i + 3]?.pos === 'NOUN';
    // "…, and product reviews (star rating + comment)": a plural with columns of its own in parentheses.
    const ownColumns = words[i + 1]!.text === '(' && columnsInParentheses(words, i + 1);
    // One noun may come before the plural ("check results").
    const first = words[i - 1]?.pos === 'NOUN' && /^(,|and|;)$/.test(words[i - 2]?.text ?? '') ? i - 1 : i;
    // ("has comments with …": after a verb of having, a word in -s the tagger read as a verb is a noun.)
    const had = word.pos === 'VERB' && HAVING.test(words[i - 1]!.text) && isPlural(word.text);
    if (
      (isPluralNoun(word) || had) &&
      !UNITS.has(word.text) &&
      (/^(with|having|including|containing)$/.test(words[i + 1]!.text) || between || ofEach || ownColumns) &&
      // ("each post can have comments with text, …", "customers who place orders with a total": things
      // had or done, with columns of their own.)
      (/^(,|and|;)$/.test(words[first - 1]!.text) ||
        HAVING.test(words[first - 1]!.text) ||
        words[first - 1]!.pos === 'VERB' ||
        /^(who|that|which)$/.test(words[first - 2]?.text ?? ''))
    ) {
      const key = keyOf(words, { first, head: i, counted: false });
      if (key !== undefined) entities.add(key, word.at).written ||= word.text.includes('_');
    } else if (
      ownColumns &&
      word.pos === 'NOUN' &&
      !UNITS.has(word.text) &&
      // "visits (…) to vets (name, clinic)", "and the vet (name, clinic) who saw it": a thing with
      // columns of its own in parentheses after a preposition or an article is a table too.
      /^(to|for|from|at|by|of|on|in|the|a|an|each|every)$/.test(words[first - 1]!.text)
    ) {
      const key = keyOf(words, { first, head: i, counted: false }) ?? singular(word.text);
      if (key !== undefined) entities.add(key, word.at);
    }
  }
}

/**
 * "orders with order lines", "playlists with playlist tracks", "products with variants (size,
 * color)": in a table's column list, its own kind of rows (named after it, and no column's name as
 * "employee ids" is) or a plural with columns of its own in parentheses, where only things follow
 * it ("items (sku, qty), status and total" are the order's columns), are tables.
 */
function tablesInColumnLists(words: readonly Word[], entities: Entities): void {
  for (let w = 1; w < words.length - 1; w++) {
    if (!/^(with|having|including|plus)$/.test(words[w]!.text)) continue;
    const owner = words[w - 1]!;
    if (!isPluralNoun(owner) || UNITS.has(owner.text)) continue;
    const items: { phrase: Phrase; key: string | undefined; own: boolean; parenthesised: boolean }[] = [];
    for (let k = w + 1; k < words.length;) {
      const item = phraseAt(words, k);
      if (item === undefined) break;
      const head = words[item.phrase.head]!;
      const modifier = item.phrase.head > item.phrase.first ? words[item.phrase.head - 1]! : undefined;
      const plural = isPluralNoun(head) && !UNITS.has(head.text) && !NOT_TABLES.has(head.text);
      const key = plural ? keyOf(words, item.phrase) : undefined;
      const column = key === undefined || typeFromName(key) !== undefined;
      items.push({
        phrase: item.phrase,
        key,
        own: !column && modifier !== undefined && modifier.text === singular(owner.text),
        parenthesised:
          !column && words[item.next]?.text === '(' && columnsInParentheses(words, item.next, true),
      });
      let next = item.next;
      if (words[next]?.text === '(') while (next < words.length && words[next]!.text !== ')') next++;
      if (words[next]?.text === ')') next++;
      if (!JOINERS.has(words[next]?.text ?? '')) break;
      while (next < words.length && JOINERS.has(words[next]!.text)) next++;
      k = next;
    }
    const known = (item: (typeof items)[number]) =>
      item.key !== undefined && knownByName(item.key) !== undefined;
    const tables = items.filter(
      (item, n) =>
        item.own || (item.parenthesised && items.slice(n + 1).every((after) => after.own || known(after))),
    );
    // (Once one item is such a table, the things of the list the knowledge base knows are tables too:
    // "products with variants (size, color) and reviews".)
    if (tables.length > 0) tables.push(...items.filter((item) => known(item) && !tables.includes(item)));
    for (const item of tables) entities.add(item.key!, words[item.phrase.first]!.at);
  }
}

/**
 * "plants with their work orders - product, …": things a table has, named with its possessive, are a
 * table (columns are no one's).
 */
function possessedThings(words: readonly Word[], entities: Entities): void {
  for (let p = 1; p < words.length - 1; p++) {
    if (!/^(their|its)$/.test(words[p]!.text) || !/^(with|and)$/.test(words[p - 1]!.text)) continue;
    const phrase = phraseAt(words, p + 1);
    if (phrase === undefined || !isPluralNoun(words[phrase.phrase.head]!)) continue;
    if (UNITS.has(words[phrase.phrase.head]!.text)) continue;
    const key = keyOf(words, phrase.phrase);
    if (key !== undefined) entities.add(key, words[phrase.phrase.first]!.at);
  }
}

/**
 * "devices (name, room) and the alerts they raise: …": a plural that a clause of its own follows
 * ("they raise", "we ship") is a table, not a column.
 */
function pluralsBeforeAClause(words: readonly Word[], entities: Entities): void {
  for (let i = 1; i < words.length - 2; i++) {
    const word = words[i]!;
    if (
      (isPluralNoun(word) ||
        (word.pos === 'VERB' && /[^s]s$/.test(word.text) && words[i - 1]!.pos === 'DET')) &&
      !UNITS.has(word.text) &&
      /^(they|we|you|it|he|she|i)$/.test(words[i + 1]!.text) &&
      words[i + 2]!.pos === 'VERB' &&
      /^(the|those|these|all|any)$/.test(words[i - 1]!.text)
    ) {
      const key = snake(singular(word.text));
      if (!NOT_TABLES.has(word.text)) entities.add(key, word.at);
    }
  }
}

/**
 * Every list of things: phrases joined by commas and "and"; in a list of things (not columns) every
 * plural is a table. A title over such a list ("Restaurant orders: 15 restaurants, …") is no table.
 */
function listsOfThings(words: readonly Word[], entities: Entities): { from: number; to: number }[] {
  const titles: { from: number; to: number }[] = [];
  for (let i = 0; i < words.length;) {
    const start = phraseAt(words, i);
    if (start === undefined) {
      i++;
      continue;
    }
    // The list that starts here: phrases joined by commas and "and", each with its attachments.
    const items: Phrase[] = [start.phrase];
    // Things the items hang on: "replies to tickets by agents" names agents too.
    const objects: Phrase[] = [];
    let j = skipAttachments(words, start.next, objects);
    while (j < words.length && JOINERS.has(words[j]!.text)) {
      let k = j;
      while (k < words.length && JOINERS.has(words[k]!.text)) k++;
      // "…, each reports to …" starts a clause about the items, not another item.
      if (/^(each|every)$/.test(words[k]?.text ?? '')) break;
      const next = phraseAt(words, k);
      if (next === undefined) break;
      items.push(next.phrase);
      j = skipAttachments(words, next.next, objects);
    }
    // "Restaurant orders: 15 restaurants, 200 menu items…", "Support tickets and their replies: 15
    // agents, 300 tickets…": a title over a list of things is no table.
    const colon = titleColon(words, i);
    if (colon !== undefined) {
      const after = phraseAt(words, colon + 1);
      const afterHead = after === undefined ? undefined : words[after.phrase.head]!;
      if (
        after !== undefined &&
        !NOT_TABLES.has(afterHead!.text) &&
        (after.phrase.counted || isPluralNoun(afterHead!))
      ) {
        titles.push({ from: words[start.phrase.first]!.at, to: words[colon]!.end });
        i = colon + 1;
        continue;
      }
    }
    const columns = afterColumnIntro(words, i, titles) && !thingsOfOne(words, i, items);
    const plural = items.filter(
      (p) =>
        (isPluralNoun(words[p.head]!) &&
          (!UNITS.has(words[p.head]!.text) || COUNTED_UNITS.has(words[p.head]!.text)) &&
          // ("name, species": a word the same in both numbers is a plural only where counted.)
          (singular(words[p.head]!.text) !== words[p.head]!.text || p.counted)) ||
        words[p.head]!.text === 'people' ||
        ((words[p.head]!.text === 'rows' || words[p.head]!.text === 'table') &&
          p.head > p.first &&
          words[p.head - 1]!.pos === 'NOUN') ||
        // "helpdesk call log", "reagent inventory": a singular collection of the noun before it.
        ((RECORD_WORDS.has(words[p.head]!.text) || COLLECTION_WORDS.has(words[p.head]!.text)) &&
          p.head > p.first &&
          words[p.head - 1]!.pos === 'NOUN'),
    );
    const listOfThings = !columns && (items.length === 1 || plural.length * 2 >= items.length);
    // "harvest records, crop, yield, harvest date": a plural first, then only singular names, where a
    // clause starts, is a table and its columns.
    if (
      !columns &&
      !listOfThings &&
      plural.length === 1 &&
      plural[0] === items[0] &&
      startsClause(words, i)
    ) {
      const key = keyOf(words, items[0]!);
      if (key !== undefined) entities.add(key, words[items[0]!.first]!.at);
    }
    for (const phrase of plural) {
      if (!listOfThings && !phrase.counted) continue;
      // "Retreat guests from Spain, 80 people", "Conference attendees in Italy, 500 people: name, …":
      // the people are the guests, counted.
      if (
        /^(people|persons|rows|records|entries|items)$/.test(words[phrase.head]!.text) &&
        words[phrase.first - 2]?.text === ',' &&
        phrase.first > 2
      )
        continue;
      if (items.length === 1 && !phrase.counted && !startsClause(words, i)) continue;
      const key = keyOf(words, phrase);
      if (key !== undefined)
        entities.add(key, words[phrase.first]!.at).written ||= words[phrase.head]!.text.includes('_');
    }
    if (listOfThings && items.length > 1) {
      for (const phrase of objects) {
        if (!isPluralNoun(words[phrase.head]!) || UNITS.has(words[phrase.head]!.text)) continue;
        const key = keyOf(words, phrase);
        if (key !== undefined)
          entities.add(key, words[phrase.first]!.at).written ||= words[phrase.head]!.text.includes('_');
      }
    }
    i = Math.max(j, i + 1);
  }
  return titles;
}

/**
 * Whether the list at word `i`, after "with", names the things one place has many of: "a library with
 * books, authors and members", "a shop with products and orders". A singular before "with" (after an
 * article, or opening the clause) and two or more plurals, each a thing the knowledge base knows or a
 * kind of person: tables, where "a user with name and email" names columns and "each listing with
 * bedrooms and bathrooms" or "a video with views and likes" counts.
 */
function thingsOfOne(words: readonly Word[], i: number, items: readonly Phrase[]): boolean {
  const intro = words[i - 1];
  const owner = words[i - 2];
  if (intro === undefined || owner === undefined || !/^(with|having|including|containing)$/.test(intro.text))
    return false;
  if (owner.pos !== 'NOUN' || isPlural(owner.text) || ROW_WORDS.has(owner.text) || META.has(owner.text))
    return false;
  const lead = words[i - 3];
  const opens = lead === undefined || /^(a|an|the|our|my|one)$/.test(lead.text) || startsClause(words, i - 2);
  const thing = (p: Phrase) => {
    const key = isPluralNoun(words[p.head]!) && !UNITS.has(words[p.head]!.text) ? keyOf(words, p) : undefined;
    return key !== undefined && isKnownThing(key);
  };
  return opens && items.length >= 2 && items.every(thing);
}

/**
 * Whether the parentheses opening at word `open` list columns ("(star rating + comment)", "(sku, qty)")
 * rather than values ("(python, java)") or a count: two items or more, at least half of them names the
 * naming module types; when `every`, all of them, none a kind of person ("(admin, editor)" are roles).
 */
function columnsInParentheses(words: readonly Word[], open: number, every = false): boolean {
  const items: string[][] = [[]];
  for (let k = open + 1; k < words.length && words[k]!.text !== ')'; k++) {
    const text = words[k]!.text;
    // "(email, phone or sms)": choices, not columns.
    if (text === 'or') return false;
    if (/^(,|\+|and|&|\/)$/.test(text)) items.push([]);
    else if (words[k]!.pos === 'NUM' || text === '(') return false;
    else items.at(-1)!.push(text);
  }
  const named = items.filter((item) => item.length > 0);
  const types = named.map((item) => typeFromName(item.join('_'))?.type);
  const typed = types.filter((type) => type !== undefined);
  if (every) return named.length >= 2 && typed.length === named.length && !types.includes('full_name');
  return named.length >= 2 && typed.length * 2 >= named.length;
}

/**
 * Whether the list at word `i` is a list of columns: it follows `with`, `having`, `(`, or the colon
 * of a table header ("listings: address, price, bedrooms"), perhaps after items the tagger did not read
 * as nouns ("address" tagged as a verb).
 */
function afterColumnIntro(
  words: readonly Word[],
  i: number,
  titles: readonly { from: number; to: number }[],
): boolean {
  // Back over the items before it, each of a few words ("street address, warm rent 500-2000 €, rooms"),
  // to what opened the list; "and" or the start of the clause ends the walk. A word the tagger read
  // as no noun ("away goals") still starts the item.
  let k = i - 1;
  if (
    k > 0 &&
    /^(ADV|ADJ|VERB)$/.test(words[k]!.pos) &&
    !COLUMN_INTROS.has(words[k]!.text) &&
    words[k - 1]!.text === ','
  )
    k--;
  while (k >= 2 && words[k]!.text === ',') {
    let m = k - 1;
    for (let length = 0; m >= 0 && length < 8; length++, m--) {
      const text = words[m]!.text;
      // "balcony (bool)", "buyers (name, email)": a parenthesis is part of its item.
      if (text === ')') {
        while (m > 0 && words[m]!.text !== '(') m--;
        continue;
      }
      if (/^[,:;.(!?]$/.test(text) || text === 'and' || COLUMN_INTROS.has(text)) break;
      // "Listings — address, city, bedrooms 1-6": a dash set off by spaces opens the list too.
      if (spacedDash(words, m)) break;
      // "with 5-7 players each, 8 tournaments": counted things are no columns.
      if (isPluralNoun(words[m]!) && words[m - 1]?.pos === 'NUM') return false;
    }
    if (m === k - 1 || m < 0) break;
    k = m;
    if (words[k]!.text !== ',') break;
  }
  const before = words[k];
  if (before === undefined || k < 1) return false;
  if (COLUMN_INTROS.has(before.text) || before.text === '(') return true;
  return (
    (before.text === ':' || before.text === '-') &&
    // "player stats per game:" heads a list of columns too.
    (isPluralNoun(words[k - 1]!) ||
      // "server inventory - hostname, …", "workout log: exercise, sets, reps": a collection of rows.
      ((RECORD_WORDS.has(words[k - 1]!.text) || COLLECTION_WORDS.has(words[k - 1]!.text)) &&
        words[k - 2]?.pos === 'NOUN') ||
      (/^(per|each|by)$/.test(words[k - 2]?.text ?? '') && isPluralNoun(words[k - 3] ?? words[k - 1]!))) &&
    !titles.some((title) => before.at >= title.from && before.at < title.to)
  );
}

/** The colon that ends a title starting at word `i` (a clause's first words, no comma between), if any. */
function titleColon(words: readonly Word[], i: number): number | undefined {
  if (!startsClause(words, i)) return undefined;
  for (let k = i; k < Math.min(words.length, i + 8); k++) {
    const text = words[k]!.text;
    if (text === ':') return k;
    // "Lab notebook data — experiments and their samples": a dash set off by spaces after a singular
    // title ends it too ("check-ins" is one word; "tire sets - brand, size" lists columns).
    if (k > i && spacedDash(words, k) && (!isPluralNoun(words[k - 1]!) || NOT_TABLES.has(words[k - 1]!.text)))
      return k;
    if (CLAUSE_ENDS.has(text) || text === ',') return undefined;
  }
  return undefined;
}

/** Whether word `i` begins a clause: the start, or after `.`, `;`, `:` or a verb ("generate users"). */
function startsClause(words: readonly Word[], i: number): boolean {
  let k = i - 1;
  while (k >= 0 && (words[k]!.pos === 'DET' || words[k]!.pos === 'NUM' || words[k]!.pos === 'ADJ')) k--;
  const before = words[k];
  return before === undefined || CLAUSE_ENDS.has(before.text) || before.text === ':' || before.pos === 'VERB';
}
