/** GET /docs and GET /llms.txt: the reference page works offline, the guide follows the document. */
import t from 'tap';
import { buildOpenApiDocument } from '../../src/http/openapi/document.js';
import { GENERATE_EXAMPLE } from '../../src/http/openapi/examples.js';
import { documentOptions } from '../../src/http/routes/reference.js';
import { startApp } from '../helpers/app.js';
import { embeddedStore } from '../helpers/stores.js';

t.test('/docs and every asset it references come from this server', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const page = await server.request('/docs');
  t.equal(page.status, 200);
  t.match(page.headers.get('Content-Type'), /^text\/html/);
  const policy = page.headers.get('Content-Security-Policy')!;
  t.match(policy, /script-src 'self'(;|$)/, 'no inline or foreign script');
  t.notMatch(policy, /https?:/, 'the policy names no other host');
  const html = await page.text();
  const references = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
  t.ok(references.length >= 4, `the page references its assets (${references.join(', ')})`);
  const origin = new URL(server.url).origin;
  const fetched: string[] = [];
  const queue = [...references];
  for (let reference = queue.shift(); reference !== undefined; reference = queue.shift()) {
    const url = new URL(reference, `${server.url}/docs`);
    t.equal(url.origin, origin, `${reference} is on this server`);
    const response = await fetch(url);
    t.equal(response.status, 200, `${reference} is served`);
    const body = await response.text();
    fetched.push(url.pathname);
    // Stylesheets may pull more files: only data: URIs or this server's.
    if (url.pathname.endsWith('.css')) {
      for (const match of body.matchAll(/url\(\s*['"]?([^'")]+)/g)) {
        if (!match[1]!.startsWith('data:')) queue.push(match[1]!);
      }
    }
    // The start script loads the document from this server and never asks an online validator.
    if (url.pathname.endsWith('/init.js')) {
      t.match(body, /url: '\/openapi\.json'/);
      t.match(body, /validatorUrl: null/);
    }
  }
  t.ok(fetched.includes('/docs/assets/swagger-ui-bundle.js'));
  t.ok(fetched.includes('/docs/assets/swagger-ui.css'));
});

t.test('/docs/assets serves only its listed files', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const js = await server.request('/docs/assets/swagger-ui-bundle.js');
  t.match(js.headers.get('Content-Type'), /^text\/javascript/);
  t.equal(js.headers.get('X-Content-Type-Options'), 'nosniff');
  t.ok((await js.arrayBuffer()).byteLength > 100_000, 'the bundle itself');
  const again = await server.request('/docs/assets/swagger-ui-bundle.js');
  t.equal(again.status, 200, 'served again from memory');
  await again.arrayBuffer();
  for (const file of ['package.json', 'index.html', '..%2Fpackage.json', 'constructor', 'toString']) {
    const response = await server.request(`/docs/assets/${file}`);
    t.equal(response.status, 404, `${file} is not served`);
    t.equal(((await response.json()) as { error: { code: string } }).error.code, 'NOT_FOUND');
  }
});

t.test('with PUBLIC_BASE_URL, the page may send requests there', async (t) => {
  const server = await startApp(t, await embeddedStore(t), {
    env: { PUBLIC_BASE_URL: 'https://api.example.com/base' },
  });
  const page = await server.request('/docs');
  t.match(page.headers.get('Content-Security-Policy'), /connect-src 'self' https:\/\/api\.example\.com;/);
});

t.test('/llms.txt: what the service is, auth, the main endpoints with an example', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const response = await server.request('/llms.txt');
  t.equal(response.status, 200);
  t.match(response.headers.get('Content-Type'), /^text\/plain/);
  const text = await response.text();
  t.match(text, /^# mockhive\n\n> /);
  t.match(text, /Authorization: Bearer <key>/);
  t.match(text, /x-api-key/);
  t.match(text, `${server.url}/openapi.json`, 'links the document on the host asked');
  const document = buildOpenApiDocument(documentOptions({ config: server.config }));
  // Every data and agent-flow operation is listed with its summary from the document.
  for (const [path, item] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/') || path.includes('/sandbox/') || path.includes('/webhooks/')) continue;
    for (const [method, operation] of Object.entries(item)) {
      t.match(text, `- ${method.toUpperCase()} ${path}`, `${method} ${path} is listed`);
      t.match(text, String(operation['summary']));
    }
  }
  t.notMatch(text, /\/api\/agent\/webhooks\/|\/docs\/assets/, 'no provider or asset routes');
  t.match(text, JSON.stringify(GENERATE_EXAMPLE), 'the generate example, as docs/api.md has it');
  t.match(text, '(key)', 'says which need a key');
});

t.test('/llms.txt names PUBLIC_BASE_URL when set', async (t) => {
  const server = await startApp(t, await embeddedStore(t), {
    env: { PUBLIC_BASE_URL: 'https://api.example.com' },
  });
  const text = await (await server.request('/llms.txt')).text();
  t.match(text, 'https://api.example.com/openapi.json');
  t.match(text, 'curl -s https://api.example.com/api/v1/generate');
});
