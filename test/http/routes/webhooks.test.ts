import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import t, { type Test } from 'tap';
import { startApp, type TestServer } from '../../helpers/app.js';
import { ManualClock } from '../../helpers/clock.js';
import { submitJob, waitForJob } from '../../helpers/jobs.js';
import { embeddedStore, forEachStore } from '../../helpers/stores.js';

const JOB = { template: 'blog', scale: 0.1, seed: 1 };
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

interface Created {
  id: string;
  url: string;
  events: string[];
  secret: string;
  created_at: string;
}

interface Delivery {
  id: string;
  event: string;
  state: string;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
}

interface ErrorBody {
  error: { code: string; details?: { field: string; message: string }[] };
}

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

/** A receiver on an ephemeral loopback port answering `statuses` in turn (then the last one). */
async function receiver(t: Test, statuses: number[] = [200]) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
      res.statusCode = statuses[Math.min(received.length, statuses.length) - 1]!;
      res.end('ok');
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

/** Registers a webhook; the 201 body. */
async function register(server: TestServer, key: string, json: object): Promise<Created> {
  const response = await server.request('/api/v1/webhooks', { key, json });
  if (response.status !== 201) throw new Error(`register: ${response.status} ${await response.text()}`);
  return (await response.json()) as Created;
}

async function deliveries(server: TestServer, key: string, id: string): Promise<Delivery[]> {
  const response = await server.request(`/api/v1/webhooks/${id}/deliveries`, { key });
  if (response.status !== 200) throw new Error(`deliveries: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { deliveries: Delivery[] }).deliveries;
}

/** Polls `probe` until it returns a value, or fails after `timeoutMs`. */
async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Polls the deliveries of webhook `id` until one satisfies `done`. */
function deliveryWhen(server: TestServer, key: string, id: string, done: (d: Delivery) => boolean) {
  return until(`delivery of ${id}`, async () => (await deliveries(server, key, id)).find(done));
}

t.test('registration, listing, deletion and their errors', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startApp(t, store, {
      env: { WEBHOOKS_PER_ACCOUNT: '2', WEBHOOK_SECRET_KEY: 'an operator key of some length' },
    });
    const key = await server.key('scale');
    const other = await server.key('agent');

    const response = await server.request('/api/v1/webhooks', {
      key,
      json: { url: 'https://example.com/hook' },
    });
    t.equal(response.status, 201);
    const created = (await response.json()) as Created;
    t.match(created, {
      id: String,
      url: 'https://example.com/hook',
      events: ['generation.completed'],
      secret: /^whsec_/,
      created_at: String,
    });
    t.equal(response.headers.get('location'), `/api/v1/webhooks/${created.id}`);

    const stored = await store.db
      .selectFrom('webhooks')
      .select('secret')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    t.notOk(stored.secret.includes(created.secret), 'the stored secret is sealed');
    t.notOk(stored.secret.includes(created.secret.slice('whsec_'.length)), 'not even its base64 part');

    const both = await register(server, key, {
      url: 'https://example.org/x',
      events: ['generation.completed', 'generation.failed'],
    });
    const listing = await server.request('/api/v1/webhooks', { key });
    t.equal(listing.status, 200);
    const text = await listing.text();
    t.notOk(/secret|whsec_/.test(text), 'no secret in the listing');
    t.same(JSON.parse(text), {
      webhooks: [created, both].map(({ id, url, events, created_at }) => ({ id, url, events, created_at })),
    });

    const limit = await server.request('/api/v1/webhooks', { key, json: { url: 'https://example.net/' } });
    t.equal(limit.status, 409, 'a third webhook is over the cap');
    t.equal(((await limit.json()) as ErrorBody).error.code, 'WEBHOOK_LIMIT');

    for (const path of [`/api/v1/webhooks/${created.id}`, `/api/v1/webhooks/${created.id}/deliveries`]) {
      const method = path.endsWith('deliveries') ? 'GET' : 'DELETE';
      const foreign = await server.request(path, { key: other, method });
      t.equal(foreign.status, 404, `another account: ${method} 404`);
      t.equal(((await foreign.json()) as ErrorBody).error.code, 'NOT_FOUND');
    }
    t.equal((await server.request(`/api/v1/webhooks/${UNKNOWN_ID}`, { key, method: 'DELETE' })).status, 404);
    t.equal((await server.request(`/api/v1/webhooks/${UNKNOWN_ID}/deliveries`, { key })).status, 404);

    const deleted = await server.request(`/api/v1/webhooks/${created.id}`, { key, method: 'DELETE' });
    t.equal(deleted.status, 204);
    t.equal(await deleted.text(), '');
    const again = await server.request(`/api/v1/webhooks/${created.id}`, { key, method: 'DELETE' });
    t.equal(again.status, 404, 'a second delete is 404');
    t.equal((await server.request(`/api/v1/webhooks/${created.id}/deliveries`, { key })).status, 404);
    await register(server, key, { url: 'https://example.net/' });
    t.pass('after a deletion a new webhook fits under the cap');

    const unknownEvent = await server.request('/api/v1/webhooks', {
      key: other,
      json: { url: 'https://example.com/', events: ['generation.started'] },
    });
    t.equal(unknownEvent.status, 422);
    const eventError = ((await unknownEvent.json()) as ErrorBody).error;
    t.equal(eventError.code, 'VALIDATION_ERROR');
    t.ok(
      eventError.details?.some((d) => d.field === 'events[0]'),
      'details name events[0]',
    );

    for (const url of [
      'ftp://example.com/hook',
      'http://user:pw@example.com/',
      'http://',
      '/relative/path',
      `https://example.com/${'a'.repeat(2048)}`,
      'http://127.0.0.1/x',
      'http://[::1]/',
      'http://169.254.169.254/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::127.0.0.1]:8080/',
      'http://[64:ff9b::10.0.0.1]/',
      'http://[2002:7f00:1::1]/',
    ]) {
      const bad = await server.request('/api/v1/webhooks', { key: other, json: { url } });
      t.equal(bad.status, 422, `${url.slice(0, 40)}: 422`);
      const error = ((await bad.json()) as ErrorBody).error;
      t.equal(error.code, 'VALIDATION_ERROR');
      t.ok(
        error.details?.some((d) => d.field === 'url'),
        `${url.slice(0, 40)}: details name url`,
      );
    }
    t.same(
      ((await (await server.request('/api/v1/webhooks', { key: other })).json()) as { webhooks: [] })
        .webhooks,
      [],
      'nothing registered by refused requests',
    );

    for (const tier of ['free', 'pro'] as const) {
      const tierKey = await server.key(tier);
      for (const [method, path] of [
        ['POST', '/api/v1/webhooks'],
        ['GET', '/api/v1/webhooks'],
        ['DELETE', `/api/v1/webhooks/${both.id}`],
        ['GET', `/api/v1/webhooks/${both.id}/deliveries`],
      ] as const) {
        const refused = await server.request(path, {
          key: tierKey,
          method,
          ...(method === 'POST' ? { json: { url: 'https://example.com/' } } : {}),
        });
        t.equal(refused.status, 403, `${tier}: ${method} ${path}: 403`);
        t.equal(((await refused.json()) as ErrorBody).error.code, 'FEATURE_REQUIRES_UPGRADE');
      }
    }
    const noKey = await server.request('/api/v1/webhooks', { json: { url: 'https://example.com/' } });
    t.equal(noKey.status, 401);
    t.equal((await server.request('/api/v1/webhooks')).status, 401);

    // Concurrent registrations of one account respect the cap too.
    const racer = await server.key('scale');
    const statuses = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const raced = await server.request('/api/v1/webhooks', {
          key: racer,
          json: { url: `https://example.com/${i}` },
        });
        await raced.arrayBuffer();
        return raced.status;
      }),
    );
    t.same(
      statuses.sort(),
      [201, 201, 409, 409, 409, 409],
      'two of six concurrent registrations are accepted',
    );
  });
});

