/** GET /openapi.json and GET /llms.txt: the API's description, for programs and for language models. */
import Router from '@koa/router';
import type { AppDeps } from '../deps.js';
import { buildOpenApiDocument, type DocumentOptions } from '../openapi/document.js';
import { buildLlmsTxt } from '../openapi/llms-txt.js';

/** The document's options from the app's configuration. */
export function documentOptions(deps: Pick<AppDeps, 'config'>): DocumentOptions {
  const { config } = deps;
  return {
    version: config.version,
    paymentProvider: config.payment.provider,
    publicBaseUrl: config.publicBaseUrl,
  };
}

/** Routes of the machine-readable reference (public). */
export function referenceRoutes(deps: Pick<AppDeps, 'config'>): Router {
  const options = documentOptions(deps);
  const document = JSON.stringify(buildOpenApiDocument(options));
  const router = new Router();
  router.get('/openapi.json', (ctx) => {
    ctx.type = 'application/json; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = document;
  });
  router.get('/llms.txt', (ctx) => {
    ctx.type = 'text/plain; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=300');
    // Without PUBLIC_BASE_URL the examples name the host the client used.
    ctx.body = buildLlmsTxt(options, `${ctx.protocol}://${ctx.host || 'localhost'}`);
  });
  return router;
}
