/**
 * Tables read from clauses about rows rather than from lists of things: a thing written one row at a
 * time ("each pipeline run belongs to a repository"), a plural a relative clause is about ("users who
 * belong to an account"), the table a many-to-many names or a compound that links two tables, and
 * things each row has that the prompt or the knowledge base knows as rows ("every post has comments").
 */
import type { Entities } from './entities.js';
import { knownEntity } from './knowledge.js';
import { CREATES, HUNG_NOT_TABLES, LINK_KINDS, STOP_WORDS, UNITS, VIA_LINK } from './lexicon.js';
import { isPluralNoun, type Word } from './reader.js';
import { isPlural, keyOfWords, singular } from './text.js';

/** Verbs by which one row of a thing names a row of another: "each run belongs to a repository". */
const ROW_RELATION =
  /^(?:belongs to|is (?:of|for|by|from|at|in|on|under|with)|(?:is|gets) [a-z]+ed (?:to|by|at|for|on|in|from|against|under)|references|refers to|points to|is linked to|is tied to)\s+(?:(?:a|an|one|the|exactly one|a single|its|their)\s+)?([a-z]+(?: [a-z]+)?)/;
/** Verbs by which one row of a thing holds columns: "a loan has borrowed_on, due_on and returned_on". */
const ROW_HOLDS = /^(?:has|have|holds|records|stores|tracks|carries|contains|needs|gets)\s+(.*)$/;

/**
 * "Each pipeline run belongs to a repository", "A rental is of one car", "a loan has borrowed_on,
 * due_on, returned_on": a thing written one row at a time at the start of a clause, that names a row
 * of a table or lists columns, is a table too.
 */