t.test('a completed job is delivered, signed both ways, and retried after a failure', async (t) => {
  forEachStore(t, async (t, store, factory) => {
    // The embedded queue compares start_after with the app's clock: a manual one, near real time so
    // the Standard Webhooks timestamp stays within its tolerance, makes the 5 s retry due at once.
    const clock = factory.kind === 'sqlite' ? new ManualClock(Date.now()) : undefined;
    const server = await startApp(t, store, {
      env: { WEBHOOK_ALLOW_PRIVATE: '1' },
      ...(clock ? { clock } : {}),
    });
    // Internal: polling for the ~5 s retry must not run out of a per-minute allowance.
    const key = await server.key('internal');
    const hook = await receiver(t, [500, 200]);
    const webhook = await register(server, key, {
      url: hook.url,
      events: ['generation.completed', 'generation.failed'],
    });

    const { job_id } = await submitJob(server, key, JOB);
    const job = await waitForJob(server, key, job_id);
    t.equal(job.status, 'completed');
    const first = await deliveryWhen(server, key, webhook.id, (d) => d.attempts >= 1);
    t.match(first, { state: 'pending', attempts: 1, last_status: 500, next_attempt_at: String });
    t.equal(hook.received.length, 1, 'one request so far');
    clock?.advance(6000);
    const done = await deliveryWhen(server, key, webhook.id, (d) => d.state !== 'pending');
    t.match(done, {
      id: first.id,
      event: 'generation.completed',
      state: 'delivered',
      attempts: 2,
      last_status: 200,
      last_error: null,
      next_attempt_at: null,
    });
    t.equal((await deliveries(server, key, webhook.id)).length, 1, 'one delivery for one job');

    t.equal(hook.received.length, 2, 'the receiver got exactly 2 requests');
    for (const [i, { headers, body }] of hook.received.entries()) {
      t.equal(headers['x-service-delivery'], done.id, `${i}: X-Service-Delivery`);
      t.equal(headers['webhook-id'], done.id, `${i}: webhook-id`);
      t.equal(headers['x-service-event'], 'generation.completed', `${i}: X-Service-Event`);
      t.equal(headers['content-type'], 'application/json');
      const hmac = createHmac('sha256', Buffer.from(webhook.secret, 'utf8')).update(body).digest('hex');
      t.equal(headers['x-service-signature'], `sha256=${hmac}`, `${i}: X-Service-Signature`);
      t.doesNotThrow(
        () => new Webhook(webhook.secret).verify(body, headers as Record<string, string>),
        `${i}: the Standard Webhooks signature verifies`,
      );
      t.throws(
        () => new Webhook(webhook.secret).verify(`${body} `, headers as Record<string, string>),
        `${i}: and fails on another body`,
      );
    }
    const [a, b] = hook.received;
    t.equal(a!.body, b!.body, 'the same body on both attempts');
    const payload = JSON.parse(a!.body) as Record<string, unknown> & { data: Record<string, unknown> };
    t.match(payload, {
      id: done.id,
      event: 'generation.completed',
      created_at: String,
      data: {
        job_id,
        status: 'completed',
        records_total: job.records_total,
        records_per_table: Object,
        format: 'json',
        seed: 1,
      },
    });
    t.notOk(Number.isNaN(Date.parse(payload.created_at as string)), 'created_at is a date');
    const perTable = payload.data.records_per_table as Record<string, number>;
    t.equal(
      Object.values(perTable).reduce((sum, n) => sum + n, 0),
      job.records_total,
      'records_per_table adds up to records_total',
    );
    t.same(
      Object.keys(payload.data).filter((k) => ['data', 'records', 'sql', 'rows'].includes(k)),
      [],
      'no generated records',
    );
    t.ok(a!.body.length < 2000, 'a small body');
  });
});

