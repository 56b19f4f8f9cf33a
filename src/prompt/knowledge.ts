/**
 * What the converter knows about common things (knowledge.json, data only): for each entity its
 * domain, plural, typical columns and the entities it usually belongs to. Used when a prompt names a
 * thing without its columns ("50 invoices") or names things without saying how they relate
 * ("students, courses and enrollments": an enrollment belongs to a student and a course).
 */
import type { FieldSpec } from '../../workers/engine/index.js';
import data from './knowledge.json' with { type: 'json' };
import people from './people.json' with { type: 'json' };

export interface KnownEntity {
  key: string;
  domain: string;
  plural: string;
  aliases?: string[];
  fields: FieldSpec[];
  /** Entities a row of this one belongs to (its foreign keys). */
  parents: string[];
  /** A link between its two parents: one row per pair. */
  junction?: boolean;
}

const ENTITIES = new Map<string, KnownEntity>();
for (const [key, value] of Object.entries(data.entities as Record<string, Omit<KnownEntity, 'key'>>)) {
  const entity = { key, ...value };
  ENTITIES.set(key, entity);
}
// Aliases after every entity, so an alias never hides an entity of that name.
for (const entity of [...ENTITIES.values()])
  for (const alias of entity.aliases ?? []) if (!ENTITIES.has(alias)) ENTITIES.set(alias, entity);

/** Entities by the last word of their names and aliases (`hotel_reservation` under `reservation`). */
const BY_LAST_WORD = new Map<string, KnownEntity[]>();
for (const [name, entity] of ENTITIES) {
  const last = name.split('_').pop()!;
  if (last === name) continue;
  const list = BY_LAST_WORD.get(last) ?? [];
  if (!list.includes(entity)) list.push(entity);
  BY_LAST_WORD.set(last, list);
}

/** The entity the base knows by exactly this name or one of its other names (no last-word match). */
export function knownByName(key: string): KnownEntity | undefined {
  return ENTITIES.get(key);
}

/** Nouns whose most frequent sense is a person, from WordNet (scripts/wordnet-people.ts). */
const PEOPLE = new Set(people);

/**
 * Whether `key` names a person: an entity the base knows with a first name, or, for one it does not
 * know, a noun whose head word is a person's in WordNet (`angler`, `wine_taster`'s taster).
 */
export function isPerson(key: string): boolean {
  const known = ENTITIES.get(key);
  if (known !== undefined) return known.fields.some((f) => f.name === 'first_name');
  return PEOPLE.has(key) || PEOPLE.has(key.split('_').pop() ?? key);
}

/**
 * Whether a singular key names a thing a table is made of: an entity the base knows (knownEntity) or a
 * kind of person ("tweets by users", "a library with books, authors and members", "hospital: doctors,
 * patients").
 */
export function isKnownThing(key: string): boolean {
  return knownEntity(key) !== undefined || isPerson(key);
}

/** The entity a singular key names: itself, an alias, or its last word (`support_ticket` → ticket). */
export function knownEntity(key: string): KnownEntity | undefined {
  return ENTITIES.get(key) ?? ENTITIES.get(key.split('_').pop() ?? key);
}

/** The entities another table's key may name, as a choice is weighed: none, or one per key. */
type Names = ReadonlyMap<string, readonly KnownEntity[]>;

/**
 * The entity `key` names among the other tables (`names`: what each other key may name): of the
 * entities it may name (itself, an alias, or the last word of one: `reservation` may be a table's or
 * a hotel's), the one whose parents or children the others name most; the direct match on a tie. A
 * link table the base knows ("roles" between movies and actors) is a candidate only where both its
 * parents are named ("tags" are the base's tags, never its link table of posts and tags).
 */
function choose(key: string, names: Names): KnownEntity | undefined {
  const direct = knownEntity(key);
  const others = [...names].filter(([other]) => other !== key);
  const named = (parent: string) =>
    others.some(([other, entities]) => other === parent || entities.some((e) => e.key === parent));
  const candidates = new Set<KnownEntity>(direct ? [direct] : []);
  for (const entity of BY_LAST_WORD.get(key) ?? [])
    if (!(direct && entity.junction === true) || entity.parents.every(named)) candidates.add(entity);
  const related = (entity: KnownEntity) =>
    others.filter(
      ([other, entities]) =>
        entity.parents.includes(other) ||
        entities.some((e) => entity.parents.includes(e.key) || e.parents.includes(entity.key)),
    ).length;
  let best = direct;
  let score = direct ? related(direct) : 0;
  for (const candidate of candidates) {
    const s = related(candidate);
    if (s > score) [best, score] = [candidate, s];
  }
  return best;
}

