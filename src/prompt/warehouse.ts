/**
 * A data engineer's words for tables, from dimensional modelling: `dim_student` and `fact_sales` named
 * outright, "a parcel dim", "the customer dimension", "ticket sales fact", "one row per time entry"
 * (the grain names the rows where no table does) and "keyed by event and customer" (the dimensions a
 * fact refers to; relations.ts makes the refs). Read only where the prompt speaks that language.
 */
import { typeFromName } from '../detect/naming.js';
import type { Entities, Entity } from './entities.js';
import { knownEntity } from './knowledge.js';
import { ADJECTIVES, STOP_WORDS } from './lexicon.js';
import { isPlural, singular, snake } from './text.js';

/** Words that say a prompt describes a star schema. */
const STAR =
  /\b(?:fact|facts|dim|dims|dimension|dimensions|grain|measures|data mart|star schema|keyed by|(?:one|1) rows? per)\b|\b(?:dim|fact)_[a-z]/;

/** The words after a dimension table's name ("parcel dim", "customer dimension"). */
const DIMENSION = '(?:dim|dims|dimension|dimensions)\\b(?!_)';
/** "keyed by hotel, room_type and guest dimensions": the names before it, one or a list. */
const DIMENSION_LIST = new RegExp(
  `\\b((?:[a-z][a-z0-9_]*\\s*(?:,|\\band\\b)\\s*)*[a-z][a-z0-9_]*)\\s+${DIMENSION}`,
  'g',
);
/** "parcel dim": the one name before it. */
const DIMENSION_NAME = new RegExp(`\\b([a-z][a-z0-9_]*)\\s+${DIMENSION}`, 'g');

/** Words that start no table's name ("the customer dimension", "for a hotel chain"). */
const NOT_NAMES =
  /^(?:a|an|the|our|its|their|this|that|each|per|for|of|and|with|by|to|scd2?|type|seed|need|build)$/;

/** Whether the naming rules type a word as a column ("date", "interval_start", "season_year"). */
function typedAsColumn(word: string): boolean {
  return typeFromName(word, 'any', '') !== undefined;
}

/** Whether a key names a time rather than a dimension ("keyed by meter and interval_start", "… and date"). */
function namesTime(word: string): boolean {
  return /^(date|datetime|timestamp|time|integer)$/.test(typeFromName(word, 'any', '')?.type ?? '');
}

/** Where the clause holding position `at` starts (after the last full stop or semicolon). */
function clauseStart(text: string, at: number): number {
  return Math.max(text.lastIndexOf('.', at), text.lastIndexOf(';', at), -1) + 1;
}

/** A table named by one of its rows' noun: the knowledge base's plural, or the collection as written. */
function addNamed(entities: Entities, words: string[], at: number): void {
  const head = words.at(-1)!;
  if (isPlural(head) || knownEntity(singular(head))?.key === singular(head) || words.length > 1) {
    entities.add(snake([...words.slice(0, -1), singular(head)].join(' ')), at);
    return;
  }
  // "telemetry fact", "attendance fact": a mass of rows keeps its name.
  if (entities.find(head) !== undefined) return;
  const entity = entities.add(head, at, true);
  entity.name = head;
}

/** Adds the tables a star schema's words name. */
export function findWarehouseTables(text: string, entities: Entities): void {
  if (!STAR.test(text)) return;
  // `dim_student`, `fact_sales`: the names as written.
  for (const m of text.matchAll(/\b(?:dim|fact)_[a-z0-9]+(?:_[a-z0-9]+)*\b/g)) {
    const entity = entities.add(m[0], m.index, true);
    entity.name = m[0];
  }
  // "parcel dim", "merchants dim", "keyed by hotel, room_type and guest dimensions".
  for (const m of text.matchAll(DIMENSION_LIST)) {
    let at = m.index;
    for (const item of m[1]!.split(/\s*(?:,|\band\b)\s*/)) {
      const word = item.trim().split(/\s+/).pop() ?? '';
      at = text.indexOf(word, at);
      if (word === '' || NOT_NAMES.test(word) || STOP_WORDS.has(word) || typedAsColumn(word)) continue;
      if (entities.find(word) === undefined) entities.add(singular(word), at);
    }
  }
  // "ticket sales fact", "flights fact", "telemetry fact".
  for (const m of text.matchAll(/\b([a-z][a-z-]*)(?:\s+([a-z][a-z-]*))?\s+fact\b(?!_)/g)) {
    const words = [m[1]!, m[2]].filter((w): w is string => w !== undefined);
    while (
      words.length > 0 &&
      (NOT_NAMES.test(words[0]!) || ADJECTIVES.has(words[0]!) || /-/.test(words[0]!))
    )
      words.shift();
    // Only a plural keeps the word before it ("ticket sales"); "pharmacy dispensing" is dispensing.
    if (words.length === 2 && !isPlural(words[1]!)) words.shift();
    if (words.length === 0 || STOP_WORDS.has(words.at(-1)!) || words.at(-1) === 'table') continue;
    if (entities.find(snake(words.join(' '))) !== undefined) continue;
    addNamed(entities, words, m.index + m[0].indexOf(words[0]!));
  }
  findKeys(text, entities);
}

