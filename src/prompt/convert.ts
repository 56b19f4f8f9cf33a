/**
 * The offline prompt converter: pure and deterministic. Reads locale, known domains (templates),
 * entities with counts, relations and field lists, then builds tables the engine compiles: an `id` per
 * table, `<parent>_id` refs (per_parent ranges, nullable self-references, unique pairs on junction
 * tables), default fields for entities named without any, and counts that fit every constraint.
 */
import type { FieldSpec, TableSpec } from '../../workers/engine/index.js';
import { compile, expandTemplate, LOCALE_CODES } from '../../workers/engine/index.js';
import { scaledCount } from '../../workers/engine/expand-template.js';
import { linkedTables } from '../detect/links.js';
import { meaningFields } from '../detect/meaning.js';
import { typeFromName } from '../detect/naming.js';
import {
  Entities,
  type Entity,
  findBareCounts,
  findEntities,
  findRangesPerParent,
  findRowCounts,
  findAttachedTables,
  findRelationObjects,
  findCollectionHeaders,
  findFirstNoun,
  findHeaders,
  findOpeningNoun,
  type Token,
  tokenize,
} from './entities.js';
import { findHadThings, findLinkTables, findRelativeClauses, findSingularSubjects } from './clauses.js';
import { fitCounts, orderByDependency } from './counts.js';
import { findEnumerations } from './enumerations.js';
import { isKnownThing, knownColumn, knownEntitiesAmong, knownEntity, type KnownEntity } from './knowledge.js';
import { dimensionTables, factTable, findGrainTables, findWarehouseTables } from './warehouse.js';
import { readWords, type Word } from './reader.js';
import {
  kindChoices,
  listsColumns,
  type PromptField,
  parseFields,
  readWindow,
  windowParams,
} from './fields.js';
import {
  DOMAINS,
  EVENT_ENTITIES,
  LOCALE_WORDS,
  HUNG_NOT_TABLES,
  LINK_KINDS,
  SELF_JUNCTIONS,
  STOP_WORDS,
  UNIQUE_PAIRS,
  UNITS,
  VIA_LINK,
} from './lexicon.js';
import { type Relation, type Scan, scanRelations } from './relations.js';
import { normalizeText } from './normalize.js';
import { isPlural, keyOfWords, singular } from './text.js';

/** What a converter answers: tables for the engine (and a locale), or a message that helps rephrase. */
export type ConversionResult =
  | {
      ok: true;
      tables: TableSpec[];
      locale?: string;
      /** What the converter assumed where the prompt did not say (docs/prompts.md, Warnings). */
      warnings?: string[];
    }
  | { ok: false; message: string };

const HELP =
  "Name the data to generate with counts, fields and relations, e.g. '100 customers with name and email, and 300 orders; each order belongs to a customer'.";

interface Draft {
  entity: Entity;
  fields: PromptField[];
  refs: {
    parent: Entity;
    name: string;
    role?: string;
    perParent?: { min: number; max: number };
    /** The second ref of a pair of one entity: never the row the first one points to. */
    avoidSelf?: boolean;
  }[];
  unique?: string[][];
}

/**
 * The columns of a table named without any: those of `known`, the knowledge base's entity the table
 * names among the others (knownEntitiesAmong, as its relations are read: a library's loans get a book
 * loan's columns, not a bank's); else columns for its kind.
 */
function defaultFields(entity: Entity, known: KnownEntity | undefined): PromptField[] {
  if (known !== undefined) return known.fields.map((f) => ({ ...f }) as PromptField);
  const name = typeFromName('name', 'text', entity.name);
  const fields: PromptField[] = [];
  if (name?.type === 'full_name') {
    fields.push(
      { name: 'first_name', type: 'first_name' },
      { name: 'last_name', type: 'last_name' },
      { name: 'email', type: 'email' },
    );
  } else if (name !== undefined && name.type !== 'words') fields.push({ name: 'name', type: name.type });
  else if (!EVENT_ENTITIES.has(headOf(entity))) fields.push({ name: 'name', type: 'title' });
  if (
    /(order|invoice|payment|transaction|purchase|sale|deal|booking|rental|trip|refund|charge)$/.test(
      entity.key,
    )
  ) {
    fields.push({ name: 'amount', type: 'amount', params: { min: 5, max: 1000 } });
  }
  fields.push({ name: 'created_at', type: 'datetime' });
  return fields;
}

function refName(draft: Draft, parent: Entity, role?: string): string {
  let base = role !== undefined ? `${role}_id` : `${parent.key}_id`;
  if (parent === draft.entity && role === undefined) base = 'parent_id';
  let name = base;
  for (let i = 2; draft.fields.some((f) => f.name === name) || draft.refs.some((r) => r.name === name); i++)
    name = `${base}_${i}`;
  return name;
}

function localeOf(text: string): string | undefined {
  // "locale de", "de_DE please", "locale: pt-BR": a code written out decides.
  const written =
    /\blocale\s*[:=]?\s*([a-z]{2})(?:[_-][a-z]{2})?\b/.exec(text)?.[1] ??
    /\b([a-z]{2})[_-](?:[a-z]{2})\b(?=\s*(?:please|pls|locale|data|$|[,.;)]))/.exec(text)?.[1];
  if (written !== undefined && (LOCALE_CODES as readonly string[]).includes(written)) return written;
  let best: { at: number; code: string } | undefined;
  for (const [re, code] of LOCALE_WORDS) {
    const m = re.exec(text);
    if (m !== null && (best === undefined || m.index < best.at)) best = { at: m.index, code };
  }
  return best?.code;
}

/** The rest of "a, b or c" after its first comma, to the end of a segment. */
const OR_ITEM = "(?!(?:with|and|having|including)\\b)[a-z0-9'-]+(?: (?!(?:with|and)\\b)[a-z0-9'-]+){0,2}";
const OR_LIST_TAIL = new RegExp(`^\\s*${OR_ITEM}(?:\\s*,\\s*${OR_ITEM})*\\s*,?\\s+or\\s+${OR_ITEM}\\s*$`);

/** Tables of its own a prompt names, from which on a domain's template is not used. */
const OWN_TABLES_WITHOUT_TEMPLATE = 1;

/** Whether a table read from the prompt is a word about the schema itself, one of `tables` read. */
function namesNoTable(entity: Entity, tables: number, text: string): boolean {
  // "Fields: name, job title": a word for the columns themselves, over their list.
  if (/^(field|column|col|attribute|property|measure|metric)$/.test(entity.key))
    return new RegExp(`(?:^|[.;!?,]\\s*)(?:\\d+\\s+)?${entity.name}\\s*:`).test(text);
  // "using a pivot table", "through a join table": the kind of a table linking two.
  if (LINK_KINDS.test(entity.key))
    return entity.count === undefined && tables > 2 && new RegExp(`\\b${entity.key}\\s+table\\b`).test(text);
  // "no duplicate pairs", "each pair only once": pairs of rows of other tables.
  if (entity.key === 'pair') return entity.count === undefined && tables > 2;
  // "; no duplicates;", "without repeats": a rule on the rows, no table of them ("a duplicates table"
  // is one).
  if (entity.key === 'duplicate' || entity.key === 'repeat')
    return (
      entity.count === undefined &&
      new RegExp(`\\b(?:no|without|avoid|never|zero)\\s+(?:any\\s+)?${entity.name}\\b`).test(text) &&
      !new RegExp(`\\b${entity.name}\\s+table\\b`).test(text)
    );
  // "I need three tables: …", "what tables would a dealership need?": the schema's tables (a
  // restaurant's 20 tables are counted).
  if (entity.key === 'table')
    return (
      tables > 1 &&
      ((entity.count === undefined && entity.perParent === undefined) ||
        /\b(?:need|want|make|create|generate|build|give me)\s+(?:\d+|a few|some|several)\s+tables\s*[.:;,]/.test(
          text,
        ))
    );
  return false;
}

