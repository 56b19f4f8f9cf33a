/**
 * GET /docs: the API reference page, Swagger UI rendering /openapi.json, with "Try it out" against
 * this server. Its scripts and styles come from the swagger-ui-dist package through
 * GET /docs/assets/{file}, so the page works offline and loads nothing from another host.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import Router from '@koa/router';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../../errors.js';

const DIST = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The files the page uses, and their types; nothing else of the package is served. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

// Our own start script, served as a file: the page's policy allows no inline script.
// validatorUrl null: Swagger UI would otherwise ask validator.swagger.io about the document.
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  tryItOutEnabled: false,
  persistAuthorization: false,
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>mockhive API reference</title>
<link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/init.js"></script>
</body>
</html>
`;

/** The page's policy: everything from this origin (and PUBLIC_BASE_URL, where requests go). */
function contentSecurityPolicy(publicBaseUrl: string | undefined): string {
  const connect = publicBaseUrl ? `'self' ${new URL(publicBaseUrl).origin}` : "'self'";
  return [
    "default-src 'none'",
    "script-src 'self'",
    // Swagger UI sets style attributes and shows its icons as data: images.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src ${connect}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Routes of the reference page (public). */
export function docsPageRoutes(deps: Pick<AppDeps, 'config'>): Router {
  const policy = contentSecurityPolicy(deps.config.publicBaseUrl);
  const cache = new Map<string, Buffer>();
  const router = new Router();
  router.get('/docs', (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Content-Security-Policy', policy);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = PAGE;
  });
  router.get('/docs/assets/:file', async (ctx) => {
    const file = ctx.params.file!;
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', `public, max-age=86400`);
    if (file === 'init.js') {
      ctx.type = ASSETS['swagger-ui-bundle.js']!;
      ctx.body = INIT_SCRIPT;
      return;
    }
    const type = Object.hasOwn(ASSETS, file) ? ASSETS[file] : undefined;
    if (type === undefined) throw new HttpError('NOT_FOUND', `No asset ${JSON.stringify(file)}.`);
    let bytes = cache.get(file);
    if (!bytes) {
      bytes = await readFile(join(DIST, file));
      cache.set(file, bytes);
    }
    ctx.type = type;
    ctx.body = bytes;
  });
  return router;
}
