/** GET /api/v1/types and GET /api/v1/templates: the public catalogues (docs/decisions.md, Access). */
import Router from '@koa/router';
import { FIELD_TYPES, LOCALE_CODES, templateSummaries } from '../../../workers/engine/index.js';
import { CATEGORY_ORDER } from '../../../workers/engine/types/index.js';
import { OUTPUT_FORMATS, SQL_DIALECTS } from '../../../workers/output/options.js';

type TypeEntry = { description: string; params: Record<string, string>; example: unknown };

/** The type catalogue grouped by category, computed once: it is data. */
function typeCatalogue() {
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
  const templates = JSON.stringify({ templates: templateSummaries() });
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
