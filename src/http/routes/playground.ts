/**
 * GET /: the playground page, built from web/ by `npm run build` into dist/web/ (web/build.ts). The
 * page and its hashed script and stylesheet come from this server only, under a policy that allows no
 * inline script, so it works offline. Only the files the build's manifest lists are served.
 */
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Router from '@koa/router';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../../errors.js';

/** The package root: the nearest folder above this file with a package.json (from src/ or dist/src/). */
function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/** Where `npm run build` puts the page. */
export const PLAYGROUND_DIR = join(packageRoot(), 'dist', 'web');

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** The page's policy: nothing inline, nothing from another host but PUBLIC_BASE_URL for requests. */
export function playgroundPolicy(publicBaseUrl: string | undefined): string {
  const connect = publicBaseUrl ? `'self' ${new URL(publicBaseUrl).origin}` : "'self'";
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    `connect-src ${connect}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

interface Built {
  page: Buffer;
  files: ReadonlySet<string>;
}

/** Routes of the playground page (public); `dir` holds the build's output. */
export function playgroundRoutes(deps: Pick<AppDeps, 'config'>, dir = PLAYGROUND_DIR): Router {
  const policy = playgroundPolicy(deps.config.publicBaseUrl);
  const assets = new Map<string, Buffer>();
  let built: Promise<Built> | undefined;
  const load = async (): Promise<Built> => {
    const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as {
      files: Record<string, number>;
    };
    return { page: await readFile(join(dir, 'index.html')), files: new Set(Object.keys(manifest.files)) };
  };
  const read = async (): Promise<Built> => {
    built ??= load();
    try {
      return await built;
    } catch {
      built = undefined; // built later (npm run build) without a restart: look again next time
      throw new HttpError('NOT_FOUND', 'The playground page is not built: run `npm run build`.');
    }
  };

  const router = new Router();
  router.get('/', async (ctx) => {
    const { page } = await read();
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Content-Security-Policy', policy);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = page;
  });
  router.get('/playground/assets/:file', async (ctx) => {
    const file = ctx.params.file!;
    const { files } = await read();
    const type = TYPES[file.slice(file.lastIndexOf('.'))];
    if (!files.has(file) || type === undefined) {
      throw new HttpError('NOT_FOUND', `No asset ${JSON.stringify(file)}.`);
    }
    let bytes = assets.get(file);
    if (!bytes) {
      bytes = await readFile(join(dir, file));
      assets.set(file, bytes);
    }
    ctx.type = type;
    ctx.set('X-Content-Type-Options', 'nosniff');
    // Names carry the content's hash: a new build makes new names.
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.body = bytes;
  });
  return router;
}
