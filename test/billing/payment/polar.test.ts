import t from 'tap';
import { ConfigError, loadConfig } from '../../../src/config.js';
import { signWebhook } from '../../../src/billing/payment/standard-webhooks.js';
import { json, newCheckout, polarEnv, startAgentApp, startFakePolar } from '../../helpers/agent.js';
import { ManualClock } from '../../helpers/clock.js';
import { forEachStore } from '../../helpers/stores.js';

const SECRET = 'polar_whs_test_secret';
type ErrorBody = { error: { code: string; message: string } };

t.test('configuration: polar needs its token, product and secret; POLAR_SERVER picks the API', async (t) => {
  const base = {
    PAYMENT_PROVIDER: 'polar',
    POLAR_ACCESS_TOKEN: 'tok',
    POLAR_PRODUCT_ID: 'prod',
    POLAR_WEBHOOK_SECRET: 'sec',
  };
  for (const name of ['POLAR_ACCESS_TOKEN', 'POLAR_PRODUCT_ID', 'POLAR_WEBHOOK_SECRET'] as const) {
    t.throws(
      () => loadConfig({ ...base, [name]: '' }),
      new ConfigError(`Missing ${name}: it is required when PAYMENT_PROVIDER=polar`),
    );
  }
  t.throws(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' }), /PAYMENT_PROVIDER/);
  t.same(loadConfig({}).payment, { provider: 'sandbox' }, 'sandbox by default');
  t.match(loadConfig(base).payment, { provider: 'polar', polar: { apiBaseUrl: 'https://api.polar.sh' } });
  t.match(loadConfig({ ...base, POLAR_SERVER: 'sandbox' }).payment, {
    polar: { apiBaseUrl: 'https://sandbox-api.polar.sh' },
  });
  t.match(loadConfig({ ...base, POLAR_API_BASE_URL: 'http://127.0.0.1:9/' }).payment, {
    polar: { apiBaseUrl: 'http://127.0.0.1:9' },
  });
  t.equal(
    loadConfig({ PUBLIC_BASE_URL: 'https://mockhive.example/' }).publicBaseUrl,
    'https://mockhive.example',
  );
  t.throws(() => loadConfig({ PUBLIC_BASE_URL: 'mockhive.example' }), /PUBLIC_BASE_URL/);
});

t.test('polar: checkout creation, notifications, verified fetch', async (t) => {
  forEachStore(t, async (t, store) => {
    const clock = new ManualClock(Date.now());
    const fake = await startFakePolar(t);
    const server = await startAgentApp(t, store, {
      clock,
      env: { ...polarEnv(fake.url, SECRET), PUBLIC_BASE_URL: 'https://mockhive.example' },
    });
    const checkout = await newCheckout(t, server, 'buyer@example.com');
    t.match(checkout, {
      provider: 'Polar',
      merchant_of_record: true,
      url: 'https://sandbox.polar.sh/checkout/polar_co_1',
      claim_url: 'https://mockhive.example/api/agent/claim',
      status: 'pending',
    });
    const sent = fake.requests[0]!;
    t.equal(sent.method, 'POST');
    t.equal(sent.path, '/v1/checkouts/');
    t.equal(sent.headers['authorization'], 'Bearer polar_oat_test_token');
    t.match(sent.headers['content-type'], 'application/json');
    t.same(JSON.parse(sent.body), {
      products: ['prod_agent_key'],
      customer_email: 'buyer@example.com',
      success_url: 'https://mockhive.example/api/agent/checkout/complete',
      metadata: { mockhive_checkout_id: checkout.checkout_id },
    });

    const status = async (token = checkout.claim_token) =>
      json<{ status: string }>(await server.request('/api/agent/checkout/status', { json: { token } }));
    const notify = (
      type: string,
      data: Record<string, unknown>,
      options: { secret?: string; at?: number; id?: string } = {},
    ) => {
      const body = JSON.stringify({ type, timestamp: new Date(clock.now()).toISOString(), data });
      const headers = signWebhook(
        options.secret ?? SECRET,
        options.id ?? `msg_${type}_${Math.random()}`,
        Math.floor((options.at ?? clock.now()) / 1000),
        body,
      );
      return server.request('/api/agent/webhooks/polar', {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body,
      });
    };
    const order = {
      id: 'ord_1',
      status: 'paid',
      paid: true,
      checkout_id: 'polar_co_1',
      metadata: { mockhive_checkout_id: checkout.checkout_id },
    };

    t.equal((await notify('order.paid', order, { secret: 'forged' })).status, 400, 'forged signature');
    t.equal(
      (await notify('order.paid', order, { at: clock.now() - 301_000 })).status,
      400,
      'stale timestamp',
    );
    t.equal(
      (await notify('order.paid', order, { at: clock.now() + 301_000 })).status,
      400,
      'future timestamp',
    );
    const confirmed = await notify('checkout.updated', {
      id: 'polar_co_1',
      status: 'confirmed',
      metadata: order.metadata,
    });
    t.match(await json(confirmed), { outcome: 'ignored' }, 'confirmed is not yet paid');
    const mismatch = await notify('order.paid', {
      ...order,
      metadata: { mockhive_checkout_id: 'someone-else' },
    });
    t.match(
      await json(mismatch),
      { outcome: 'unknown_checkout' },
      'metadata must agree with the checkout id',
    );
    t.equal((await status()).status, 'pending', 'nothing above changed the checkout');
    t.equal(
      fake.requests.filter((r) => r.method === 'GET').length,
      1,
      'polling asked Polar once (throttled)',
    );

    const paid = await notify('order.paid', order, { id: 'msg_paid' });
    t.match(await json(paid), { received: true, outcome: 'paid' });
    t.equal((await status()).status, 'paid');
    const replay = await notify('order.paid', order, { id: 'msg_paid' });
    t.match(await json(replay), { outcome: 'duplicate' });

    // checkout.updated with status succeeded is enough on its own.
    const second = await newCheckout(t, server, 'second@example.com');
    const succeeded = await notify('checkout.updated', {
      id: 'polar_co_2',
      status: 'succeeded',
      metadata: { mockhive_checkout_id: second.checkout_id },
    });
    t.match(await json(succeeded), { outcome: 'paid' });
    const claim = await server.request('/api/agent/claim', { json: { token: second.claim_token } });
    t.equal(claim.status, 200);
    t.equal((await json(claim))['tier'], 'agent');

    // A status poll asks Polar for a pending checkout (at most every 5 s) and trusts a succeeded answer.
    const third = await newCheckout(t, server, 'third@example.com');
    fake.respond = (request) =>
      request.method === 'GET'
        ? { status: 200, body: { id: 'polar_co_3', status: 'succeeded' } }
        : { status: 500, body: {} };
    t.equal(
      (await status(third.claim_token)).status,
      'paid',
      'a verified fetch of the checkout marks it paid',
    );
    t.equal(fake.requests.at(-1)!.path, '/v1/checkouts/polar_co_3');

    t.notMatch(server.logs.join(''), 'polar_oat_test_token', 'the access token never reaches the logs');
  });
});

t.test('polar: provider failures are 500 PROVIDER_ERROR and store nothing', async (t) => {
  forEachStore(t, async (t, store) => {
    const fake = await startFakePolar(t);
    const server = await startAgentApp(t, store, { env: polarEnv(fake.url) });
    const attempt = async (what: string) => {
      const response = await server.request('/api/agent/checkout', { json: { email: 'a@example.com' } });
      t.equal(response.status, 500, what);
      t.equal((await json<ErrorBody>(response)).error.code, 'PROVIDER_ERROR', what);
    };
    fake.respond = () => ({ status: 500, body: { detail: 'boom' } });
    await attempt('Polar answers 500');
    fake.respond = () => ({ status: 422, body: { detail: [{ msg: 'bad product' }] } });
    await attempt('Polar refuses the request');
    fake.respond = () => ({ status: 201, body: { id: 'x' } });
    await attempt('Polar answers without a url');
    await fake.close();
    await attempt('Polar is down');
    t.equal((await store.db.selectFrom('agent_checkouts').select('id').execute()).length, 0);
    t.notMatch(server.logs.join(''), 'polar_oat_test_token');
  });
});