/** The tables a prompt names (a template's first), and those it names outright. */
function readEntities(
  text: string,
  tokens: Token[],
  words: Word[],
  template: TableSpec[],
): { entities: Entities; named: Entity[] } {
  const entities = new Entities();
  for (const table of template) entities.add(singular(table.name), -1);
  findWarehouseTables(text, entities);
  const titles = findEnumerations(words, entities);
  findHeaders(text, tokens, entities, titles, words);
  const bareCounts = findEntities(text, tokens, entities, titles);
  const named = findNamedTables(text, entities);
  findCollectionHeaders(words, entities);
  findGrainTables(text, entities);
  findFirstNoun(tokens, entities, words);
  findOpeningNoun(words, entities);
  findRelationNouns(text, entities);
  findPassiveObjects(text, entities);
  findSingularSubjects(text, words, entities);
  findRelativeClauses(text, words, entities);
  findLinkTables(text, entities);
  findHadThings(text, entities);
  findRelationObjects(words, entities, titles);
  findAttachedTables(words, entities);
  findRangesPerParent(text, entities);
  findBareCounts(text, tokens, entities, bareCounts);
  findRowCounts(tokens, entities);
  // Words about the schema itself ("fields:", "a pivot table", "no duplicate pairs", "three tables").
  for (const entity of [...entities.list])
    if (namesNoTable(entity, entities.list.length, text))
      entities.list.splice(entities.list.indexOf(entity), 1);
  return { entities, named };
}

/** A prompt as it is read, pass by pass: each pass of convertPrompt reads and fills parts of it. */
interface Reading {
  prompt: string;
  /** The prompt normalized (normalize.ts). */
  text: string;
  /** Its tokens (entities.ts) and its tagged words (reader.ts, wink-nlp). */
  tokens: Token[];
  words: Word[];
  /** The known domain the prompt names ("an online store"), and its template's tables. */
  domain: string | undefined;
  template: TableSpec[];
  entities: Entities;
  named: Entity[];
  scan: Scan;
  /** The two roles of a table that pairs rows of one table ("citing", "cited"). */
  selfRoles: Map<Entity, [string, string]>;
  warnings: string[];
}

/** What a relation pass adds to the relations read so far, in the order they run. */
const RELATION_PASSES: readonly { name: string; run: (r: Reading) => void }[] = [
  { name: 'many-to-many', run: (r) => manyToMany(r.text, r.entities, r.scan.relations, r.scan.junctions) },
  {
    name: 'a table linking them',
    run: (r) => linkingThem(r.text, r.entities, r.scan.relations, r.scan.junctions),
  },
  {
    name: 'relations known between the tables named',
    run: (r) => knownRelations(r.entities, r.scan.relations, r.scan.junctions, r.template, r.warnings),
  },
  {
    name: 'compound names ("pipeline runs")',
    run: (r) => compoundRelations(r.entities, r.scan.relations, r.warnings),
  },
  {
    name: 'tables named after two tables ("user_roles")',
    run: (r) => linkNamedTables(r.named, r.entities, r.scan.relations, r.scan.junctions),
  },
  {
    name: 'rows acting on each other ("follow each other")',
    run: (r) => reciprocals(r.text, r.entities, r.scan.relations),
  },
  { name: 'one per pair', run: (r) => onePerPair(r.text, r.entities, r.scan.relations, r.scan.junctions) },
  {
    name: 'one row acting on another ("one paper cites another")',
    run: (r) => {
      r.selfRoles = oneAnother(r.text, r.entities, r.scan.relations);
    },
  },
  {
    name: 'unrelated tables refer to the one named before',
    run: (r) => unrelatedTables(r.entities, r.scan.relations, r.scan.junctions, r.template, r.warnings),
  },
  { name: 'pairs once', run: (r) => pairsOnce(r.text, r.entities, r.scan.relations, r.scan.junctions) },
];

/**
 * Converts a prompt to tables, or says how to rephrase it. Pure and deterministic. The passes, in
 * order: normalize and read the tables named (readTables), read relations and the text that lists
 * each table's columns (readRelations), fix relations (RELATION_PASSES), read columns (readColumns),
 * then build and check the tables (buildTables).
 */
export function convertPrompt(prompt: string): ConversionResult {
  if (typeof prompt !== 'string' || prompt.trim() === '')
    return { ok: false, message: `The prompt is empty. ${HELP}` };
  const reading = readTables(prompt);
  readRelations(reading);
  if (!namesData(reading)) return { ok: false, message: `No data to generate was recognized. ${HELP}` };
  for (const pass of RELATION_PASSES) pass.run(reading);
  const columns = readColumns(reading);
  return buildTables(reading, columns);
}

/** Normalizes and tokenizes the prompt, and reads its tables (a known domain's template's first). */
function readTables(prompt: string): Reading {
  const text = normalizeText(prompt);
  const tokens = tokenize(text);
  const words = readWords(text);
  const domain = DOMAINS.find(([re]) => re.test(text))?.[1];
  let template = domain === undefined ? [] : expandTemplate(domain, 1);
  let { entities, named } = readEntities(text, tokens, words, template);
  // A prompt that names tables of its own ("online store: 300 buyers, 900 orders placed by buyers")
  // describes its schema: the domain's template would only add tables it did not ask for.
  const own = entities.list.filter((e) => !template.some((t) => singular(t.name) === e.key));
  if (template.length > 0 && own.length >= OWN_TABLES_WITHOUT_TEMPLATE) {
    template = [];
    ({ entities, named } = readEntities(text, tokens, words, template));
  }
  const scan: Scan = { relations: [], fieldText: new Map(), junctions: new Set() };
  return {
    prompt,
    text,
    tokens,
    words,
    domain,
    template,
    entities,
    named,
    scan,
    selfRoles: new Map(),
    warnings: [],
  };
}

/** The relations the prompt states, each table's column text, key columns, and a star's fact refs. */
function readRelations(r: Reading): void {
  const fact = factTable(r.text, r.entities);
  r.scan = scanRelations(namingLinkTables(r.text, r.entities), r.entities, fact);
  keyColumns(r.entities, r.scan.fieldText, r.scan.relations);
  // A fact table whose keys the prompt does not name refers to each of its star's dimensions.
  const dims = fact === undefined ? [] : dimensionTables(r.text, r.entities).filter((d) => d !== fact);
  if (fact !== undefined && !r.scan.relations.some((rel) => rel.child === fact && dims.includes(rel.parent)))
    for (const dim of dims) r.scan.relations.push({ child: fact, parent: dim });
}

/** Whether the prompt names any data: a table of its own, with a count or columns, or a template. */
function namesData(r: Reading): boolean {
  const explicit = r.entities.list.filter(
    (e) => !r.template.some((t) => t.name === e.name) || e.count !== undefined || r.scan.fieldText.has(e),
  );
  return explicit.length > 0 || r.template.length > 0;
}

/** The columns each table's text lists, its enum texts (kept out of the locale's reading). */
interface Columns {
  drafts: Map<Entity, Draft>;
  templateFields: Map<string, PromptField[]>;
  enumTexts: string[];
}

function readColumns(r: Reading): Columns {
  const columns: Columns = { drafts: new Map(), templateFields: new Map(), enumTexts: [] };
  for (const entity of r.entities.list) {
    const draft: Draft = { entity, fields: [], refs: [] };
    for (const whole of r.scan.fieldText.get(entity) ?? []) readSegment(r, draft, whole, columns.enumTexts);
    if (r.template.some((t) => t.name === entity.name)) columns.templateFields.set(entity.name, draft.fields);
    else columns.drafts.set(entity, draft);
  }
  return columns;
}

