import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import { Webhook } from 'standardwebhooks';
import { startApp, type TestServer } from '../../helpers/app.js';
import { ManualClock } from '../../helpers/clock.js';
import { submitJob, waitForJob } from '../../helpers/jobs.js';
import { embeddedStore, forEachStore } from '../../helpers/stores.js';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 answering the statuses of `answers` in turn (then the last one). */
async function receiver(t: Test, answers: number[]) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = answers[Math.min(received.length - 1, answers.length - 1)]!;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { received, port: (server.address() as AddressInfo).port };
}

const code = async (response: Response) =>
  ((await response.json()) as { error: { code: string } }).error.code;

async function register(server: TestServer, key: string, json: unknown) {
  return server.request('/api/v1/webhooks', { key, json });
}

t.test('register, list without secrets, delete; validation, cap and ownership', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startApp(t, store, {
      env: { WEBHOOKS_PER_ACCOUNT: '2', WEBHOOK_SECRET_KEY: 'operator-key-0123456789' },
    });
    const key = await server.key('scale');
    const created = await register(server, key, { url: 'https://example.com/hook' });
    t.equal(created.status, 201);
    const hook = (await created.json()) as { id: string; url: string; events: string[]; secret: string };
    t.equal(created.headers.get('location'), `/api/v1/webhooks/${hook.id}`);
    t.same(hook.events, ['generation.completed'], 'events default to generation.completed');
    t.match(hook.secret, /^whsec_[A-Za-z0-9+/]+=*$/);
    const stored = await store.db
      .selectFrom('webhooks')
      .select('secret')
      .where('id', '=', hook.id)
      .executeTakeFirstOrThrow();
    t.notOk(stored.secret.includes(hook.secret.slice(6)), 'the stored secret is sealed');

    const listed = await (await server.request('/api/v1/webhooks', { key })).text();
    t.notOk(listed.includes('secret'), 'the list holds no secret');
    t.same(
      (JSON.parse(listed) as { webhooks: { id: string }[] }).webhooks.map((w) => w.id),
      [hook.id],
    );

    for (const [body, field] of [
      [{ url: 'ftp://example.com/' }, 'url'],
      [{ url: 'https://user:pw@example.com/' }, 'url'],
      [{ url: 'https://example.com/#x' }, 'url'],
      [{ url: `https://example.com/${'a'.repeat(2050)}` }, 'url'],
      [{ url: 'not a url' }, 'url'],
      [{ url: 'http://127.0.0.1/x' }, 'url'],
      [{ url: 'http://[::1]/' }, 'url'],
      [{ url: 'http://169.254.169.254/latest/meta-data' }, 'url'],
      [{ url: 'https://example.com/', events: ['generation.started'] }, 'events[0]'],
      [{ url: 'https://example.com/', events: [] }, 'events'],
    ] as const) {
      const response = await register(server, key, body);
      t.equal(response.status, 422, `${JSON.stringify(body).slice(0, 50)}: 422`);
      const error = ((await response.json()) as { error: { code: string; details: { field: string }[] } })
        .error;
      t.equal(error.code, 'VALIDATION_ERROR');
      t.equal(error.details[0]!.field, field);
    }

    t.equal(
      (await register(server, key, { url: 'https://example.com/2', events: ['generation.failed'] })).status,
      201,
    );
    const third = await register(server, key, { url: 'https://example.com/3' });
    t.equal(third.status, 409, 'over the cap');
    t.equal(await code(third), 'WEBHOOK_LIMIT');

    const other = await server.key('scale');
    t.equal(
      (await server.request(`/api/v1/webhooks/${hook.id}`, { key: other, method: 'DELETE' })).status,
      404,
      'another account cannot delete it',
    );
    t.equal(
      (await server.request(`/api/v1/webhooks/${hook.id}/deliveries`, { key: other })).status,
      404,
      'nor see its deliveries',
    );
    t.same(await (await server.request('/api/v1/webhooks', { key: other })).json(), { webhooks: [] });
    t.equal((await server.request(`/api/v1/webhooks/${hook.id}`, { key, method: 'DELETE' })).status, 204);
    t.equal(
      (await server.request(`/api/v1/webhooks/${hook.id}`, { key, method: 'DELETE' })).status,
      404,
      'deleted once',
    );
    t.equal(
      (await register(server, key, { url: 'https://example.com/3' })).status,
      201,
      'room again after a delete',
    );

    for (const tier of ['free', 'pro'] as const) {
      const response = await register(server, await server.key(tier), { url: 'https://example.com/' });
      t.equal(response.status, 403, `${tier}: 403`);
      t.equal(await code(response), 'FEATURE_REQUIRES_UPGRADE');
    }
    t.equal((await server.request('/api/v1/webhooks')).status, 401, 'no key: 401');
  });
});

