/**
 * The generation engine's public API: compile a request into a plan, then generate any row range of
 * any table, in any worker, with identical results. Pure and synchronous.
 */
import { TEMPLATES } from './templates.js';

export { compile } from './compile.js';
export { expandTemplate } from './expand-template.js';
export type { ColumnKind, PlainFormat, Value } from './field-type.js';
export { forEachRow, generateRecords, generateRows } from './generate.js';
export { LOCALE_CODES } from './locales/index.js';
export type {
  CompileResult,
  EngineError,
  EngineIssue,
  GenerationPlan,
  PlannedField,
  PlannedTable,
} from './plan.js';
export { ENGINE_VERSION } from './plan.js';
export {
  ENGINE_LIMITS,
  type PlanSize,
  planSize,
  type SizeExcess,
  sizeExcess,
  type SizeLimits,
} from './size.js';
export type { FieldSpec, GenerationInput, TableSpec } from './schema.js';
export type { Template, TemplateId } from './templates.js';
export { TEMPLATE_IDS, TEMPLATES } from './templates.js';
export { NUMBERING_TYPES } from './compile-unique.js';
export { FIELD_TYPES } from './types/index.js';

/** Catalogue entries of the templates, as `GET /api/v1/templates` lists them. */
export function templateSummaries(): {
  id: string;
  name: string;
  description: string;
  tables: string[];
  default_counts: Record<string, number>;
}[] {
  return TEMPLATES.map((t) => ({
    id: t.id,
    name: t.name,
    description: t.description,
    tables: t.tables.map((table) => table.name),
    default_counts: Object.fromEntries(t.tables.map((table) => [table.name, table.count])),
  }));
}