/** Where a table's column list starts: "with", "having", a colon, … (not "with many"). */
const COLUMNS_INTRO =
  /(?:\bwith\b|\bhaving\b|\bincluding\b|\bcontaining\b|\bhas\b|\bhave\b|\bneeds?\b|\bcarry\b|\bcarries\b|\bstores?\b|\btracks?\b|\bcaptures?\b|\bgets?\b|\brecording\b|\brecords?\b|\breports?\b|\bmeasures?\b|\bemits?\b|\blogs?\b|\bstoring\b|\bholding\b|\blogging\b|\btracking\b|[:(,]|[?!](?=\s*[a-z][^.?!]*,)|\s-\s(?!\s*\d))(?!\s*(?:many|several|multiple|\d))/;

/** Reads one piece of a table's text into its draft's columns and refs. */
function readSegment(r: Reading, draft: Draft, whole: string, enumTexts: string[]): void {
  const entity = draft.entity;
  // (Blanked remarks leave runs of spaces; the patterns below scan single ones.)
  let segment = whole.replace(/\s{2,}/g, ' ');
  const kind = kindChoices(segment);
  if (kind !== undefined) {
    if (!draft.fields.some((f) => f.name === kind.field.name)) draft.fields.push(kind.field);
    enumTexts.push(kind.list);
    segment = kind.rest;
  }
  const found = COLUMNS_INTRO.exec(segment);
  // "holds a rank of recruit, officer or leader": a comma inside choices opens no list.
  const intro = found?.[0] === ',' && OR_LIST_TAIL.test(segment.slice(found.index + 1)) ? null : found;
  const body = (intro === null ? segment : segment.slice(intro.index + intro[0].length)).replace(
    // "source which is one of referral, …" names choices, "which also stores the author order"
    // columns; other clauses say something else.
    /\b(who|which|that|where)\b(?!\s+(?:is|are)\s+(?:one of|either)\b)(?!\s+(?:also\s+)?(?:has|have|stores?|holds?|records?|tracks?|includes?|contains?|carries|keeps?)\b).*$/,
    '',
  );
  const parsed = parseFields(body, entity.name, (phrase) => {
    const other = r.entities.find(phrase);
    return other !== undefined && other !== entity ? other.key : undefined;
  });
  // Without "with ..." only enums and ranges count ("per employee type vacation, sick or personal"),
  // and so before it ("80 patients aged 5 to 90, with gender").
  const ranged = (f: PromptField) => f.type === 'enum' || f.params?.['min'] !== undefined;
  // "concerts have venue and date, attendees name and email": with the verb left out, a list whose
  // every item names a column is the table's columns.
  if (intro === null) {
    if (!listsColumns(body, entity.name)) parsed.fields = parsed.fields.filter(ranged);
  } else if (intro.index > 0) {
    const lead = parseFields(segment.slice(0, intro.index), entity.name, () => undefined);
    // Date windows there are the table's own (applyEntityWindows), not a column's.
    parsed.fields.unshift(
      ...lead.fields.filter((f) => f.type === 'enum' || typeof f.params?.['min'] === 'number'),
    );
  }
  enumTexts.push(...parsed.enumText);
  for (const field of parsed.fields)
    if (!draft.fields.some((f) => f.name === field.name))
      draft.fields.push(knownColumn(entity.key, field, entity.count));
  for (const key of parsed.refs) {
    const parent = r.entities.find(key);
    if (parent !== undefined) relate(r.scan.relations, entity, parent);
  }
}

/** Applies relations and windows, reads the locale, assembles the tables and checks they compile. */
function buildTables(r: Reading, { drafts, templateFields, enumTexts }: Columns): ConversionResult {
  const { text, template, entities, warnings } = r;
  applyRelations(r.scan.relations, drafts, entities, r.scan.junctions, template, r.selfRoles);
  applyEntityWindows(text, drafts);
  const locale = localeOf(enumTexts.reduce((t, e) => t.replace(e, ' '), text));
  if (template.length > 0)
    warnings.push(`The ${r.domain} template's tables were used for the kind of data the prompt names.`);
  const assembled = assemble(
    drafts,
    template.map((t) => mergeFields(t, templateFields.get(t.name) ?? [])),
    entities,
    warnings,
  );
  // Free text by meaning in each table's domain, and fields of a row that agree read each other, as
  // detection gives them (a vet visit's diagnosis, a job title read by its department).
  let tables: TableSpec[] = linkedTables(meaningFields(restoreCase(assembled, r.prompt)));
  if (tables.length === 0) return { ok: false, message: `No data to generate was recognized. ${HELP}` };
  let checked = compile({ tables, locale: locale ?? 'en', seed: 1 });
  // Two tables read as referring to each other ("users, each with one tracker, … from the trackers"):
  // the one named first owns the other, so its ref is the one dropped, and the answer says so.
  for (let guard = 0; guard < 4 && !checked.ok && checked.error.code === 'DEPENDENCY_CYCLE'; guard++) {
    const broken = breakCycle(tables, checked.error.details, text);
    if (broken === undefined) break;
    tables = broken.tables;
    warnings.push(broken.warning);
    checked = compile({ tables, locale: locale ?? 'en', seed: 1 });
  }
  if (!checked.ok) {
    return {
      ok: false,
      message: `The prompt was read as tables the generator cannot build (${checked.error.message}). ${HELP}`,
    };
  }
  return locale === undefined ? { ok: true, tables, warnings } : { ok: true, tables, locale, warnings };
}

/** Drops the cycle's ref held by the table the prompt names first; undefined when none can be found. */
function breakCycle(
  tables: TableSpec[],
  details: readonly { field: string }[],
  text: string,
): { tables: TableSpec[]; warning: string } | undefined {
  const at = (name: string) => {
    const found = text.search(new RegExp(`\\b${singular(name.toLowerCase()).replace(/_/g, '[ _-]')}`));
    return found < 0 ? Infinity : found;
  };
  const refs = details.flatMap((d) => {
    const m = /^tables\[(\d+)\]\.fields\[(\d+)\]/.exec(d.field);
    return m === null ? [] : [{ t: Number(m[1]), f: Number(m[2]) }];
  });
  const owner = refs.sort((a, b) => at(tables[a.t]?.name ?? '') - at(tables[b.t]?.name ?? ''))[0];
  const table = owner === undefined ? undefined : tables[owner.t];
  const field = owner === undefined ? undefined : table?.fields[owner.f];
  if (owner === undefined || table === undefined || field === undefined) return undefined;
  const parent = String(field.params?.['table'] ?? '');
  return {
    tables: tables.map((x, i) =>
      i === owner.t ? { ...x, fields: x.fields.filter((_, k) => k !== owner.f) } : x,
    ),
    warning: `${table.name} and ${parent} were read as referring to each other; ${parent} refers to ${table.name}, and ${table.name}.${field.name} was left out.`,
  };
}

/** The head noun of a table, in the singular: `ride_sessions` → `session`. */
function headOf(entity: Entity): string {
  return singular(entity.key.split('_').pop() ?? '');
}

/** "an order", "an invoice", "a user", "a unit" (an initial "u" said "you" takes "a"). */
function article(key: string): string {
  const words = key.replace(/_/g, ' ');
  return `${/^[aeiou]/.test(words) && !/^u(?:ni|s[eu]|ti)/.test(words) ? 'an' : 'a'} ${words}`;
}

/** Enum values as the prompt wrote them ("XS", "Holstein", "P1"): the reading is done in lower case. */
function restoreCase(tables: TableSpec[], prompt: string): TableSpec[] {
  const promptWords = new Set(prompt.toLowerCase().split(/[^\p{L}\p{N}]+/u));
  const original = (value: unknown): unknown => {
    // Most values (the knowledge base's) are not in the prompt: a word lookup rules them out cheaply.
    if (typeof value !== 'string' || value === '') return value;
    const first = value
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .find((w) => w !== '');
    if (first === undefined || !promptWords.has(first)) return value;
    const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
    const found = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').exec(prompt);
    return found === null ? value : found[0].replace(/\s+/g, ' ');
  };
  return tables.map((table) => ({
    ...table,
    fields: table.fields.map((field) => {
      const values = field.params?.['values'];
      if (field.type !== 'enum' || !Array.isArray(values)) return field;
      return { ...field, params: { ...field.params, values: values.map(original) } };
    }),
  }));
}

/** A template table with the fields the prompt names for it: same names replaced, new ones added. */
function mergeFields(table: TableSpec, fields: PromptField[]): TableSpec {
  if (fields.length === 0) return table;
  const merged: FieldSpec[] = [...table.fields];
  for (const field of fields) {
    const at = merged.findIndex((f) => f.name === field.name);
    if (at >= 0 && merged[at]?.type === 'ref') continue;
    if (at >= 0) merged[at] = field;
    else merged.push(field);
  }
  return { ...table, fields: merged };
}

/** Adds that `child`'s rows refer to `parent`, unless the relations say so already. */
function relate(relations: Relation[], child: Entity, parent: Entity): void {
  if (!relations.some((r) => r.child === child && r.parent === parent)) relations.push({ child, parent });
}

/** Drops the relations `wrong` picks (a reading another one replaces). */
function unrelate(relations: Relation[], wrong: (r: Relation) => boolean): void {
  for (let i = relations.length - 1; i >= 0; i--) if (wrong(relations[i]!)) relations.splice(i, 1);
}

/** "mission crew linking astronauts to missions": a name (one or two words), then the two it links. */
const LINKS_TWO =
  /\b([a-z][a-z_]*(?: [a-z_]+)?)\s+(?:linking|joining|connecting|tying|pairing|binding|(?:link|join|connect|tie|pair|bind)s?)\s+([a-z]+)\s+(?:to|and|with)\s+([a-z]+)/g;

/** The two tables named last before `at` (but `except`), in the order they were named. */
function twoBefore(entities: Entities, at: number, except?: Entity): (Entity | undefined)[] {
  return entities.list
    .filter((e) => e !== except && e.at >= 0 && e.at < at)
    .sort((x, y) => y.at - x.at)
    .slice(0, 2)
    .reverse();
}

/**
 * "students, courses, and a table linking them": a junction of the two tables named last before it,
 * named after both (`student_courses`).
 */
function linkingThem(text: string, entities: Entities, relations: Relation[], junctions: Set<Entity>): void {
  const re =
    /\b(?:a|an|the)\s+(?:join\s+|junction\s+|link\s+|linking\s+|mapping\s+)?table\s+(?:linking|joining|connecting|between|that links|that joins)\s+(?:them|the (?:two|2)|both|the (?:two|2) of them)\b/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const [a, b] = twoBefore(entities, m.index);
    if (a === undefined || b === undefined) continue;
    const junction = entities.add(`${a.key}_${b.name}`, m.index, true);
    relations.push({ child: junction, parent: a }, { child: junction, parent: b });
    junctions.add(junction);
  }
  // "mission crew linking astronauts to missions": a table that links two tables it names.
  for (const m of text.matchAll(LINKS_TWO)) {
    const junction = entities.find(m[1]!) ?? entities.find(m[1]!.split(' ').pop()!);
    const a = entities.find(m[2]!);
    const b = entities.find(m[3]!);
    if (junction === undefined || a === undefined || b === undefined || new Set([junction, a, b]).size < 3)
      continue;
    for (const parent of [a, b]) relate(relations, junction, parent);
    // ("astronauts to missions" read by the scan as one referring to the other, "leases tie tenants"
    // as tenants referring to leases: the link says how.)
    unrelate(
      relations,
      (r) =>
        (r.child === a && r.parent === b) ||
        (r.child === b && r.parent === a) ||
        ((r.child === a || r.child === b) && r.parent === junction),
    );
    junctions.add(junction);
  }
  // "person_skills linking them", "pet_vaccinations joining them": a named table links the two before it.
  const named =
    /\b([a-z][a-z_]*)(?:\s+table)?\s+(?:linking|joining|connecting|between|that links|that joins|which links)\s+(?:them|the (?:two|2)|both|those)\b/g;
  for (let m = named.exec(text); m !== null; m = named.exec(text)) {
    const junction = entities.find(m[1]!);
    if (junction === undefined) continue;
    const [a, b] = twoBefore(entities, m.index, junction);
    if (a === undefined || b === undefined) continue;
    for (const parent of [a, b]) relate(relations, junction, parent);
    junctions.add(junction);
  }
}