t.test('a delivery that gets 500 is retried under the same id, signed both times', async (t) => {
  forEachStore(t, async (t, store, factory) => {
    // The embedded queue runs by the app's clock: moved past the 5 s retry delay by hand.
    const clock = factory.kind === 'sqlite' ? new ManualClock(Date.now()) : undefined;
    const server = await startApp(t, store, {
      env: { WEBHOOK_ALLOW_PRIVATE: '1' },
      ...(clock ? { clock } : {}),
    });
    // Internal: no per-minute allowance to run out of while polling.
    const key = await server.key('internal');
    const target = await receiver(t, [500, 200]);
    const hook = (await (
      await register(server, key, {
        url: `http://127.0.0.1:${target.port}/hook`,
        events: ['generation.completed', 'generation.failed'],
      })
    ).json()) as { id: string; secret: string };
    const { job_id } = await submitJob(server, key, { template: 'blog', scale: 0.1, seed: 1 });
    await waitForJob(server, key, job_id);

    const deliveries = async () =>
      (
        (await (await server.request(`/api/v1/webhooks/${hook.id}/deliveries`, { key })).json()) as {
          deliveries: { id: string; state: string; attempts: number; last_status: number | null }[];
        }
      ).deliveries;
    const wait = async (what: string, ok: () => Promise<boolean>) => {
      const deadline = Date.now() + 20_000;
      while (!(await ok())) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await wait('the first attempt', async () => (await deliveries())[0]?.attempts === 1);
    t.match((await deliveries())[0], { state: 'pending', attempts: 1, last_status: 500 });
    clock?.advance(6000);
    await wait('the retry', async () => (await deliveries())[0]?.state === 'delivered');
    t.match((await deliveries())[0], { state: 'delivered', attempts: 2, last_status: 200 });

    t.equal(target.received.length, 2, 'two requests');
    const [first, second] = target.received as [Received, Received];
    t.equal(first.body, second.body, 'the same body');
    t.equal(
      first.headers['x-service-delivery'],
      second.headers['x-service-delivery'],
      'the same delivery id',
    );
    t.equal(first.headers['webhook-id'], first.headers['x-service-delivery']);
    for (const { headers, body } of target.received) {
      t.equal(headers['x-service-event'], 'generation.completed');
      const expected = `sha256=${createHmac('sha256', hook.secret).update(body).digest('hex')}`;
      t.equal(headers['x-service-signature'], expected, 'X-Service-Signature: HMAC of the raw body');
      t.doesNotThrow(
        () => new Webhook(hook.secret).verify(body, headers as Record<string, string>),
        'Standard Webhooks signature verifies',
      );
    }
    const event = JSON.parse(first.body) as { id: string; event: string; data: Record<string, unknown> };
    t.equal(event.id, first.headers['x-service-delivery']);
    t.equal(event.event, 'generation.completed');
    t.match(event.data, {
      job_id,
      status: 'completed',
      format: 'json',
      seed: 1,
      poll_url: `/api/v1/jobs/${job_id}`,
    });
    t.type(event.data.records_per_table, 'object');
    t.notOk('records' in event.data || 'data' in event.data, 'no generated records in a delivery');
  });
});

t.test(
  'a name resolving to a private address is refused when connecting; deleted webhooks get nothing',
  async (t) => {
    const store = await embeddedStore(t);
    const server = await startApp(t, store);
    const key = await server.key('scale');
    const target = await receiver(t, [200]);
    const hook = (await (
      await register(server, key, { url: `http://localhost:${target.port}/hook` })
    ).json()) as { id: string };
    const gone = (await (
      await register(server, key, { url: `http://localhost:${target.port}/gone` })
    ).json()) as { id: string };
    await server.request(`/api/v1/webhooks/${gone.id}`, { key, method: 'DELETE' });
    const { job_id } = await submitJob(server, key, { template: 'blog', scale: 0.1, seed: 2 });
    await waitForJob(server, key, job_id);
    const deadline = Date.now() + 20_000;
    let delivery: { attempts: number; state: string; last_error: string | null } | undefined;
    while (!delivery?.attempts && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      delivery = (
        (await (await server.request(`/api/v1/webhooks/${hook.id}/deliveries`, { key })).json()) as {
          deliveries: (typeof delivery)[];
        }
      ).deliveries[0];
    }
    t.match(delivery, { attempts: 1, state: 'pending' }, 'attempted, and scheduled again');
    t.match(delivery!.last_error, /loopback/, 'refused for its address class');
    t.equal(target.received.length, 0, 'the receiver saw nothing');
    const goneDeliveries = await store.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('webhook_id', '=', gone.id)
      .execute();
    t.equal(goneDeliveries.length, 0, 'the deleted webhook got no delivery');
  },
);
