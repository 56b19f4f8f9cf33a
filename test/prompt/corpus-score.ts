/**
 * Scores one converted prompt against what a careful reader expects. Names in expectations may list
 * alternatives (`posts|blog_posts`), types may be a list of acceptable types, refs name parent tables,
 * dates compare by day with one day of slack.
 */
import type { FieldSpec, TableSpec } from '../../workers/engine/index.js';
import type { ConversionResult } from '../../src/prompt/index.js';

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
      else if (!accepted.includes(field.type))
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