/**
 * "dogs (name, kennel_id)": a column named after another table's key refers to that table, which is a
 * relation stated (read before the tables that state none are related by their order).
 */
function keyColumns(
  entities: Entities,
  fieldText: ReadonlyMap<Entity, string[]>,
  relations: Relation[],
): void {
  for (const [child, texts] of fieldText)
    for (const m of texts.join(' , ').matchAll(/\b([a-z][a-z0-9_]*?)_id\b/g)) {
      const parent = entities.find(m[1]!, false);
      if (parent !== undefined && parent !== child) relate(relations, child, parent);
    }
}

/**
 * "riders and ride sessions", "vehicles and service visits", "categories and the articles in each": a
 * table named after another and related to no table at all (no relation read, none the knowledge base
 * knows) refers to the table named just before it, as things listed together usually do. The answer
 * says so. A table that pairs rows of another (follows, transfers) takes its refs from that reading
 * (applyRelations), and no table refers to it.
 */
function unrelatedTables(
  entities: Entities,
  relations: Relation[],
  junctions: Set<Entity>,
  template: TableSpec[],
  warnings: string[],
): void {
  const own = entities.list.filter((e) => e.at >= 0 && !template.some((t) => t.name === e.name));
  const pairing = (e: Entity) => Object.hasOwn(SELF_JUNCTIONS, headOf(e));
  const related = (e: Entity) =>
    junctions.has(e) || pairing(e) || relations.some((r) => r.child === e || r.parent === e);
  const event = (e: Entity) => EVENT_ENTITIES.has(headOf(e));
  for (const entity of own) {
    if (related(entity)) continue;
    const before = own
      .filter((e) => e !== entity && e.at < entity.at && !pairing(e))
      .sort((a, b) => b.at - a.at)[0];
    if (before === undefined) continue;
    // "rooms, and room types": a table that classifies the one before is referred to by it.
    const last = entity.key.split('_').pop() ?? '';
    const classifies = entity.key === `${before.key}_${last}` && CLASSIFIERS.test(last);
    // "payments, and customers": things that happen refer to things that are, and more rows to fewer.
    const reversed =
      classifies ||
      (event(before) && !event(entity)) ||
      (before.count !== undefined && entity.count !== undefined && before.count > entity.count);
    const [child, parent] = reversed ? [before, entity] : [entity, before];
    const why = classifies
      ? 'which classify them'
      : reversed
        ? 'the table named after it'
        : 'the table named before it';
    relations.push({ child, parent });
    warnings.push(`${child.name}: no relation was stated; each refers to one of ${parent.name}, ${why}.`);
  }
}

/**
 * "no duplicate likes", "a member can't book the same class twice", "each pair only once": the table
 * the clause is about (the nearest before it that refers to two others) keeps its pairs unique, where
 * the clause names pairs or one of the two ("each order is paid only once" says nothing of pairs).
 */
