import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import Koa from 'koa';
import t from 'tap';
import { connect, type Socket } from 'node:net';
import { once } from 'node:events';
import { serve, type ListenerSettings } from '../src/serve.js';
import { TS_NODE_ARGS } from './helpers/node-args.js';

const LIMITS: ListenerSettings = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  connectionsPerAddress: 0,
};

/** An app whose requests take `ms`; `arrived` resolves once the first request is inside it. */
function slowApp(ms: number): { app: Koa; arrived: Promise<void> } {
  const app = new Koa();
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  app.use(async (ctx) => {
    arrive();
    await new Promise((resolve) => setTimeout(resolve, ms));
    ctx.body = { done: true };
  });
  return { app, arrived };
}

t.test('stop lets in-flight requests finish within the deadline', async (t) => {
  const slow = slowApp(300);
  const serving = await serve(slow.app, '127.0.0.1', 0, LIMITS);
  const inFlight = fetch(serving.url);
  await slow.arrived;
  const stopped = serving.stop(5000);
  const response = await inFlight;
  t.equal(response.status, 200);
  t.same(await response.json(), { done: true });
  t.same(await stopped, { forced: false });
  await t.rejects(fetch(serving.url), 'no longer accepting');
});

t.test('stop cuts requests still running at the deadline', async (t) => {
  const slow = slowApp(10_000);
  const serving = await serve(slow.app, '127.0.0.1', 0, LIMITS);
  const inFlight = fetch(serving.url).then(
    () => 'answered',
    () => 'cut',
  );
  await slow.arrived;
  t.same(await serving.stop(200), { forced: true });
  t.equal(await inFlight, 'cut');
});

/** A raw connection to `url`: what it sends, and everything the server answers until it closes. */
async function rawConnection(url: string): Promise<{ socket: Socket; answer: Promise<string> }> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk;
  });
  const answer = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  socket.on('error', () => {}); // a reset after the answer is the server closing
  await once(socket, 'connect');
  return { socket, answer };
}

/** The status, headers and JSON body of a raw HTTP/1.1 answer. */
function parseAnswer(raw: string): { status: number; headers: string; body: unknown } {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  return {
    status: Number(head.split(' ')[1]),
    headers: head,
    body: body === '' ? undefined : JSON.parse(body),
  };
}

function echoApp(): Koa {
  const app = new Koa();
  app.use(async (ctx) => {
    let bytes = 0;
    for await (const chunk of ctx.req) bytes += (chunk as Buffer).length;
    ctx.body = { bytes };
  });
  return app;
}

t.test('a body that trickles is cut at the request timeout with a 408 envelope', async (t) => {
  const serving = await serve(echoApp(), '127.0.0.1', 0, {
    ...LIMITS,
    requestTimeoutMs: 1000,
    headersTimeoutMs: 1000,
  });
  t.teardown(() => serving.stop(100));
  const { socket, answer } = await rawConnection(serving.url);
  socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nonly part of it');
  const { status, headers, body } = parseAnswer(await answer);
  t.equal(status, 408);
  t.match(headers, /x-content-type-options: nosniff/i);
  t.match(body, { error: { code: 'REQUEST_TIMEOUT' } });
});

t.test('a connection that sends no headers is cut at the header timeout', async (t) => {
  const serving = await serve(echoApp(), '127.0.0.1', 0, {
    ...LIMITS,
    requestTimeoutMs: 5000,
    headersTimeoutMs: 1000,
  });
  t.teardown(() => serving.stop(100));
  const { socket, answer } = await rawConnection(serving.url);
  socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
  t.match(parseAnswer(await answer), { status: 408, body: { error: { code: 'REQUEST_TIMEOUT' } } });
});

t.test('the request timeout does not cut a response that streams for longer', async (t) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const app = new Koa();
  app.use(async (ctx) => {
    if (ctx.path !== '/long') {
      for await (const chunk of ctx.req) void chunk;
      ctx.body = 'read';
      return;
    }
    ctx.body = Readable.from(
      (async function* () {
        yield 'first,';
        await released;
        yield 'last';
      })(),
    );
  });
  const serving = await serve(app, '127.0.0.1', 0, {
    ...LIMITS,
    requestTimeoutMs: 1000,
    headersTimeoutMs: 1000,
  });
  t.teardown(() => serving.stop(100));
  const long = await rawConnection(serving.url);
  long.socket.write('GET /long HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  await once(long.socket, 'data'); // the response has started
  // A later trickling request is cut: by then the download's own timeout has passed, and was checked.
  const trickle = await rawConnection(serving.url);
  trickle.socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nab');
  t.equal(parseAnswer(await trickle.answer).status, 408);
  release();
  const raw = await long.answer;
  t.match(raw, /^HTTP\/1\.1 200/);
  t.match(raw, /first,[\s\S]*last/);
});

