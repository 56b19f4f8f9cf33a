/** GET /: the playground page and its assets come from this server, under a policy with no inline script. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import t from 'tap';
import { errorEnvelope } from '../../../src/http/middleware/error-envelope.js';
import { playgroundPolicy, playgroundRoutes } from '../../../src/http/routes/playground.js';
import { serve } from '../../../src/serve.js';
import { startApp, testConfig } from '../../helpers/app.js';
import { ensurePlayground } from '../../helpers/playground.js';
import { embeddedStore } from '../../helpers/stores.js';

t.test('GET / serves the built page; its script and stylesheet come from this server', async (t) => {
  const build = await ensurePlayground();
  const server = await startApp(t, await embeddedStore(t));
  const page = await server.request('/');
  t.equal(page.status, 200);
  t.match(page.headers.get('Content-Type'), /^text\/html/);
  t.equal(page.headers.get('Cache-Control'), 'no-cache');
  t.equal(page.headers.get('X-Content-Type-Options'), 'nosniff');
  const policy = page.headers.get('Content-Security-Policy')!;
  t.match(policy, /script-src 'self'(;|$)/, 'no inline script');
  t.match(policy, /style-src 'self'(;|$)/, 'no inline style');
  t.notMatch(policy, /https?:|unsafe/, 'no other host, nothing unsafe');
  const html = await page.text();
  t.notMatch(html, /<script>|<style|\son[a-z]+=/i, 'no inline script, style or handler in the page');
  const references = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
  const assets = references.filter((reference) => reference.startsWith('/playground/assets/'));
  t.equal(assets.length, 2, `one script and one stylesheet (${assets.join(', ')})`);
  for (const reference of references) {
    t.ok(reference.startsWith('/') || reference.startsWith('#'), `${reference} is on this server`);
  }
  for (const asset of assets) {
    const response = await server.request(asset);
    t.equal(response.status, 200, `${asset} is served`);
    t.match(response.headers.get('Content-Type'), asset.endsWith('.js') ? /^text\/javascript/ : /^text\/css/);
    t.match(response.headers.get('Cache-Control'), /immutable/);
    const body = await response.text();
    t.equal(Buffer.byteLength(body), build.files[asset.slice('/playground/assets/'.length)], 'as built');
    t.notMatch(body, /https?:\/\/(?!www\.w3\.org)/, 'loads nothing from another host');
    const again = await server.request(asset);
    t.equal(await again.text(), body, 'served again from memory');
  }
});

t.test('/playground/assets serves only the files the build lists', async (t) => {
  await ensurePlayground();
  const server = await startApp(t, await embeddedStore(t));
  for (const file of ['manifest.json', 'index.html', '..%2Fpackage.json', 'main.ts', 'constructor', 'x.js']) {
    const response = await server.request(`/playground/assets/${file}`);
    t.equal(response.status, 404, `${file} is not served`);
    t.equal(((await response.json()) as { error: { code: string } }).error.code, 'NOT_FOUND');
  }
  const post = await server.request('/', { method: 'POST' });
  t.equal(post.status, 405);
  await post.body?.cancel();
});

t.test('an unbuilt page answers 404 saying how to build it, and is found once built', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'mockhive-web-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const app = new Koa();
  app.use(errorEnvelope());
  app.use(playgroundRoutes({ config: testConfig() }, dir).routes());
  const serving = await serve(app, '127.0.0.1', 0, testConfig().listener);
  t.teardown(() => serving.stop(1000));
  for (const path of ['/', '/playground/assets/main.js']) {
    const missing = await fetch(serving.url + path);
    t.equal(missing.status, 404);
    const { error } = (await missing.json()) as { error: { code: string; message: string } };
    t.equal(error.code, 'NOT_FOUND');
    t.match(error.message, /npm run build/);
  }
  const { buildPlayground } = await import('../../../web/build.js');
  await buildPlayground(dir);
  const page = await fetch(serving.url + '/');
  t.equal(page.status, 200, 'built later, served without a restart');
  t.match(await page.text(), /<title>mockhive playground<\/title>/);
});

t.test('with PUBLIC_BASE_URL, the page may send requests there', async (t) => {
  t.equal(
    playgroundPolicy('https://api.example.com/base'),
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; " +
      "connect-src 'self' https://api.example.com; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  );
  t.match(playgroundPolicy(undefined), /connect-src 'self';/);
});
