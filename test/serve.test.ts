import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import t from 'tap';
import { serve } from '../src/serve.js';
import { TS_NODE_ARGS } from './helpers/node-args.js';

function slowApp(ms: number): Koa {
  const app = new Koa();
  app.use(async (ctx) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    ctx.body = { done: true };
  });
  return app;
}

t.test('stop lets in-flight requests finish within the deadline', async (t) => {
  const serving = await serve(slowApp(300), '127.0.0.1', 0);
  const inFlight = fetch(serving.url);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const stopped = serving.stop(5000);
  const response = await inFlight;
  t.equal(response.status, 200);
  t.same(await response.json(), { done: true });
  t.same(await stopped, { forced: false });
  await t.rejects(fetch(serving.url), 'no longer accepting');
});

t.test('stop cuts requests still running at the deadline', async (t) => {
  const serving = await serve(slowApp(10_000), '127.0.0.1', 0);
  const inFlight = fetch(serving.url).then(
    () => 'answered',
    () => 'cut',
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  t.same(await serving.stop(200), { forced: true });
  t.equal(await inFlight, 'cut');
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
  child.stdout.on('data', (c) => {
    output += c;
  });
  child.stderr.on('data', (c) => {
    output += c;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

t.test('server.ts serves and exits cleanly on SIGTERM', async (t) => {
  const server = startServer({ PORT: '0', DATA_DIR: mkdtempSync(join(tmpdir(), 'mockhive-server-')) });
  t.teardown(() => server.child.kill('SIGKILL'));
  const deadline = Date.now() + 20_000;
  let url: string | undefined;
  while (!url && Date.now() < deadline) {
    url = /"url":"(http:[^"]+)"/.exec(server.output())?.[1];
    if (!url) await new Promise((resolve) => setTimeout(resolve, 100));
  }
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
