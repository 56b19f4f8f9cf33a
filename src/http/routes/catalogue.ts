/** GET /api/v1/types and GET /api/v1/templates: the public catalogues (docs/decisions.md, Access). */
import Router from '@koa/router';
import { type Static, Type } from '@sinclair/typebox';
import { FIELD_TYPES, LOCALE_CODES, templateSummaries } from '../../../workers/engine/index.js';
import { CATEGORY_ORDER } from '../../../workers/engine/types/index.js';
import { OUTPUT_FORMATS, SQL_DIALECTS } from '../../../workers/output/options.js';

const TypeEntry = Type.Object({
  description: Type.String(),
  params: Type.Record(Type.String(), Type.String(), { description: 'Param name to its description' }),
  example: Type.Unknown(),
});
type TypeEntry = Static<typeof TypeEntry>;

export const TypesResponse = Type.Object({
  categories: Type.Record(Type.String(), Type.Record(Type.String(), TypeEntry), {
    description: 'Category to type identifier to its entry',
  }),
  total_types: Type.Integer(),
  locales: Type.Array(Type.String()),
  formats: Type.Array(Type.String()),
  sql_dialects: Type.Array(Type.String()),
});
export type TypesResponse = Static<typeof TypesResponse>;

export const TemplatesResponse = Type.Object({
  templates: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      description: Type.String(),
      tables: Type.Array(Type.String()),
      default_counts: Type.Record(Type.String(), Type.Integer()),
    }),
  ),
});
export type TemplatesResponse = Static<typeof TemplatesResponse>;

/** The type catalogue grouped by category (GET /api/v1/types; computed once per use: it is data). */
export function typeCatalogue(): TypesResponse {
  const categories: Record<string, Record<string, TypeEntry>> = {};
  for (const category of CATEGORY_ORDER) categories[category] = {};
  for (const type of FIELD_TYPES.values()) {
    (categories[type.category] ??= {})[type.id] = {
      description: type.description,
      params: { ...type.params },
      example: type.example,
    };
  }
  return {
    categories,
    total_types: FIELD_TYPES.size,
    locales: [...LOCALE_CODES],
    formats: [...OUTPUT_FORMATS],
    sql_dialects: [...SQL_DIALECTS],
  };
}

/** Routes of the catalogue resources (public). */
export function catalogueRoutes(): Router {
  const types = JSON.stringify(typeCatalogue());
  const templates = JSON.stringify({ templates: templateSummaries() } satisfies TemplatesResponse);
  const router = new Router();
  for (const [path, body] of [
    ['/types', types],
    ['/templates', templates],
  ] as const) {
    router.get(path, (ctx) => {
      ctx.type = 'application/json; charset=utf-8';
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.body = body;
    });
  }
  return router;
}