const ONCE = new RegExp(
  String.raw`\bno\s+(?:duplicate|duplicated|repeated|repeat|double)\b|\b(?:can't|cannot|can not|never|not|won't)\b[^.;]{0,40}?\btwice\b|\b(?:only|just|at most)\s+once\b|\bpairs?\s+(?:only\s+)?once\b|\b(?:${UNIQUE_PAIRS})\b|\bno\s+double-booking\b`,
  'g',
);
/** The distinct tables `child` refers to, itself aside. */
function parentsOf(child: Entity, relations: readonly Relation[]): Entity[] {
  return [...new Set(relations.filter((r) => r.child === child && r.parent !== child).map((r) => r.parent))];
}
function pairsOnce(text: string, entities: Entities, relations: Relation[], junctions: Set<Entity>): void {
  for (let m = ONCE.exec(text); m !== null; m = ONCE.exec(text)) {
    const child = entities.list
      .filter((e) => e.at >= 0 && e.at < m!.index && parentsOf(e, relations).length >= 2)
      .sort((x, y) => y.at - x.at)[0];
    if (child === undefined) continue;
    const parents = parentsOf(child, relations);
    const clause = text.slice(
      Math.max(text.lastIndexOf('.', m.index), text.lastIndexOf(';', m.index), 0),
      m.index + m[0].length,
    );
    const namesPairs =
      /\b(?:duplicate|duplicated|repeated|repeat|double|pairs?|double-booking)\b/.test(m[0]) ||
      parents.some((p) => new RegExp(`\\b${headOf(p)}`).test(clause));
    if (!namesPairs) continue;
    junctions.add(child);
    child.onePerPair = true;
  }
}

/**
 * "one per employee per run", "one row per team per season", "one vote per owner and proposal": a table
 * whose rows are one for each pair of two others' rows keeps its pairs unique.
 */
function onePerPair(text: string, entities: Entities, relations: Relation[], junctions: Set<Entity>): void {
  const re = /\b(?:one|1|a single)\s+(?:[a-z]+\s+)?per\s+([a-z]+)\s+(?:per|and|&|\+)\s+([a-z]+)/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const a = entities.find(m[1]!);
    const b = entities.find(m[2]!);
    if (a === undefined || b === undefined || a === b) continue;
    // The rows counted so: a table related to both already, else the one named last before the phrase.
    const child =
      entities.list.find((e) =>
        [a, b].every((parent) => relations.some((r) => r.child === e && r.parent === parent)),
      ) ??
      entities.list
        .filter((e) => e !== a && e !== b && e.at >= 0 && e.at < m!.index)
        .sort((x, y) => y.at - x.at)[0];
    if (child === undefined) continue;
    for (const parent of [a, b]) relate(relations, child, parent);
    junctions.add(child);
    child.onePerPair = true;
  }
}

/** The link table named right after a many-to-many: ", via assignments". */
const VIA_AFTER = new RegExp(String.raw`^\s*,?\s*${VIA_LINK}`);

/** "many-to-many between movies and actors": the other entity of that sentence joins them, or a new `movie_actors`. */
function manyToMany(text: string, entities: Entities, relations: Relation[], junctions: Set<Entity>): void {
  // "many-to-many between A and B …", "A and B, many-to-many", "A and B are many to many", "A <-> B
  // (m:n)", "an A is in many Bs and a B has many As", "As can work at several Bs".
  const patterns = [
    /many[- ]to[- ]many (?:relationship |relation |link )?between ([a-z]+) and ([a-z]+)([^.;]*)/g,
    /\b([a-z]+)\s+(?:and|&|<->|<=>)\s+([a-z]+)(?:\s+are|\s*,)?\s*\(?\s*(?:many[- ]to[- ]many|m:n|n:m|m2m|m-n)\b\)?([^.;]*)/g,
    /\b(?:an?|each|every|one)\s+([a-z]+)\s+[a-z]+(?:\s+(?:in|on|at|to|for|with))?\s+(?:many|several|multiple)\s+([a-z]+)\s+and\s+(?:an?|each|every|one)\s+[a-z]+\s+[a-z]+(?:\s+(?:in|on|at|to|for|with))?\s+(?:many|several|multiple)\s+[a-z]+()/g,
    /\b([a-z]+)\s+can\s+(?:be|[a-z]+)\s+(?:in|at|on|for|with|to)\s+(?:several|multiple|many|more than one)\s+([a-z]+)()/g,
  ];
  for (const re of patterns)
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      const a = entities.find(m[1] as string);
      const b = entities.find(m[2] as string);
      if (a === undefined || b === undefined || a === b) continue;
      // (Already linked by a table of their pairs.)
      if (
        [...junctions].some((j) => {
          const parents = parentsOf(j, relations);
          return parents.includes(a) && parents.includes(b);
        })
      )
        continue;
      const sentence = m[3] as string;
      // "… many to many via assignments": the link table named (found with the tables).
      const via = VIA_AFTER.exec(sentence);
      const named = via === null || LINK_KINDS.test(via[1]!) ? undefined : entities.find(via[1]!);
      const junction =
        named ??
        entities.list.find(
          (e) =>
            e !== a &&
            e !== b &&
            sentence.includes(e.name.replace(/_/g, ' ')) &&
            !relations.some((r) => r.child === e),
        ) ??
        entities.add(`${a.key}_${b.key}`, m.index, true);
      relations.push({ child: junction, parent: a }, { child: junction, parent: b });
      junctions.add(junction);
    }
}

/**
 * Tables named outright: "a patient_allergies table", "through a user_roles table", or "a table linking
 * books to genres" (named `book_genres`). Returns them, to link to the tables their names are made of.
 */