t.test('one address holds at most the cap of connections; over it, a 429 envelope', async (t) => {
  const serving = await serve(echoApp(), '127.0.0.1', 0, { ...LIMITS, connectionsPerAddress: 2 });
  t.teardown(() => serving.stop(100));
  const serverSockets: Socket[] = [];
  serving.server.on('connection', (socket: Socket) => serverSockets.push(socket));
  const first = await rawConnection(serving.url);
  const second = await rawConnection(serving.url);
  const third = await rawConnection(serving.url);
  third.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
  const refused = parseAnswer(await third.answer);
  t.equal(refused.status, 429);
  t.match(refused.headers, /retry-after: 1/i);
  t.match(refused.headers, /connection: close/i);
  t.match(refused.body, { error: { code: 'RATE_LIMIT_EXCEEDED', message: /at most 2/ } });

  // Once one of the two closes, the address may open another.
  const closed = once(serverSockets[0]!, 'close');
  first.socket.destroy();
  await closed;
  const fourth = await rawConnection(serving.url);
  fourth.socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  t.match(parseAnswer(await fourth.answer), { status: 200, body: { bytes: 0 } });
  second.socket.destroy();
});

t.test('what the HTTP parser refuses is answered with the envelope', async (t) => {
  const serving = await serve(echoApp(), '127.0.0.1', 0, LIMITS);
  t.teardown(() => serving.stop(100));
  const garbage = await rawConnection(serving.url);
  garbage.socket.write('NOT HTTP AT ALL\r\n\r\n');
  t.match(parseAnswer(await garbage.answer), { status: 400, body: { error: { code: 'VALIDATION_ERROR' } } });
  const huge = await rawConnection(serving.url);
  huge.socket.write(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
  t.match(parseAnswer(await huge.answer), { status: 431, body: { error: { code: 'HEADERS_TOO_LARGE' } } });
});

function startServer(env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    [...TS_NODE_ARGS, new URL('../src/server.ts', import.meta.url).pathname],
    {
      env: { ...process.env, LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const listeners = new Set<() => void>();
  const append = (c: Buffer) => {
    output += c;
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  /** The first group of `pattern` once the output has it; undefined if the process exits first. */
  const line = (pattern: RegExp) =>
    new Promise<string | undefined>((resolve) => {
      const look = () => {
        const found = pattern.exec(output)?.[1];
        if (found === undefined) return;
        listeners.delete(look);
        resolve(found);
      };
      listeners.add(look);
      look();
      void exited.then(() => resolve(pattern.exec(output)?.[1]));
    });
  return { child, exited, output: () => output, line };
}

t.test('server.ts serves and exits cleanly on SIGTERM', async (t) => {
  const server = startServer({ PORT: '0', DATA_DIR: mkdtempSync(join(tmpdir(), 'mockhive-server-')) });
  t.teardown(() => server.child.kill('SIGKILL'));
  // Waits for the line as long as it takes: tap's per-file timeout is the hang guard.
  const url = await server.line(/"url":"(http:[^"]+)"/);
  t.ok(url, 'logged its address');
  const log = server.output();
  const warmed = log.indexOf('"msg":"event loop warmed up"');
  t.ok(
    warmed >= 0 && warmed < log.indexOf('"msg":"mockhive listening"'),
    'warmed the event loop (small requests run there) before listening',
  );
  const health = await fetch(`${url}/api/v1/health`);
  t.equal(health.status, 200);
  server.child.kill('SIGTERM');
  t.equal(await server.exited, 0);
  t.match(server.output(), /"msg":"stopped"/);
});

t.test('server.ts refuses a bad configuration, naming the variable', async (t) => {
  const server = startServer({ PORT: 'not-a-port' });
  t.equal(await server.exited, 78);
  t.match(server.output(), /Invalid PORT/);
});