t.test('a name resolving to a private address is refused when connecting', async (t) => {
  const store = await embeddedStore(t);
  const server = await startApp(t, store);
  const key = await server.key('scale');
  const hook = await receiver(t);
  const webhook = await register(server, key, { url: `http://localhost:${hook.port}/hook` });
  const { job_id } = await submitJob(server, key, JOB);
  await waitForJob(server, key, job_id);
  const delivery = await deliveryWhen(server, key, webhook.id, (d) => d.attempts >= 1);
  t.match(delivery, {
    state: 'pending',
    attempts: Number,
    last_status: null,
    last_error: 'the address is not allowed',
    next_attempt_at: String,
  });
  t.equal(hook.received.length, 0, 'the receiver saw no request');
  const logged = server.logs.find((line) => line.includes('webhook delivery attempt'));
  t.match(
    logged,
    /"detail":"localhost resolves to a loopback address \((127\.0\.0\.1|::1)\)/,
    'the log keeps it',
  );
});

t.test('a deleted webhook gets no delivery for a job that ends afterwards', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startApp(t, store, { env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
    const key = await server.key('scale');
    const hook = await receiver(t);
    const deleted = await register(server, key, { url: `${hook.url}?deleted` });
    const kept = await register(server, key, { url: hook.url });
    t.equal((await server.request(`/api/v1/webhooks/${deleted.id}`, { key, method: 'DELETE' })).status, 204);

    const { job_id } = await submitJob(server, key, JOB);
    await waitForJob(server, key, job_id);
    // The kept webhook's delivery shows the event was handled.
    const delivery = await deliveryWhen(server, key, kept.id, (d) => d.state !== 'pending');
    t.equal(delivery.state, 'delivered');
    t.equal(hook.received.length, 1, 'one request, to the kept webhook');
    t.equal(hook.received[0]?.headers['webhook-id'], delivery.id);
    const rows = await store.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('webhook_id', '=', deleted.id)
      .execute();
    t.same(rows, [], 'no delivery row for the deleted webhook');
  });
});

t.test(
  'a secret sealed under another operator key fails its delivery instead of leaving it pending',
  async (t) => {
    const store = await embeddedStore(t);
    const server = await startApp(t, store, { env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
    const key = await server.key('scale');
    const hook = await receiver(t);
    const webhook = await register(server, key, { url: `http://127.0.0.1:${hook.port}/hook` });
    // As if sealed by an instance with a WEBHOOK_SECRET_KEY this one lacks.
    await store.db
      .updateTable('webhooks')
      .set({ secret: 'aes256gcm:AAAA.BBBB.CCCC' })
      .where('id', '=', webhook.id)
      .execute();
    const { job_id } = await submitJob(server, key, JOB);
    await waitForJob(server, key, job_id);
    const delivery = await deliveryWhen(server, key, webhook.id, (d) => d.state !== 'pending');
    t.match(delivery, {
      state: 'failed',
      last_error: 'the signing secret cannot be opened',
      next_attempt_at: null,
    });
    t.equal(hook.received.length, 0, 'nothing unsigned was sent');
  },
);
