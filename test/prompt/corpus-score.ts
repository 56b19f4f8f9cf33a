/**
 * Scores one converted prompt against what a careful reader expects. Names in expectations may list
 * alternatives (`posts|blog_posts`), types may be a list of acceptable types, refs name parent tables,
 * dates compare by day with one day of slack.
 */
import { readFileSync } from 'node:fs';
import type { FieldSpec, TableSpec } from '../../workers/engine/index.js';
import type { ConversionResult } from '../../src/prompt/index.js';
import { ARTICLE_TYPES } from '../../workers/engine/types/articles.js';
import { MEANING_TEXT_TYPES } from '../../workers/engine/types/meaning-text.js';

const TEXT_BY_MEANING = new Set([...MEANING_TEXT_TYPES, ...ARTICLE_TYPES].map((type) => type.id));

export interface TableExpectation {
  count?: number;
  fields?: Record<string, string | string[]>;
  refs?: string[];
  enums?: Record<string, string[]>;
  ranges?: Record<string, [number, number]>;
  dates?: Record<string, [string, string]>;
  per_parent?: Record<string, [number, number]>;
  unique_pair?: boolean;
}

export interface PromptCase {
  prompt: string;
  expect: { locale?: string; tables: Record<string, TableExpectation> };
}

const alternatives = (names: string) => names.split('|');

function findTable(tables: readonly TableSpec[], names: string): TableSpec | undefined {
  return alternatives(names)
    .map((n) => tables.find((t) => t.name === n))
    .find((t) => t !== undefined);
}

function findField(table: TableSpec, names: string): FieldSpec | undefined {
  return alternatives(names)
    .map((n) => table.fields.find((f) => f.name === n))
    .find((f) => f !== undefined);
}

function refParents(table: TableSpec): string[] {
  return table.fields.flatMap((f) => (f.type === 'ref' ? [String(f.params?.['table'])] : []));
}

function day(value: unknown): number {
  return Date.parse(String(value).slice(0, 10)) / 86_400_000;
}

/** The problems of one result; none means the prompt was fully understood. */
export function problems(result: ConversionResult, expected: PromptCase['expect']): string[] {
  if (!result.ok) return [`not converted: ${result.message}`];
  const out: string[] = [];
  const locale = result.locale ?? 'en';
  if (locale !== (expected.locale ?? 'en')) out.push(`locale ${locale}, expected ${expected.locale ?? 'en'}`);
  for (const [names, want] of Object.entries(expected.tables)) {
    const table = findTable(result.tables, names);
    if (table === undefined) {
      out.push(`no table ${names}`);
      continue;
    }
    const where = table.name;
    if (want.count !== undefined && table.count !== want.count)
      out.push(`${where}: count ${table.count}, expected ${want.count}`);
    for (const [fieldNames, types] of Object.entries(want.fields ?? {})) {
      const field = findField(table, fieldNames);
      const accepted = Array.isArray(types) ? types : [types];
      if (field === undefined) out.push(`${where}: no field ${fieldNames}`);
      else if (!accepted.some((type) => type === field.type || refines(field.type, type)))
        out.push(`${where}.${field.name}: type ${field.type}, expected ${accepted.join('/')}`);
    }
    const parents = refParents(table);
    for (const ref of want.refs ?? []) {
      if (!alternatives(ref).some((p) => parents.includes(p))) out.push(`${where}: no ref to ${ref}`);
    }
    for (const [fieldNames, values] of Object.entries(want.enums ?? {})) {
      const field = findField(table, fieldNames);
      const got = (field?.params?.['values'] as unknown[] | undefined)?.map(String) ?? [];
      if (field?.type !== 'enum' || got.length !== values.length || !values.every((v) => got.includes(v))) {
        out.push(`${where}: enum ${fieldNames} = ${JSON.stringify(got)}, expected ${JSON.stringify(values)}`);
      }
    }
    for (const [fieldNames, [min, max]] of Object.entries(want.ranges ?? {})) {
      const field = findField(table, fieldNames);
      if (field?.params?.['min'] !== min || field.params['max'] !== max) {
        out.push(
          `${where}: range ${fieldNames} = ${JSON.stringify(field?.params ?? null)}, expected [${min}, ${max}]`,
        );
      }
    }
    for (const [fieldNames, [min, max]] of Object.entries(want.dates ?? {})) {
      const field = findField(table, fieldNames);
      const ok =
        field !== undefined &&
        Math.abs(day(field.params?.['min']) - day(min)) <= 1 &&
        Math.abs(day(field.params?.['max']) - day(max)) <= 1;
      if (!ok)
        out.push(
          `${where}: dates ${fieldNames} = ${JSON.stringify(field?.params ?? null)}, expected [${min}, ${max}]`,
        );
    }
    for (const [parentNames, [min, max]] of Object.entries(want.per_parent ?? {})) {
      const ref = table.fields.find(
        (f) => f.type === 'ref' && alternatives(parentNames).includes(String(f.params?.['table'])),
      );
      const per = ref?.params?.['per_parent'] as { min: number; max: number } | undefined;
      if (per?.min !== min || per.max !== max)
        out.push(
          `${where}: per_parent ${parentNames} = ${JSON.stringify(per ?? null)}, expected [${min}, ${max}]`,
        );
    }
    if (want.unique_pair === true) {
      const refs = new Set(table.fields.filter((f) => f.type === 'ref').map((f) => f.name));
      if (!(table.unique ?? []).some((key) => key.length >= 2 && key.every((n) => refs.has(n))))
        out.push(`${where}: no unique pair of refs`);
    }
  }
  return out;
}