/**
 * "Law firm billing, one row per time entry: …": the grain names the rows where no table comes before
 * it in its clause ("flights fact, one row per flight leg" is the flights' grain). Read after the other
 * readers, which may have found that table.
 */
export function findGrainTables(text: string, entities: Entities): void {
  for (const m of text.matchAll(
    /\b(?:one|1) row per ([a-z][a-z-]*)(?:\s+([a-z][a-z-]*))?(?=\s*(?:[,:;.]|$))/g,
  )) {
    const clause = clauseStart(text, m.index);
    if (entities.list.some((e) => e.at >= clause && e.at < m.index)) continue;
    const words = [m[1]!, m[2]].filter((w): w is string => w !== undefined).map((w) => w.replace(/-/g, '_'));
    // A grain counts its rows one by one ("one row per visit"): the table is the plural.
    entities.add(
      snake([...words.slice(0, -1), singular(words.at(-1)!)].join(' ')),
      m.index + m[0].indexOf(words[0]!),
    );
  }
}

/** "keyed by account and user", "keyed to a school": the dimensions a fact refers to, one word each. */
function findKeys(text: string, entities: Entities): void {
  // "keyed by account and user", "keyed to a school": the dimensions a fact refers to, one word each.
  for (const m of text.matchAll(
    /\bkeyed\s+(?:by|to|on)\s+((?:(?:a|an|the)\s+)?[a-z][a-z0-9_]*(?:\s*(?:,\s*and|,|\band\b)\s*(?:(?:a|an|the)\s+)?[a-z][a-z0-9_]*)*)/g,
  )) {
    let at = m.index;
    for (const item of m[1]!.split(/\s*(?:,|\band\b)\s*/)) {
      const word = item.replace(/^(?:a|an|the)\s+/, '').trim();
      at = text.indexOf(word, at);
      if (word === '' || /\s/.test(word) || NOT_NAMES.test(word) || namesTime(word)) continue;
      if (/^(dim|dims|dimension|dimensions)$/.test(word)) continue;
      if (entities.find(word) === undefined) entities.add(singular(word), at);
    }
  }
}

/**
 * The fact table of a star schema, which "Measures: …" and "Metrics: …" sentences give columns to: one
 * named `fact_…`, or "… fact", or the table whose clause states a grain ("… table, one row per play").
 */
export function factTable(text: string, entities: Entities): Entity | undefined {
  const named = entities.list.find((e) => e.name.startsWith('fact_'));
  if (named !== undefined) return named;
  for (const m of text.matchAll(/\b([a-z][a-z-]*)\s+fact\b(?!_)/g)) {
    const entity = entities.find(m[1]!);
    if (entity !== undefined) return entity;
  }
  for (const m of text.matchAll(/\b(?:one|1) rows? per\b|\bgrain\b/g)) {
    const clause = clauseStart(text, m.index);
    const owner = entities.list.find((e) => e.at >= clause && e.at <= m.index);
    if (owner !== undefined) return owner;
  }
  return undefined;
}

/** The dimension tables of a star schema: named `dim_…`, "… dim" or "… dimension". */
export function dimensionTables(text: string, entities: Entities): Entity[] {
  const dims = new Set(entities.list.filter((e) => e.name.startsWith('dim_')));
  for (const m of text.matchAll(DIMENSION_NAME)) {
    const entity = entities.find(m[1]!);
    if (entity !== undefined) dims.add(entity);
  }
  return [...dims];
}
