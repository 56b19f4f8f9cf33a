import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import t, { type Test } from 'tap';
import { attemptDelivery, nextAttemptDelay, RETRY_DELAYS_MS } from '../../src/webhooks/delivery.js';
import { deliveryHeaders, newWebhookSecret } from '../../src/webhooks/signature.js';

interface Received {
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A receiver on an ephemeral loopback port, closed (connections included) at the end of the test. */
async function receiver(
  t: Test,
  respond: (res: ServerResponse) => void = (res) => res.end('thanks'),
): Promise<{ port: number; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
      respond(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    server.closeAllConnections();
    server.close();
  });
  const { port } = server.address() as AddressInfo;
  return { port, url: `http://127.0.0.1:${port}/hook`, received };
}

const secret = newWebhookSecret();
const body = JSON.stringify({ event: 'generation.completed', data: { id: 'gen_1' } });

function signed(url: string) {
  return {
    url,
    body,
    headers: deliveryHeaders({
      secret,
      deliveryId: 'dlv_1',
      event: 'generation.completed',
      body,
      timestamp: new Date(),
    }),
  };
}

t.test('a delivery arrives signed both ways', async (t) => {
  t.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
  const hook = await receiver(t);
  const outcome = await attemptDelivery(signed(hook.url), { allowPrivate: true });
  t.match(outcome, { ok: true, status: 200, error: undefined, durationMs: Number });
  const [request] = hook.received;
  t.equal(request?.body, body);
  t.equal(request?.url, '/hook');
  const headers = request!.headers as Record<string, string>;
  t.match(headers, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'user-agent': /^mockhive-webhooks\//,
    'x-service-event': 'generation.completed',
    'x-service-delivery': 'dlv_1',
    'x-service-timestamp': /^\d+$/,
    'webhook-id': 'dlv_1',
  });
  t.equal(headers['webhook-timestamp'], headers['x-service-timestamp']);
  const hex = createHmac('sha256', secret).update(body).digest('hex');
  t.equal(headers['x-service-signature'], `sha256=${hex}`, 'HMAC keyed with the secret string');
  t.same(new Webhook(secret).verify(body, headers), JSON.parse(body), 'Standard Webhooks verifies');
  t.throws(() => new Webhook(newWebhookSecret()).verify(body, headers), 'not with another secret');
});

t.test('a non-2xx answer fails; a redirect is not followed', async (t) => {
  const failing = await receiver(t, (res) => res.writeHead(500).end('boom'));
  t.match(await attemptDelivery(signed(failing.url), { allowPrivate: true }), { ok: false, status: 500 });
  const target = await receiver(t);
  const moving = await receiver(t, (res) => res.writeHead(302, { Location: target.url }).end());
  t.match(await attemptDelivery(signed(moving.url), { allowPrivate: true }), { ok: false, status: 302 });
  t.equal(moving.received.length, 1);
  t.equal(target.received.length, 0, 'the Location saw nothing');
});

t.test('the body is read up to 64 KiB, within the time limit', async (t) => {
  // Each response starts and never ends: only the 64 KiB cap or the timeout settles the attempt.
  const slow = await receiver(t, (res) => res.writeHead(200).write('x'));
  const streaming = await receiver(t, (res) => res.writeHead(200).write('x'.repeat(100 * 1024)));
  t.match(await attemptDelivery(signed(streaming.url), { allowPrivate: true, timeoutMs: 2_000 }), {
    ok: true,
    status: 200,
  });
  t.match(await attemptDelivery(signed(slow.url), { allowPrivate: true, timeoutMs: 300 }), {
    ok: false,
    status: 200,
    error: 'timed out after 300 ms',
  });
});

t.test('a receiver that never answers times out', async (t) => {
  const silent = await receiver(t, () => {});
  const outcome = await attemptDelivery(signed(silent.url), { allowPrivate: true, timeoutMs: 300 });
  t.match(outcome, { ok: false, status: undefined, error: 'timed out after 300 ms' });
  t.ok(outcome.durationMs >= 290 && outcome.durationMs < 2_000, `${outcome.durationMs} ms`);
});

t.test('an abort signal ends the attempt', async (t) => {
  const silent = await receiver(t, () => {});
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 50);
  const options = { allowPrivate: true, signal: controller.signal };
  t.match(await attemptDelivery(signed(silent.url), options), { ok: false, error: 'aborted' });
  t.match(
    await attemptDelivery(signed(silent.url), options),
    { ok: false, error: 'aborted' },
    'already aborted',
  );
});

t.test('connection refused is an outcome, not a throw', async (t) => {
  const closed = await receiver(t);
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  const outcome = await attemptDelivery(signed(`http://127.0.0.1:${port}/`), { allowPrivate: true });
  t.match(outcome, { ok: false, error: 'connection refused' });
  t.match(await attemptDelivery(signed('ftp://example.com/'), { allowPrivate: true }), { ok: false });
  t.equal(closed.received.length, 0);
});

t.test('private targets are refused before any request unless allowed', async (t) => {
  const hook = await receiver(t);
  const refused: [string, RegExp][] = [
    [`http://127.0.0.1:${hook.port}/`, /loopback/],
    [`http://[::1]:${hook.port}/`, /loopback/],
    [`http://2130706433:${hook.port}/`, /loopback/],
    [`http://[::ffff:127.0.0.1]:${hook.port}/`, /loopback/],
    [`http://0.0.0.0:${hook.port}/`, /unspecified/],
  ];
  for (const [url, error] of refused) {
    const outcome = await attemptDelivery(signed(url), { allowPrivate: false });
    t.match(outcome, { ok: false, status: undefined, error }, url);
    t.notOk(outcome.error?.includes(secret), 'no secret in the error');
  }
  const named = await attemptDelivery(signed(`http://localhost:${hook.port}/`), { allowPrivate: false });
  t.match(
    named,
    { ok: false, error: 'the address is not allowed', detail: /^localhost resolves to a loopback address/ },
    'what a name resolved to is kept out of the error',
  );
  t.notMatch(named.error, /127\.0\.0\.1|::1|loopback/);
  t.equal(hook.received.length, 0, 'the receiver saw no request');
  const allowed = await attemptDelivery(signed(`http://localhost:${hook.port}/`), { allowPrivate: true });
  t.match(allowed, { ok: true, status: 200 }, 'a name resolved through the guard connects');
});

t.test('retry schedule: 7 attempts in all', async (t) => {
  t.same(RETRY_DELAYS_MS, [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000]);
  t.equal(nextAttemptDelay(0), 0);
  t.equal(nextAttemptDelay(1), 5_000);
  t.equal(nextAttemptDelay(6), 36_000_000);
  t.equal(nextAttemptDelay(7), undefined);
});