function findNamedTables(text: string, entities: Entities): Entity[] {
  const named: Entity[] = [];
  const add = (key: string, at: number) => {
    const entity = entities.add(key, at, true);
    if (!named.includes(entity)) named.push(entity);
  };
  for (const m of text.matchAll(/\b(?:a|an|the|one)\s+([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\s+table\b/g)) {
    add(keyOfWords(m[1]!), m.index);
  }
  // A snake_case name made of two tables' names ("through role_permissions") is a table of its own.
  for (const m of text.matchAll(/\b([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b/g)) {
    const parts = m[1]!.split('_');
    const linked = parts.some(
      (_, cut) =>
        cut > 0 &&
        entities.find(parts.slice(0, cut).join('_')) !== undefined &&
        entities.find(parts.slice(cut).join('_')) !== undefined,
    );
    if (linked) add(keyOfWords(m[1]!), m.index);
  }
  const linking =
    /\btable\s+(?:linking|joining|connecting|that links|which links|mapping)\s+([a-z]+)\s+(?:to|and|with)\s+([a-z]+)/g;
  for (const m of text.matchAll(linking)) {
    if (/_[a-z]+\s+table\s+\S+\s+\S+\s+\S+\s+\S+$/.test(text.slice(0, m.index + m[0].length))) continue;
    add(`${singular(m[1]!)}_${singular(m[2]!)}`, m.index);
  }
  return named;
}

/**
 * "a table linking students to courses with enrollment date" reads, for the relation scan, as
 * "student_courses with enrollment date": the columns after it are the link table's, and the two
 * tables it names are its parents (linkNamedTables), not each other's. So is "an employee_skills
 * link table holding …".
 */
function namingLinkTables(text: string, entities: Entities): string {
  return text
    .replace(
      /\b(?:a|an|the)\s+(?:join\s+|junction\s+|link\s+|linking\s+|mapping\s+)?table\s+(?:linking|joining|connecting|that links|which links|mapping)\s+([a-z]+)\s+(?:to|and|with)\s+(?:the\s+)?([a-z]+)(?!\s*,?\s*(?:with\s+)?\d)/g,
      (m, a: string, b: string) => {
        const junction = entities.list.find((e) => e.key === `${singular(a)}_${singular(b)}`);
        return junction === undefined ? m : junction.name;
      },
    )
    .replace(/\b([a-z]+_[a-z_]+)\s+(?:link|join|junction|linking|mapping)\s+table\b/g, '$1');
}

/**
 * "members who can follow each other", "users that block one another": the act between two rows of one
 * table is a table of its own with two refs to it (follows: follower_id, followee_id).
 */
function reciprocals(text: string, entities: Entities, relations: Relation[]): void {
  const re =
    /\b([a-z]+)\s+(?:who|that|which)\s+(?:can\s+|may\s+|all\s+)?([a-z]+?)s?\s+(?:each other|one another)\b/g;
  for (const m of text.matchAll(re)) {
    const parent = entities.find(m[1]!);
    if (parent === undefined || SELF_JUNCTIONS[m[2]!] === undefined) continue;
    const act = entities.add(m[2]!, m.index, true);
    if (!relations.some((r) => r.child === act)) relations.push({ child: act, parent });
  }
}

/** `cite` → [`citing`, `cited`], `mentor` → [`mentoring`, `mentored`], `tag` → [`tagging`, `tagged`]. */
function participles(verb: string): [string, string] {
  if (verb.endsWith('e')) return [`${verb.slice(0, -1)}ing`, `${verb}d`];
  // One syllable ending consonant-vowel-consonant doubles its last letter (tag, pin, rob).
  const stem = /^[^aeiou]*[aeiou][^aeiouwxy]$/.test(verb) ? verb + verb.at(-1) : verb;
  return [`${stem}ing`, `${stem}ed`];
}

/**
 * "citations where one paper cites another", "referrals in which one customer refers another": a
 * table of pairs of one entity, its two refs named by the verb's roles (citing_paper_id,
 * cited_paper_id).
 */
function oneAnother(text: string, entities: Entities, relations: Relation[]): Map<Entity, [string, string]> {
  const roles = new Map<Entity, [string, string]>();
  const re =
    /\b([a-z]+)\s+(?:where|in which|when|whereby|as|with)\s+(?:one|a|each)\s+([a-z]+)\s+([a-z]+s)\s+(?:another|an other|a second)\b/g;
  for (const m of text.matchAll(re)) {
    const table = entities.find(m[1]!);
    const parent = entities.find(m[2]!);
    if (table === undefined || parent === undefined || table === parent) continue;
    const noun = singular(m[2]!);
    const verb = m[3]!.replace(/(ch|sh|ss|x|z|o)es$/, '$1').replace(/s$/, '');
    const [active, passive] = participles(verb);
    roles.set(table, [`${active}_${noun}_id`, `${passive}_${noun}_id`]);
    relate(relations, table, parent);
  }
  // "follows table - users following users": a table headed by rows of one table doing something to
  // rows of the same table links them in pairs (the scan read the users as the table's subject).
  const headed = /\b([a-z_]+)(?:\s+table)?\s*(?:-|:)\s*([a-z]+)\s+([a-z]+ing)\s+(?:other\s+)?([a-z]+)\b/g;
  for (const m of text.matchAll(headed)) {
    const table = entities.find(m[1]!);
    const parent = entities.find(m[2]!);
    if (table === undefined || parent === undefined || table === parent || entities.find(m[4]!) !== parent)
      continue;
    unrelate(relations, (r) => r.child === parent && r.parent === table);
    relate(relations, table, parent);
    if (SELF_JUNCTIONS[table.key] === undefined) {
      const noun = singular(m[2]!);
      const [active, passive] = participles(m[3]!.replace(/ing$/, ''));
      roles.set(table, [`${active}_${noun}_id`, `${passive}_${noun}_id`]);
    }
  }
  return roles;
}

/** A named table whose name is two tables' names (`user_roles`) links them: a ref to each, one row a pair. */
function linkNamedTables(
  named: Entity[],
  entities: Entities,
  relations: Relation[],
  junctions: Set<Entity>,
): void {
  for (const table of named) {
    const parts = table.key.split('_');
    for (let cut = 1; cut < parts.length; cut++) {
      const a = entities.find(parts.slice(0, cut).join('_'));
      const b = entities.find(parts.slice(cut).join('_'));
      if (a === undefined || b === undefined || a === b || a === table || b === table) continue;
      // Its name says what it links: relations read around it elsewhere do not apply.
      unrelate(relations, (r) => r.child === table);
      for (const parent of [a, b]) relate(relations, table, parent);
      junctions.add(table);
      break;
    }
  }
}

/**
 * Relations the prompt implies but does not say: things named together relate as they usually do
 * (knowledge.json): in "students, courses and enrollments" an enrollment belongs to a student and a
 * course, and links them. A relation the prompt states, either way round, wins.
 */
function knownRelations(
  entities: Entities,
  relations: Relation[],
  junctions: Set<Entity>,
  template: TableSpec[],
  warnings: string[],
): void {
  const inTemplate = (e: Entity) => template.some((t) => t.name === e.name);
  const chosen = knownEntitiesAmong(entities.list.map((e) => e.key));
  for (const child of entities.list) {
    const known = chosen.get(child.key);
    if (known === undefined || inTemplate(child)) continue;
    const parents: Entity[] = [];
    for (const key of known.parents) {
      const parent = entities.list.find(
        // (A table named outright in snake_case, "recipe_tags", is no "tag" of the base's.)
        (e) =>
          e !== child &&
          (e.key === key ||
            (e.written !== true && (knownEntity(e.key)?.key === key || chosen.get(e.key)?.key === key))),
      );
      if (parent === undefined) continue;
      parents.push(parent);
      const related = relations.some(
        (r) => (r.child === child && r.parent === parent) || (r.child === parent && r.parent === child),
      );
      if (!related) {
        relations.push({ child, parent });
        warnings.push(
          `${child.name}: each refers to one of ${parent.name}, as ${child.name.replace(/_/g, ' ')} usually do.`,
        );
      }
    }
    if (known.junction === true && parents.length === 2) junctions.add(child);
  }
}

/** Words after another table's name that classify it rather than belong to it ("room types"). */
const CLASSIFIERS =
  /^(type|category|kind|class|group|status|tag|tier|level|segment|brand|model|template|plan)$/;

/**
 * "repos, pipelines for each repo, and pipeline runs": a table named after another one and a noun
 * ("pipeline runs", "box items", "hotel reviews") holds rows of that table, unless the noun classifies
 * it ("room types") or the prompt relates the two already.
 */
function compoundRelations(entities: Entities, relations: Relation[], warnings: string[]): void {
  for (const child of entities.list) {
    const parts = child.key.split('_');
    if (parts.length < 2 || CLASSIFIERS.test(parts.at(-1)!) || child.written === true) continue;
    const prefix = parts.slice(0, -1).join('_');
    const parent = entities.list.find((e) => e !== child && e.key === prefix);
    if (parent === undefined) continue;
    if (
      relations.some(
        (r) => (r.child === child && r.parent === parent) || (r.child === parent && r.parent === child),
      )
    )
      continue;
    relations.push({ child, parent });
    warnings.push(`${child.name}: each refers to one of ${parent.name}, as its name says.`);
  }
}

/**
 * "dogs are kept in kennels", "invoices (…) billed to clients", "invoices, linked to clients": the
 * plural after a table's participle and its preposition names the table its rows hang on; and
 * "maintenance logs recorded against each machine": the plural hung on a table is one too.
 */
function findPassiveObjects(text: string, entities: Entities): void {
  const re =
    /\b([a-z]+)(?:\s*\([^()]*\))?,?\s+(?:(?:are|is|were|was|get|gets)\s+)?([a-z]+ed|kept|held|sold|built|made|sent|written|paid|run|given|owned|taught|led|bought|brought|shown|done|seen)\s+(in|at|to|by|on|for|under|from|against|inside|within)\s+(?:(?:a|an|the|one|their|its|each|every)\s+)?([a-z]+)\b/g;
  for (const m of text.matchAll(re)) {
    const object = m[4]!;
    // The hung plural with the word before it ("maintenance logs"), ending where m[1] ends.
    const end = m.index! + m[1]!.length;
    const subject = /(?:^|[\s,;(])((?:[a-z]+\s+)?[a-z]+)$/.exec(text.slice(0, end))?.[1];
    const words = (subject ?? '')
      .split(' ')
      .filter((w) => !STOP_WORDS.has(w) && !/^(with|and|plus)$/.test(w));
    // "time entries logged against tasks": a word for rows after a noun names a table of them.
    const rows = words.length > 1 && /^(entries|records)$/.test(m[1]!);
    if (
      entities.find(m[1]!) === undefined &&
      entities.find(object) !== undefined &&
      isPlural(m[1]!) &&
      (!UNITS.has(m[1]!) || rows) &&
      !STOP_WORDS.has(m[1]!) &&
      subject !== undefined
    ) {
      const key = keyOfWords(words.join(' '));
      if (key !== '' && (rows || !HUNG_NOT_TABLES.test(singular(m[1]!))))
        entities.add(key, end - subject.length);
      continue;
    }
    const child = entities.find(m[1]!);
    if (child === undefined || !isPlural(object) || UNITS.has(object) || STOP_WORDS.has(object)) continue;
    if (HUNG_NOT_TABLES.test(singular(object))) continue;
    if (entities.find(object) === undefined)
      entities.add(singular(object), m.index! + m[0].lastIndexOf(object));
  }
  // "tweets by users", "albums by artists": rows by people or known things are theirs ("sorted by
  // date", "sales by region" name no table).
  for (const m of text.matchAll(
    /\b([a-z]+)\s+by\s+(?:(?:their|its|the|many|several|different)\s+)?([a-z]+s)\b/g,
  )) {
    const object = m[2]!;
    if (entities.find(m[1]!) === undefined || entities.find(object) !== undefined || !isPlural(object))
      continue;
    const key = singular(object);
    if (UNITS.has(object) || STOP_WORDS.has(object) || !isKnownThing(key)) continue;
    entities.add(key, m.index! + m[0].lastIndexOf(object));
  }
}

/** Nouns that only appear as relation subjects: "and stock levels for each product", "enrollments between ...". */
function findRelationNouns(text: string, entities: Entities): void {
  // "mission crew linking astronauts to missions": a singular name links two tables named already.
  for (const m of text.matchAll(LINKS_TWO)) {
    const phrase = m[1]!.replace(/^(?:a|an|the|and|plus)\s+/, '');
    if (STOP_WORDS.has(phrase.split(' ').pop()!) || phrase.split(' ').pop() === 'table') continue;
    // "Leases tie tenants to units": three plurals, the first linking the other two, are all tables.
    const things = [phrase.split(' ').pop()!, m[2]!, m[3]!];
    // (A word for units of measure or parts of a whole too: "units" are flats here.)
    if (things.every((w) => isPlural(w) && !STOP_WORDS.has(w)))
      for (const w of [m[2]!, m[3]!])
        if (entities.find(w) === undefined) entities.add(singular(w), m.index! + m[0].lastIndexOf(w));
    if (entities.find(m[2]!) === undefined || entities.find(m[3]!) === undefined) continue;
    if (entities.find(phrase) !== undefined) continue;
    entities.add(keyOfWords(phrase), m.index! + m[0].indexOf(m[1]!));
  }
  const re =
    /\b([a-z]+(?: [a-z]+)?s)\s+(?:between|linking|joining|join|connecting|for each|for every)\s+(?:each\s+|every\s+)?([a-z]+)/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const target = entities.find(m[2] as string);
    if (target === undefined || entities.find(m[1] as string) !== undefined) continue;
    const words = (m[1] as string).split(' ');
    const phrase =
      words.length === 2 && /^(and|with|of|the|some|plus|many)$/.test(words[0] as string)
        ? (words[1] as string)
        : (m[1] as string);
    entities.add(keyOfWords(phrase), m.index);
  }
}

/**
 * A flight's or a route's origin and destination are places, a match's sides teams or players: never
 * the crew or the tournament named before them.
 */
const SIDES: Record<string, RegExp> = {
  origin_id:
    /(airport|city|station|port|location|place|hub|depot|warehouse|terminal|site|region|countr(y|ie))$/,
  home_id: /(team|club|player|side|squad|franchise|school|countr(y|ie))$/,
};

function applyRelations(
  relations: Relation[],
  drafts: Map<Entity, Draft>,
  entities: Entities,
  junctions: Set<Entity>,
  template: TableSpec[],
  selfRoles: ReadonlyMap<Entity, [string, string]> = new Map(),
): void {
  // Mutual has-many (posts have many tags, tags have many posts) is a junction table.
  for (const r of [...relations]) {
    const back = relations.find((x) => x.child === r.parent && x.parent === r.child);
    if (back === undefined || r.child === r.parent) continue;
    relations.splice(relations.indexOf(back), 1);
    relations.splice(relations.indexOf(r), 1);
    const key = `${r.parent.key}_${r.child.name}`;
    const existing = entities.find(key) ?? entities.find(`${r.child.key}_${r.parent.name}`);
    const junction = existing ?? entities.add(key, Math.max(r.child.at, r.parent.at));
    if (!drafts.has(junction) && !template.some((t) => t.name === junction.name))
      drafts.set(junction, { entity: junction, fields: [], refs: [] });
    relations.push({ child: junction, parent: r.parent }, { child: junction, parent: r.child });
    junctions.add(junction);
  }
  for (const r of relations) {
    const draft = drafts.get(r.child);
    if (draft === undefined) continue;
    if (r.child === r.parent) {
      // ("has a manager … who is also an employee", "has a direct supervisor": the manager named as a
      // person is the reference.)
      const named = draft.fields.findIndex(
        (f) =>
          f.type === 'full_name' &&
          (f.name === r.role ||
            (r.role === 'manager' && /^(?:(?:direct|line)_)?(?:manager|supervisor|boss)$/.test(f.name))),
      );
      if (named >= 0) draft.fields.splice(named, 1);
      if (!draft.refs.some((x) => x.parent === r.parent))
        draft.refs.push({
          parent: r.parent,
          name: refName(draft, r.parent, r.role ?? 'parent'),
          role: r.role ?? 'parent',
        });
      continue;
    }
    if (draft.refs.some((x) => x.parent === r.parent) && !SELF_JUNCTIONS[r.child.key]) continue;
    const per = r.child.perParent;
    const ref: Draft['refs'][number] = { parent: r.parent, name: refName(draft, r.parent) };
    if (per !== undefined && !draft.refs.some((x) => x.perParent !== undefined))
      ref.perParent = { min: per.min, max: per.max };
    draft.refs.push(ref);
  }
  // per_parent ranges whose parent is named after them ("5 to 10 employees per company") or before them.
  for (const draft of drafts.values()) {
    const per = draft.entity.perParent;
    if (per === undefined || draft.refs.some((r) => r.perParent !== undefined)) continue;
    const parent =
      (per.parent === undefined ? undefined : entities.find(per.parent)) ??
      [...drafts.keys(), ...entities.list]
        .filter((e) => e !== draft.entity && e.at < per.at && e.at >= 0)
        .sort((a, b) => b.at - a.at)[0];
    if (parent === undefined) continue;
    const existing = draft.refs.find((r) => r.parent === parent);
    if (existing !== undefined) existing.perParent = { min: per.min, max: per.max };
    else
      draft.refs.unshift({ parent, name: refName(draft, parent), perParent: { min: per.min, max: per.max } });
  }
  // Self junctions (follows, flights between airports): two refs to the one parent.
  for (const draft of drafts.values()) {
    const roles = selfRoles.get(draft.entity) ?? SELF_JUNCTIONS[draft.entity.key];
    if (roles === undefined) continue;
    const parents = [...new Set(draft.refs.map((r) => r.parent))];
    const place = (e: Entity) => selfRoles.has(draft.entity) || (SIDES[roles[0]]?.test(e.key) ?? true);
    const parent =
      parents.length === 1
        ? place(parents[0]!)
          ? parents[0]
          : undefined
        : parents.length === 0
          ? [...drafts.keys(), ...entities.list].find(
              (e) =>
                e !== draft.entity &&
                /(user|member|person|people|customer|player|account|airport|city|station|team)$/.test(e.key),
            )
          : undefined;
    if (parent === undefined) continue;
    draft.refs = [
      { parent, name: roles[0] },
      { parent, name: roles[1], avoidSelf: true },
    ];
    if (!EVENT_ENTITIES.has(draft.entity.key)) draft.unique = [[roles[0], roles[1]]];
  }
  // Junctions: two refs to different parents, not an event that repeats.
  for (const draft of drafts.values()) {
    const distinct = draft.refs.filter((r) => r.parent !== draft.entity && r.perParent === undefined);
    const last = headOf(draft.entity);
    if (
      distinct.length === 2 &&
      distinct[0]?.parent !== distinct[1]?.parent &&
      junctions.has(draft.entity) &&
      // Events repeat (a patient sees a doctor many times), unless the prompt says one per pair.
      (!EVENT_ENTITIES.has(last) || draft.entity.onePerPair === true)
    ) {
      draft.unique ??= [[distinct[0]!.name, distinct[1]!.name]];
    }
  }
}

/** "400 orders placed in the last 6 months", "signups in the last 7 days": the window of a table's timestamps. */
function applyEntityWindows(text: string, drafts: Map<Entity, Draft>): void {
  const found = readWindow(text);
  if (found === undefined) return;
  const covered = [...drafts.values()].some((d) =>
    d.fields.some((f) => f.params?.['min'] !== undefined && /^(datetime|date|timestamp)$/.test(f.type)),
  );
  if (covered) return;
  const target = [...drafts.values()]
    .filter((d) => d.entity.at >= 0)
    .sort((a, b) => Math.abs(a.entity.at - found.index) - Math.abs(b.entity.at - found.index))[0];
  if (target === undefined) return;
  const verb = /\b(placed|created|made|registered|signed up|joined|posted|sent|opened)\s+$/.exec(
    text.slice(0, found.index),
  )?.[1];
  let field = target.fields.find((f) => /^(datetime|timestamp|date)$/.test(f.type));
  if (field === undefined) {
    field = { name: verb === undefined ? 'created_at' : `${verb.replace(' ', '_')}_at`, type: 'datetime' };
    target.fields.push(field);
  }
  field.params = { ...field.params, ...windowParams(found.window, field.type) };
}

function assemble(
  drafts: Map<Entity, Draft>,
  template: TableSpec[],
  entities: Entities,
  warnings: string[],
): TableSpec[] {
  const tables: TableSpec[] = [];
  // Template tables: scaled by the first count given for one of them, explicit counts kept.
  if (template.length > 0) {
    const counted = template
      .map((t) => ({ t, e: entities.find(singular(t.name)) }))
      .find((x) => x.e?.count !== undefined && x.e.name === x.t.name);
    const scale =
      counted === undefined
        ? 1
        : Math.min(100, Math.max(0.01, (counted.e!.count as number) / counted.t.count));
    const scaled = template.map((t) => ({ ...t, count: scaledCount(t, scale) }));
    for (const t of scaled) {
      const e = entities.find(singular(t.name));
      const count = e?.name === t.name && e.count !== undefined ? e.count : t.count;
      tables.push({ ...t, count });
    }
  }
  const ordered = [...drafts.values()].sort((a, b) => a.entity.at - b.entity.at);
  const uncounted: string[] = [];
  const chosen = knownEntitiesAmong(entities.list.map((e) => e.key));
  for (const draft of ordered) {
    const fields: FieldSpec[] = [];
    const known = chosen.get(draft.entity.key);
    // A row of two others with nothing of its own is a pair, stamped when made; one the knowledge base
    // knows as a row of one of them (a library's loan of a book to a member, a delivery by a driver)
    // keeps its usual columns, not those of another domain's word ("assignments" of employees to
    // projects are no homework).
    const hangsOn = (parent: Entity) =>
      known?.parents.includes(parent.key) === true ||
      known?.parents.includes(chosen.get(parent.key)?.key ?? '') === true;
    const pair = draft.refs.length >= 2 && !draft.refs.some((r) => hangsOn(r.parent));
    const own =
      draft.fields.length > 0
        ? draft.fields
        : pair
          ? [{ name: 'created_at', type: 'datetime' }]
          : defaultFields(draft.entity, known);
    if (draft.fields.length === 0 && !pair) {
      warnings.push(
        `${draft.entity.name}: no columns were named; ${known !== undefined ? `the usual columns of ${article(draft.entity.key)} were used` : 'generic columns were used'}.`,
      );
    }
    for (const [i, f] of draft.fields.entries())
      if (f.type === 'words' && f.name !== 'name') {
        // A one-word column nothing types holds one plain word ("queue", "section"), not a phrase.
        const single = f.params === undefined && !f.name.includes('_');
        // A plural nothing types counts things ("citations", "bunks"); a participle says yes or no
        // ("scanned", "flagged").
        // So does one with a word that sorts what is counted ("yellow_cards", "missed_calls").
        const sorted =
          f.params === undefined &&
          /^(yellow|red|green|blue|black|white|home|away|missed|saved|failed|successful|completed|open|closed|unread|new|returning|unique|total|active|lost|won|late|free|paid|blocked)_[a-z]+s$/.test(
            f.name,
          ) &&
          isPlural(f.name.split('_')[1]!);
        if (
          (single || sorted) &&
          isPlural(f.name) &&
          !/(ss|us|is|species|series|news|means|ics)$/.test(f.name)
        ) {
          draft.fields[i] = { ...f, type: 'integer', params: { min: 0, max: 1000 } };
          warnings.push(`${draft.entity.name}.${f.name}: read as a count of ${f.name}.`);
          continue;
        }
        if (single && /[^e]ed$/.test(f.name)) {
          draft.fields[i] = { ...f, type: 'boolean' };
          warnings.push(`${draft.entity.name}.${f.name}: read as yes or no.`);
          continue;
        }
        if (single) draft.fields[i] = { ...f, type: 'word' };
        warnings.push(
          `${draft.entity.name}.${f.name}: no field type fits this name; it holds ${single ? 'a plain word' : 'generic words'}.`,
        );
      }
    const hasId = own.some((f) => f.name === 'id');
    if (!hasId) fields.push({ name: 'id', type: 'uuid' });
    for (const ref of draft.refs) {
      const params: Record<string, unknown> = { table: ref.parent.name };
      if (ref.perParent !== undefined) params['per_parent'] = ref.perParent;
      if (ref.avoidSelf === true) params['allow_self'] = false;
      if (ref.parent === draft.entity) fields.push({ name: ref.name, type: 'ref', params, nullable: true });
      else fields.push({ name: ref.name, type: 'ref', params });
    }
    for (const f of own) if (!fields.some((x) => x.name === f.name)) fields.push(f);
    if (
      draft.entity.count === undefined &&
      draft.entity.perParent === undefined &&
      !draft.refs.some((r) => r.perParent)
    )
      uncounted.push(draft.entity.name);
    if (draft.entity.guessed === true)
      warnings.push(
        `${draft.entity.name}: nothing in the prompt reads as a table; the words before its columns were taken as its name.`,
      );
    const table: TableSpec = {
      name: draft.entity.name,
      count: draft.entity.count ?? 0,
      fields,
      ...(draft.unique ? { unique: draft.unique } : {}),
    };
    tables.push(table);
  }
  fitCounts(tables);
  for (const name of uncounted) {
    const count = tables.find((t) => t.name === name)?.count;
    warnings.push(`${name}: no count was given; ${count} rows.`);
  }
  return orderByDependency(tables);
}