/**
 * What a corpus is for. `training`: tuned on, its misses may be read, its floor only rises.
 * `validation`: unseen, read only as a share and kinds of problems. `held-out`: the frozen test set
 * (prompts/prompts-heldout.md), never edited, never read case by case.
 */
/** Plain text types, written before text by meaning existed: a corpus accepting one means "some text". */
const PLAIN_TEXT = new Set(['sentence', 'paragraph', 'text', 'words']);

/**
 * Whether `got` is a narrower kind of `accepted`: a text-by-meaning type (a `note`, a `diagnosis`, a
 * post's `article_body`; see docs/realism.md) is a text of that meaning, a `headline` is a title, a
 * `product_price` (a price in its product's band) is a price, and a `basket_total` (an order's total
 * of catalogue prices) is a money amount. The relation is between
 * types, the same for every prompt of every corpus.
 */
function refines(got: string, accepted: string): boolean {
  if (got === 'product_price') return accepted === 'price';
  if (got === 'basket_total') return ['amount', 'price', 'decimal'].includes(accepted);
  if (!TEXT_BY_MEANING.has(got)) return false;
  return PLAIN_TEXT.has(accepted) || (got === 'headline' && accepted === 'title');
}

export type CorpusRole = 'training' | 'validation' | 'held-out';

export interface Corpus {
  label: string;
  /** The file under test/fixtures/prompts/. */
  file: string;
  role: CorpusRole;
  /** The offline converter's floor (training) or tripwire (validation, held-out), a share. */
  floor: number;
  /** Fewest prompts the file must hold. */
  size: number;
  /** How its prompts were written. */
  written: string;
}

const FIXTURES = new URL('../fixtures/prompts/', import.meta.url);

/** Every corpus, as test/fixtures/prompts/manifest.json lists them. */
export const CORPORA: readonly Corpus[] = (
  JSON.parse(readFileSync(new URL('manifest.json', FIXTURES), 'utf8')) as { corpora: Corpus[] }
).corpora;

/** The prompts of a corpus. */
export function readCorpus(corpus: Corpus): PromptCase[] {
  return JSON.parse(readFileSync(new URL(corpus.file, FIXTURES), 'utf8')) as PromptCase[];
}

/** The kind of one problem, as reports of unseen sets give them (never the problem itself). */
export function problemKind(problem: string): string {
  return (
    /(no table|no field|type|no ref|enum|count|no unique|locale|not converted|range|dates|per_parent)/.exec(
      problem,
    )?.[1] ?? 'other'
  );
}

/** A corpus scored: how many prompts were fully understood, the misses, and how many had each kind. */
export interface CorpusScore {
  understood: number;
  total: number;
  /** Each missed prompt with its problems (for training corpora only; see CorpusRole). */
  misses: { prompt: string; problems: string[] }[];
  kinds: Map<string, number>;
}

/** Scores `results` (one per prompt of `cases`, in order) against what the cases expect. */
export function scoreResults(
  cases: readonly PromptCase[],
  results: readonly ConversionResult[],
): CorpusScore {
  const score: CorpusScore = { understood: 0, total: cases.length, misses: [], kinds: new Map() };
  cases.forEach((item, i) => {
    const found = problems(results[i] as ConversionResult, item.expect);
    if (found.length === 0) score.understood++;
    else score.misses.push({ prompt: item.prompt, problems: found });
    for (const kind of new Set(found.map(problemKind)))
      score.kinds.set(kind, (score.kinds.get(kind) ?? 0) + 1);
  });
  return score;
}

/** Whether the offline converter's score is under the corpus's floor (or tripwire). */
export function underFloor(corpus: Corpus, score: CorpusScore): boolean {
  return score.understood / score.total < corpus.floor;
}

/** "87/160 fully understood (54.4%); problems by kind: no ref 14, …" */
export function summary(score: CorpusScore): string {
  const share = score.total === 0 ? 0 : score.understood / score.total;
  const kinds = [...score.kinds].map(([k, n]) => `${k} ${n}`).join(', ');
  return `${score.understood}/${score.total} fully understood (${(share * 100).toFixed(1)}%)${kinds === '' ? '' : `; problems by kind: ${kinds}`}`;
}