export function findSingularSubjects(text: string, words: readonly Word[], entities: Entities): void {
  // (At the start of a sentence the article may be left out: "customer has many orders".)
  const re =
    /(?:(?:^|[.;:!?(]\s*|\b(?:and|where|while|but)\s+)(?:each|every|a|an|one)\s+|(?:^|[.;!?]\s*)(?=[a-z]+\s+(?:has|have|owns?)\s+(?:many|several|multiple|\d)))([a-z]+(?: (?!(?:has|have|owns?|holds?)\b)[a-z]+)?)\s+(?=[a-z])/g;
  for (const m of text.matchAll(re)) {
    // Nouns only ("an account may have …" names no "account may").
    const at = m.index! + m[0].indexOf(m[1]!);
    const tagged = words.filter((w) => w.at >= at && w.at < at + m[1]!.length);
    // ("each pipeline run belongs to …": a verb's form after a noun, before the clause's verb.)
    const noun = (w: Word, i: number) =>
      w.pos === 'NOUN' || w.pos === 'PROPN' || (w.pos === 'VERB' && i > 0 && i === tagged.length - 1);
    if (!tagged.every(noun)) continue;
    const phrase = m[1]!.split(' ').filter((w) => !/^(row|record|entry)$/.test(w));
    const head = phrase.at(-1);
    if (head === undefined || STOP_WORDS.has(head) || HUNG_NOT_TABLES.test(head) || isPlural(head)) continue;
    if (/^(one|other|time|lot|few|couple|given|single|new|same)$/.test(phrase[0]!)) continue;
    if (entities.find(phrase.join(' ')) !== undefined || entities.find(head) !== undefined) continue;
    const rest = text.slice(m.index! + m[0].length).split(/[.;!?\n]/)[0]!;
    const related = ROW_RELATION.exec(rest);
    const object = related?.[1]?.split(' ');
    const names =
      object !== undefined &&
      (entities.find(object.join(' ')) !== undefined || entities.find(object[0]!) !== undefined);
    // "… has many orders", "… owns 1-5 accounts": rows of another table are its own.
    const many =
      /^(?:has|have|owns?|holds?)\s+(?:many|several|multiple|\d+(?:\s*(?:-|to)\s*\d+)?)\s+([a-z]+)/.exec(
        rest,
      );
    const owns = many !== null && entities.find(many[1]!) !== undefined;
    const held = ROW_HOLDS.exec(rest)?.[1];
    // Columns: a list of two or more names, none of them counted ("has 3 rooms" counts rows).
    const lists =
      held !== undefined &&
      !/^(?:\d|many|several|multiple|some|a few|one or more)\b/.test(held) &&
      held.split(/,|\band\b/).filter((item) => item.trim() !== '').length >= 3;
    if (names || lists || owns) entities.add(keyOfWords(phrase.join(' ')), at);
  }
}

/**
 * "users who belong to an account", "orders that reference a restaurant", "trips where a driver drives
 * a vehicle": a plural that a relative clause naming another table follows is a table too, where it
 * starts a clause or is an item of a list.
 */
export function findRelativeClauses(text: string, words: readonly Word[], entities: Entities): void {
  const re =
    /(?:^|[,;:.!?(]\s*|\b(?:and|plus|also|with|need|want|make|create|generate)\s+)((?:[a-z]+\s+)?[a-z]+)\s+(?:who|that|which|where)\s+([^,;.()]*)/g;
  for (const m of text.matchAll(re)) {
    const at = m.index! + m[0].indexOf(m[1]!);
    const phrase = m[1]!.split(' ');
    const head = words.find((w) => w.at === at + m[1]!.lastIndexOf(phrase.at(-1)!));
    if (head === undefined || !isPluralNoun(head) || UNITS.has(head.text) || STOP_WORDS.has(head.text))
      continue;
    if (HUNG_NOT_TABLES.test(singular(head.text))) continue;
    if (entities.find(m[1]!) !== undefined || entities.find(head.text) !== undefined) continue;
    // The clause names another table ("… belong to an account").
    const others = m[2]!.split(/\s+/).filter((w) => /^[a-z]{3,}$/.test(w) && !STOP_WORDS.has(w));
    if (!others.some((w) => entities.find(w) !== undefined)) continue;
    const first = words.find((w) => w.at === at);
    const key =
      first !== undefined && first !== head && first.pos === 'NOUN' ? keyOfWords(m[1]!) : singular(head.text);
    entities.add(key, first === head || first?.pos !== 'NOUN' ? head.at : at);
  }
}

/** "projects and employees are many to many via assignments": the link table a many-to-many names. */
export function findLinkTables(text: string, entities: Entities): void {
  // "recipes, ingredients and recipe ingredients with quantity linking the two": a list item named by
  // two tables, that links them, is a third table.
  for (const m of text.matchAll(
    /(?:^|,|\band|\bplus)\s+([a-z]+)\s+([a-z]+s)\b(?=[^.;]*?\b(?:linking|joining|connecting)\s+(?:them|the (?:two|2)|both|those)\b)/g,
  )) {
    const a = entities.find(m[1]!);
    const b = entities.find(m[2]!);
    if (a === undefined || b === undefined || a === b || a.key !== singular(m[1]!)) continue;
    entities.add(`${a.key}_${singular(m[2]!)}`, m.index! + m[0].indexOf(m[1]!), true);
  }
  for (const m of text.matchAll(
    new RegExp(String.raw`many[- ]to[- ]many\b[^.;]*?\b${VIA_LINK}(?:\s+table)?`, 'g'),
  )) {
    const word = m[1]!;
    // ("using a pivot table", "via a join table": the kind of table, no name.)
    if (STOP_WORDS.has(word) || LINK_KINDS.test(word) || entities.find(word) !== undefined) continue;
    entities.add(keyOfWords(word), m.index! + m[0].lastIndexOf(word), word.includes('_'));
  }
}

/**
 * "every post has comments", "each order has items": things had, which the knowledge base knows as
 * rows of the haver's kind, are a table of their own (a review's "comments" stay its column).
 */
export function findHadThings(text: string, entities: Entities): void {
  const had = [
    /\b(?:each|every|a|an|one)\s+([a-z]+)\s+(?:has|have|can have|may have|gets|contains|includes|holds)\s+(?:many\s+|several\s+|multiple\s+|some\s+)?([a-z]+s)\b/g,
    // "customers have orders"
    /\b([a-z]+s)\s+(?:have|own|hold|contain|include)\s+(?:many\s+|several\s+|multiple\s+|some\s+)?([a-z]+s)\b/g,
    // "buildings each with units, a unit has floor and sqft"
    /\b([a-z]+)\s+(?:each|every one)\s+(?:with|having|has|have)\s+(?:many\s+|several\s+|multiple\s+|some\s+)?([a-z]+s)\b(?!\s+(?:each|per)\b)/g,
  ];
  // "customers who place orders": what the rows make is a table of its own, known or not.
  for (const m of text.matchAll(
    /\b([a-z]+s)\s+(?:who|that|which)\s+([a-z]+)\s+(?:many\s+|several\s+|multiple\s+|some\s+)?([a-z]+s)\b/g,
  )) {
    if (!CREATES.test(m[2]!) || entities.find(m[1]!) === undefined || entities.find(m[3]!) !== undefined)
      continue;
    if (!isPlural(m[3]!) || STOP_WORDS.has(m[3]!) || UNITS.has(m[3]!)) continue;
    entities.add(singular(m[3]!), m.index! + m[0].lastIndexOf(m[3]!));
  }
  for (const re of had)
    for (const m of text.matchAll(re)) {
      const owner = entities.find(m[1]!);
      const thing = singular(m[2]!);
      if (owner === undefined || entities.find(m[2]!) !== undefined || !isPlural(m[2]!)) continue;
      // The knowledge base knows them as the owner's rows, or the prompt goes on about one of them.
      const known = knownEntity(thing)?.parents.includes(owner.key) === true;
      const described = new RegExp(
        `\\b(?:a|an|each|every)\\s+${thing}\\s+(?:has|have|is|belongs|with|gets)\\b`,
      ).test(text);
      if (known || described) entities.add(thing, m.index! + m[0].lastIndexOf(m[2]!));
    }
}
