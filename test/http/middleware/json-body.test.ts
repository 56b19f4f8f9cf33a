import { request as httpRequest } from 'node:http';
import Koa from 'koa';
import t, { type Test } from 'tap';
import '../../../src/http/state.js';
import { errorEnvelope } from '../../../src/http/middleware/error-envelope.js';
import { jsonBody } from '../../../src/http/middleware/json-body.js';
import { serve } from '../../../src/serve.js';
import { testConfig } from '../../helpers/app.js';

const LIMIT = 1024;

async function echoServer(t: Test) {
  const app = new Koa();
  app.use(errorEnvelope());
  app.use(jsonBody(LIMIT));
  app.use((ctx) => {
    const body = ctx.request.body as Record<string, unknown>;
    ctx.body = {
      body,
      protoPolluted: ({} as Record<string, unknown>).polluted === true,
      hasProto: Object.hasOwn(body ?? {}, '__proto__'),
    };
  });
  const serving = await serve(app, '127.0.0.1', 0, testConfig().listener);
  t.teardown(() => serving.stop(500));
  return serving.url;
}

async function post(url: string, body: string | Buffer, headers: Record<string, string>) {
  const response = await fetch(url, { method: 'POST', body, headers });
  return {
    status: response.status,
    json: (await response.json()) as { error?: { code: string; message: string } },
  };
}

t.test('valid JSON reaches the handler', async (t) => {
  const url = await echoServer(t);
  const { status, json } = await post(url, '{"a":[1,2]}', {
    'Content-Type': 'application/json; charset=utf-8',
  });
  t.equal(status, 200);
  t.same(json, { body: { a: [1, 2] }, protoPolluted: false, hasProto: false });
  const vendor = await post(url, '{"b":1}', { 'Content-Type': 'application/vnd.api+json' });
  t.equal(vendor.status, 200, '+json media types are JSON');
});

t.test('bad bodies are 400 VALIDATION_ERROR', async (t) => {
  const url = await echoServer(t);
  const cases: [string, string | Buffer, Record<string, string>][] = [
    ['no content type', '{"a":1}', {}],
    ['text/plain', '{"a":1}', { 'Content-Type': 'text/plain' }],
    ['form-encoded', 'a=1&b=2', { 'Content-Type': 'application/x-www-form-urlencoded' }],
    ['empty', '', { 'Content-Type': 'application/json' }],
    ['whitespace only', '  \n', { 'Content-Type': 'application/json' }],
    ['trailing comma', '{"a":1,}', { 'Content-Type': 'application/json' }],
    ['truncated', '{"a":', { 'Content-Type': 'application/json' }],
    [
      'invalid UTF-8',
      Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]),
      { 'Content-Type': 'application/json' },
    ],
  ];
  for (const [name, body, headers] of cases) {
    const { status, json } = await post(url, body, headers);
    t.equal(status, 400, name);
    t.equal(json.error?.code, 'VALIDATION_ERROR', name);
    t.type(json.error?.message, 'string', name);
  }
});

t.test('__proto__ and constructor.prototype never reach objects', async (t) => {
  const url = await echoServer(t);
  const { status, json } = await post(
    url,
    '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"nested":{"__proto__":{"polluted":true}},"ok":1}',
    { 'Content-Type': 'application/json' },
  );
  t.equal(status, 200);
  t.equal((json as { protoPolluted: boolean }).protoPolluted, false);
  t.equal((json as { hasProto: boolean }).hasProto, false);
  const body = (json as { body: Record<string, unknown> }).body;
  t.same(Object.keys(body).sort(), ['nested', 'ok'], 'the constructor.prototype key is dropped whole');
  t.same(body.nested, {});
  t.equal(body.ok, 1);
});

t.test('over the limit is 413, by declared length or while streaming', async (t) => {
  const url = await echoServer(t);
  const big = `{"a":"${'x'.repeat(LIMIT)}"}`;
  const declared = await post(url, big, { 'Content-Type': 'application/json' });
  t.equal(declared.status, 413);
  t.equal(declared.json.error?.code, 'PAYLOAD_TOO_LARGE');

  // Chunked, no Content-Length: the server must cut it off once it passes the limit, without waiting for the end.
  const { hostname, port } = new URL(url);
  const result = await new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
    const req = httpRequest({
      hostname,
      port,
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
    });
    let sent = 0;
    let done = false;
    req.on('response', (res) => {
      done = true;
      let body = '';
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, sent }));
    });
    req.on('error', (error) => (done ? undefined : reject(error)));
    req.write('{"a":"');
    const pump = (): void => {
      if (done || sent > 50 * LIMIT) {
        req.end('"}');
        return;
      }
      sent += 256;
      req.write('y'.repeat(256));
      setImmediate(pump);
    };
    pump();
  });
  t.equal(result.status, 413);
  t.equal(JSON.parse(result.body).error.code, 'PAYLOAD_TOO_LARGE');
  t.ok(result.sent < 50 * LIMIT, `refused before the client finished sending (${result.sent} bytes sent)`);

  const exact = `{"a":"${'x'.repeat(LIMIT - 8)}"}`;
  t.equal(Buffer.byteLength(exact), LIMIT);
  t.equal(
    (await post(url, exact, { 'Content-Type': 'application/json' })).status,
    200,
    'exactly the limit passes',
  );
});
