/** CORS on /api/v1, /openapi.json and /llms.txt: origins from CORS_ORIGINS, none by default. */
import t from 'tap';
import { startApp, type TestServer } from '../../helpers/app.js';
import { embeddedStore } from '../../helpers/stores.js';

const APP = 'https://app.example.com';

function preflight(server: TestServer, path: string, origin: string, headers = 'authorization,content-type') {
  return server.request(path, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': headers,
    },
  });
}

t.test('a listed origin: preflight answered, keys and JSON allowed, headers exposed', async (t) => {
  const server = await startApp(t, await embeddedStore(t), {
    env: { CORS_ORIGINS: `${APP}, http://localhost:5173` },
  });
  const response = await preflight(server, '/api/v1/generate', APP);
  t.equal(response.status, 204);
  t.equal(response.headers.get('Access-Control-Allow-Origin'), APP);
  t.equal(response.headers.get('Access-Control-Allow-Credentials'), null, 'never credentials');
  const allowed = response.headers.get('Access-Control-Allow-Headers')!.toLowerCase().split(',');
  for (const header of ['authorization', 'x-api-key', 'content-type', 'idempotency-key']) {
    t.ok(allowed.includes(header), `${header} may be sent`);
  }
  t.match(response.headers.get('Access-Control-Allow-Methods'), /POST/);
  t.equal(response.headers.get('Access-Control-Max-Age'), '600');
  t.match(response.headers.get('Vary'), /Origin/);

  const key = await server.key('pro');
  const usage = await server.request('/api/v1/usage', { key, headers: { Origin: 'http://localhost:5173' } });
  t.equal(usage.status, 200);
  t.equal(usage.headers.get('Access-Control-Allow-Origin'), 'http://localhost:5173');
  const exposed = usage.headers.get('Access-Control-Expose-Headers')!.split(',');
  for (const header of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'X-Request-Id']) {
    t.ok(exposed.includes(header), `${header} is readable`);
  }
  // Errors carry the headers too, so a page can read the envelope's code.
  const refused = await server.request('/api/v1/usage', { headers: { Origin: APP } });
  t.equal(refused.status, 401);
  t.equal(refused.headers.get('Access-Control-Allow-Origin'), APP);
  for (const path of ['/openapi.json', '/llms.txt', '/api/v1/types']) {
    const response = await server.request(path, { headers: { Origin: APP } });
    t.equal(response.headers.get('Access-Control-Allow-Origin'), APP, `${path} is shared`);
  }
});

t.test('an origin not listed gets no CORS headers, preflight or not', async (t) => {
  const server = await startApp(t, await embeddedStore(t), { env: { CORS_ORIGINS: APP } });
  for (const origin of [
    'https://evil.example.com',
    'https://app.example.com.evil.com',
    'null',
    `${APP}:444`,
  ]) {
    const response = await preflight(server, '/api/v1/generate', origin);
    t.equal(response.headers.get('Access-Control-Allow-Origin'), null, `${origin}: preflight refused`);
    t.not(response.status, 204);
    const get = await server.request('/api/v1/health', { headers: { Origin: origin } });
    t.equal(get.status, 200, 'the server still answers; the browser withholds it');
    t.equal(get.headers.get('Access-Control-Allow-Origin'), null);
  }
  // Other paths never get CORS headers (the agent flow and the page are not browser-facing here).
  for (const path of ['/api/agent/estimate', '/docs']) {
    const response = await preflight(server, path, APP);
    t.equal(response.headers.get('Access-Control-Allow-Origin'), null, `${path} is not shared`);
  }
});

t.test('by default no origin is allowed', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const response = await preflight(server, '/api/v1/generate', APP);
  t.equal(response.headers.get('Access-Control-Allow-Origin'), null);
  const get = await server.request('/openapi.json', { headers: { Origin: APP } });
  t.equal(get.headers.get('Access-Control-Allow-Origin'), null);
});

t.test('CORS_ORIGINS=* allows any origin, still without credentials', async (t) => {
  const server = await startApp(t, await embeddedStore(t), { env: { CORS_ORIGINS: '*' } });
  const response = await preflight(server, '/api/v1/generate', 'https://anyone.example');
  t.equal(response.status, 204);
  t.equal(response.headers.get('Access-Control-Allow-Origin'), '*');
  t.equal(response.headers.get('Access-Control-Allow-Credentials'), null);
  const get = await server.request('/llms.txt', { headers: { Origin: 'https://anyone.example' } });
  t.equal(get.headers.get('Access-Control-Allow-Origin'), '*');
});
