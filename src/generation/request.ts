/** TypeBox schemas of the generation request (schema, template and prompt modes). */
import { type Static, Type } from '@sinclair/typebox';
import { LOCALE_CODES, TEMPLATE_IDS } from '../../workers/engine/index.js';
import { OUTPUT_FORMATS, SQL_DIALECTS } from '../../workers/output/options.js';
import { MAX_PROMPT_CHARS } from '../prompt/limits.js';

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));

// Names become JSON keys, CSV headers and quoted SQL identifiers: any printable text up to 63
// characters (PostgreSQL's identifier limit) works in every output.
export const Name = Type.String({ minLength: 1, maxLength: 63, pattern: '^[^\\u0000-\\u001f\\u007f]+$' });

export const MAX_TABLE_COUNT = 2_147_483_647;

export const FieldSchema = Type.Object({
  name: Name,
  type: Type.String({ minLength: 1, maxLength: 100 }),
  params: Type.Optional(Type.Object({}, { additionalProperties: true })),
  nullable: Type.Optional(Type.Boolean()),
  unique: Type.Optional(Type.Boolean()),
});

export const TableSchema = Type.Object({
  name: Name,
  count: Type.Integer({ minimum: 1, maximum: MAX_TABLE_COUNT }),
  fields: Type.Array(FieldSchema, { minItems: 1, maxItems: 500 }),
  unique: Type.Optional(Type.Array(Type.Array(Name, { minItems: 1 }))),
});

export const GenerateBody = Type.Object({
  tables: Type.Optional(Type.Array(TableSchema, { minItems: 1, maxItems: 200 })),
  prompt: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_PROMPT_CHARS })),
  template: Type.Optional(literals(TEMPLATE_IDS)),
  scale: Type.Optional(Type.Number({ minimum: 0.1, maximum: 100 })),
  format: Type.Optional(literals(OUTPUT_FORMATS)),
  locale: Type.Optional(literals(LOCALE_CODES)),
  sql_dialect: Type.Optional(literals(SQL_DIALECTS)),
  seed: Type.Optional(Type.Integer({ minimum: 0, maximum: 4_294_967_295 })),
});
export type GenerateBody = Static<typeof GenerateBody>;
export type TableInput = Static<typeof TableSchema>;