/**
 * The entity each of a prompt's tables (`keys`) names among the others, in two rounds: first weighed
 * by what the others name directly (a library's "loans", beside books, are book loans), then by the
 * others' first choices (so its "members", beside book loans, are patrons). A credit union's members
 * and loans stay a bank's: no round reads a library into them. Quadratic in the tables, once a call.
 */
export function knownEntitiesAmong(keys: readonly string[]): Map<string, KnownEntity | undefined> {
  const direct: Names = new Map(
    keys.map((key) => {
      const entity = knownEntity(key);
      return [key, entity === undefined ? [] : [entity]];
    }),
  );
  const first = new Map(keys.map((key) => [key, choose(key, direct)]));
  const chosen: Names = new Map(
    keys.map((key) => {
      const entity = first.get(key);
      return [key, entity === undefined ? [] : [entity]];
    }),
  );
  return new Map(keys.map((key) => [key, choose(key, chosen)]));
}

/** Columns that hold one of a few values wherever they appear (`priority`, `fuel_type`), with those values. */
const CATEGORIES = new Map<string, readonly string[]>(
  Object.entries((data as { categories?: Record<string, string[]> }).categories ?? {}),
);

/** The values of a column that holds one of a few values wherever it appears, if the base lists it. */
export function knownCategory(name: string): readonly string[] | undefined {
  return CATEGORIES.get(name);
}

/** Types that hold only in their entity's domain. */
const DOMAIN_TYPES = new Set([
  'programming_language',
  'music_genre',
  'product_category',
  'medical_specialty',
  'database_engine',
  'docker_image',
]);

/** Every column name of the knowledge base with its most frequent type (and that type's params). */
const COLUMNS = new Map<string, FieldSpec>();
{
  const counts = new Map<string, Map<string, { n: number; field: FieldSpec }>>();
  for (const entity of new Set(ENTITIES.values())) {
    // Another entity's choices are no choices of this one: enums stay with their entity, and so do
    // types of one domain (a repository's language is no ticket's).
    for (const field of entity.fields.filter((f) => f.type !== 'enum' && !DOMAIN_TYPES.has(f.type))) {
      const byType = counts.get(field.name) ?? new Map<string, { n: number; field: FieldSpec }>();
      const seen = byType.get(field.type) ?? { n: 0, field };
      seen.n++;
      byType.set(field.type, seen);
      counts.set(field.name, byType);
    }
  }
  for (const [name, byType] of counts) {
    const best = [...byType.values()].sort((a, b) => b.n - a.n)[0]!;
    COLUMNS.set(name, best.field);
  }
}

/**
 * The column `name` of entity `key` as the knowledge base types it: that entity's own column, else the
 * type the knowledge base gives that name most often (`bpm`, `dosage`, `gpa` wherever they appear).
 */
export function knownColumnType(key: string, name: string): FieldSpec | undefined {
  const category = CATEGORIES.get(name);
  return (
    knownEntity(key)?.fields.find((f) => f.name === name) ??
    (category === undefined ? undefined : { name, type: 'enum', params: { values: [...category] } }) ??
    COLUMNS.get(name)
  );
}

/**
 * A column the naming rules cannot type ("status" of a ticket) takes the type the knowledge base gives
 * that column of that entity (an enum of a ticket's statuses), else the type it gives that name most
 * often elsewhere, when it knows it.
 */
export function knownColumn<F extends { name: string; type: string; params?: Record<string, unknown> }>(
  key: string,
  field: F,
  rows?: number,
): F {
  if (field.type !== 'words') return field;
  const known = knownColumnType(key, field.name);
  if (known === undefined) return field;
  // A name tells rows apart: a few typical names ("Sunset Boat Cruise", …) serve a table only as
  // long as it has no more rows than them, and only where its count says so.
  const values = known.params?.['values'];
  if (
    field.name === 'name' &&
    known.type === 'enum' &&
    Array.isArray(values) &&
    (rows === undefined || rows > values.length)
  )
    return field;
  // A numbered label ("Ward 3") serves only where the prompt names no columns: a name it asks for is a
  // name ("Cardiology"), and another entity's label ("Room 101" of an exam) is no label of this one's
  // ("room" of a device holds a room's name).
  if (
    known.type === 'sequence' &&
    (field.name === 'name' || knownEntity(key)?.fields.some((f) => f.name === field.name) !== true)
  )
    return field;
  const params =
    known.params && !('after' in known.params || 'before' in known.params) ? known.params : undefined;
  const { params: _unused, ...rest } = field;
  return { ...rest, type: known.type, ...(params ? { params: { ...params } } : {}) } as F;
}

/** How many entities and domains the knowledge base holds. */
export function knowledgeSize(): { entities: number; domains: number } {
  const entities = new Set(ENTITIES.values());
  return { entities: entities.size, domains: new Set([...entities].map((e) => e.domain)).size };
}
