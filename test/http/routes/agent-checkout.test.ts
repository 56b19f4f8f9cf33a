import t from 'tap';
import { createSandboxProvider } from '../../../src/billing/payment/sandbox.js';
import { CLAIM_TOKEN, json, newCheckout, payInSandbox, startAgentApp } from '../../helpers/agent.js';
import { ManualClock } from '../../helpers/clock.js';
import { embeddedStore, forEachStore } from '../../helpers/stores.js';

const DAY_MS = 24 * 60 * 60 * 1000;

type Status = { status: string; paid: boolean; claimed: boolean; next_action: string; checkout_id: string };
type Claim = { api_key: string; key_prefix: string; tier: string; usage: Record<string, unknown> };
type ErrorBody = { error: { code: string; message: string } };

t.test('pending → paid → claimed, with next_action for every state', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startAgentApp(t, store);
    const checkout = await newCheckout(t, server);
    t.match(checkout, {
      checkout_id: /^[0-9a-f-]{36}$/,
      url: `${server.url}/api/agent/sandbox/checkout/`,
      claim_url: `${server.url}/api/agent/claim`,
      claim_token: CLAIM_TOKEN,
      provider: 'Sandbox',
      merchant_of_record: false,
      status: 'pending',
      paid: false,
      claimed: false,
      next_action: 'complete_checkout',
      pricing: { free_records_per_day: 500, price_usd_per_100_records: '0.001' },
    });
    const token = checkout.claim_token;
    const stored = await store.db.selectFrom('agent_checkouts').selectAll().executeTakeFirstOrThrow();
    t.not(stored.claim_token_hash, token, 'the token is stored hashed');
    t.notMatch(JSON.stringify(stored), token.slice(9), 'the token appears nowhere in the row');

    const byGet = await server.request(`/api/agent/checkout/status?token=${token}`);
    t.equal(byGet.status, 200);
    t.match(await json(byGet), {
      checkout_id: checkout.checkout_id,
      status: 'pending',
      next_action: 'complete_checkout',
    });

    const early = await server.request('/api/agent/claim', { json: { token } });
    t.equal(early.status, 402, 'claiming before payment');
    t.equal((await json<ErrorBody>(early)).error.code, 'PAYMENT_REQUIRED');

    const page = await fetch(checkout.url);
    t.equal(page.status, 200);
    const html = await page.text();
    t.match(html, 'agent', 'the page says what is bought');
    t.match(html, 'USD 0.001', 'and the price');
    t.match(html, /<form method="post"><button type="submit">Pay/, 'and has a Pay button');
    t.notMatch(html, token, 'never the claim token');

    const paid = await payInSandbox(checkout);
    t.equal(paid.status, 303, 'paying redirects back to the page');
    t.match(await (await fetch(checkout.url)).text(), 'Payment complete');
    const again = await payInSandbox(checkout);
    t.equal(again.status, 303, 'paying again is harmless');

    const byPost = await server.request('/api/agent/checkout/status', { json: { token } });
    t.match(await json<Status>(byPost), {
      status: 'paid',
      paid: true,
      claimed: false,
      next_action: 'claim_api_key',
    });

    const claim = await server.request('/api/agent/claim', { json: { token } });
    t.equal(claim.status, 200);
    t.equal(claim.headers.get('Cache-Control'), 'no-store');
    const claimed = await json<Claim>(claim);
    t.match(claimed, {
      api_key: /^mh_[0-9a-f]{32}$/,
      tier: 'agent',
      usage: {
        metered: true,
        free_records_per_day: 500,
        price_usd_per_100_records: '0.001',
        billing: /first 500/,
      },
    });
    t.equal(claimed.key_prefix, claimed.api_key.slice(0, 11));

    const usage = await server.request('/api/v1/usage', { key: claimed.api_key });
    t.equal(usage.status, 200, 'the claimed key works');
    t.equal((await json(usage))['tier'], 'agent');

    const twice = await server.request('/api/agent/claim', { json: { token } });
    t.equal(twice.status, 409, 'claiming twice');
    t.equal((await json<ErrorBody>(twice)).error.code, 'ALREADY_CLAIMED');
    const after = await server.request(`/api/agent/checkout/status?token=${token}`);
    t.match(await json<Status>(after), {
      status: 'claimed',
      paid: true,
      claimed: true,
      next_action: 'already_claimed',
    });
    t.notMatch(server.logs.join(''), token.slice(9), 'no claim token in the logs');
    t.notMatch(server.logs.join(''), claimed.api_key.slice(3), 'no key in the logs');
  });
});

t.test('an unpaid checkout expires after 24 h; a paid one stays claimable', async (t) => {
  forEachStore(t, async (t, store) => {
    const clock = new ManualClock();
    const server = await startAgentApp(t, store, { clock });
    const unpaid = await newCheckout(t, server, 'late@example.com');
    const paid = await newCheckout(t, server, 'early@example.com');
    await payInSandbox(paid);

    clock.advance(DAY_MS - 1);
    const before = await server.request('/api/agent/checkout/status', {
      json: { token: unpaid.claim_token },
    });
    t.equal((await json<Status>(before)).status, 'pending', 'still pending a millisecond before');
    clock.advance(1);
    const status = await server.request('/api/agent/checkout/status', {
      json: { token: unpaid.claim_token },
    });
    t.match(await json<Status>(status), { status: 'expired', paid: false, next_action: 'expired' });
    const claim = await server.request('/api/agent/claim', { json: { token: unpaid.claim_token } });
    t.equal(claim.status, 410);
    t.equal((await json<ErrorBody>(claim)).error.code, 'CHECKOUT_EXPIRED');
    t.equal((await fetch(unpaid.url)).status, 410, 'the page shows the expiry');
    t.equal((await payInSandbox(unpaid)).status, 410, 'and refuses payment');

    const late = await server.request('/api/agent/claim', { json: { token: paid.claim_token } });
    t.equal(late.status, 200, 'a paid checkout does not expire');
  });
});

t.test('exactly one of ten concurrent claims succeeds', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startAgentApp(t, store);
    const checkout = await newCheckout(t, server);
    await payInSandbox(checkout);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        server.request('/api/agent/claim', { json: { token: checkout.claim_token } }),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    t.same(statuses, [200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    await Promise.all(responses.map((r) => r.body?.cancel()));
    const keys = await store.db.selectFrom('api_keys').select('id').execute();
    t.equal(keys.length, 1, 'one key was created');
    const row = await store.db.selectFrom('agent_checkouts').selectAll().executeTakeFirstOrThrow();
    t.match(row, { status: 'claimed', key_prefix: /^mh_[0-9a-f]{8}$/ });
  });
});

t.test('validation and unknown tokens', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startAgentApp(t, store);
    const cases: [string, RequestInit & { json?: unknown }, number][] = [
      ['/api/agent/checkout', { json: {} }, 400],
      ['/api/agent/checkout', { json: { email: 'not-an-email' } }, 400],
      ['/api/agent/checkout', { json: { email: 42 } }, 400],
      ['/api/agent/checkout', { json: [] }, 400],
      [
        '/api/agent/checkout',
        {
          method: 'POST',
          body: 'email=a@b.co',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        },
        400,
      ],
      ['/api/agent/checkout/status', {}, 400],
      ['/api/agent/checkout/status?token=mh_claim_123', {}, 400],
      ['/api/agent/checkout/status', { json: {} }, 400],
      ['/api/agent/checkout/status', { json: { token: `mh_claim_${'A'.repeat(64)}` } }, 400],
      ['/api/agent/claim', { json: {} }, 400],
      ['/api/agent/claim', { json: { token: 'mh_0123' } }, 400],
      [`/api/agent/checkout/status?token=mh_claim_${'0'.repeat(64)}`, {}, 404],
      ['/api/agent/checkout/status', { json: { token: `mh_claim_${'0'.repeat(64)}` } }, 404],
      ['/api/agent/claim', { json: { token: `mh_claim_${'0'.repeat(64)}` } }, 404],
      ['/api/agent/sandbox/checkout/sbx_unknown', {}, 404],
    ];
    for (const [path, init, status] of cases) {
      const response = await server.request(path, init);
      t.equal(
        response.status,
        status,
        `${init.method ?? (init.json ? 'POST' : 'GET')} ${path} ${JSON.stringify(init.json ?? init.body ?? '')}`,
      );
      if (response.headers.get('Content-Type')?.startsWith('application/json')) {
        const body = await json<ErrorBody>(response);
        t.equal(body.error.code, status === 400 ? 'VALIDATION_ERROR' : 'NOT_FOUND');
      } else await response.body?.cancel();
    }
    const rows = await store.db.selectFrom('agent_checkouts').select('id').execute();
    t.equal(rows.length, 0, 'refused requests store nothing');
  });
});

t.test('Idempotency-Key returns the same checkout for the same key and email', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startAgentApp(t, store);
    const key = { 'Idempotency-Key': '3f1c5a52-9a4e-4d6b-8f8e-0c6f2b1d7e90' };
    const first = await newCheckout(t, server, 'agent@example.com', key);
    const replayResponse = await server.request('/api/agent/checkout', {
      json: { email: 'agent@example.com' },
      headers: key,
    });
    t.equal(replayResponse.headers.get('Idempotent-Replayed'), 'true');
    const replay = await json(replayResponse);
    t.same(
      [replay['checkout_id'], replay['claim_token'], replay['url']],
      [first.checkout_id, first.claim_token, first.url],
      'same checkout, same claim token',
    );
    const other = await newCheckout(t, server, 'other@example.com', key);
    t.not(other.checkout_id, first.checkout_id, 'a different email is a different checkout');
    const fresh = await newCheckout(t, server, 'agent@example.com', {
      'Idempotency-Key': 'another-key-0123456789',
    });
    t.not(fresh.checkout_id, first.checkout_id, 'a different key is a different checkout');
    const noKey = await newCheckout(t, server);
    t.not(noKey.checkout_id, first.checkout_id, 'no key, a new checkout');

    const concurrent = { 'Idempotency-Key': 'concurrent-key-0123456789' };
    const bodies = await Promise.all(
      Array.from({ length: 5 }, () =>
        server
          .request('/api/agent/checkout', { json: { email: 'race@example.com' }, headers: concurrent })
          .then((r) => json(r)),
      ),
    );
    t.equal(
      new Set(bodies.map((b) => b['checkout_id'])).size,
      1,
      'concurrent duplicates resolve to one checkout',
    );
    t.equal(new Set(bodies.map((b) => b['claim_token'])).size, 1);

    const short = await server.request('/api/agent/checkout', {
      json: { email: 'a@example.com' },
      headers: { 'Idempotency-Key': 'short' },
    });
    t.equal(short.status, 400, 'a short Idempotency-Key is refused');
    await short.body?.cancel();

    // The replayed token is the real one: it claims.
    await payInSandbox(first);
    const claim = await server.request('/api/agent/claim', { json: { token: replay['claim_token'] } });
    t.equal(claim.status, 200);
    await claim.body?.cancel();
  });
});

t.test('the sandbox notification path refuses forged, stale and replayed notifications', async (t) => {
  forEachStore(t, async (t, store) => {
    const clock = new ManualClock();
    const sandbox = createSandboxProvider({ webhookSecret: 'sandbox-test-secret' });
    const server = await startAgentApp(t, store, { clock, payment: sandbox });
    const checkout = await newCheckout(t, server);
    const row = await store.db.selectFrom('agent_checkouts').selectAll().executeTakeFirstOrThrow();
    const status = async () =>
      (
        await json<Status>(
          await server.request('/api/agent/checkout/status', { json: { token: checkout.claim_token } }),
        )
      ).status;
    const post = (headers: Record<string, string>, body: Buffer) =>
      server.request('/api/agent/webhooks/sandbox', {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body,
      });

    const genuine = sandbox.paymentNotification(row.provider_checkout_id, row.id, clock.now());
    const forged = createSandboxProvider({ webhookSecret: 'not-the-secret' }).paymentNotification(
      row.provider_checkout_id,
      row.id,
      clock.now(),
    );
    const forgedResponse = await post(forged.headers, forged.body);
    t.equal(forgedResponse.status, 400, 'a forged signature is refused');
    t.equal((await json<ErrorBody>(forgedResponse)).error.code, 'VALIDATION_ERROR');
    const tampered = Buffer.from(genuine.body.toString().replace('succeeded', 'succeeded '));
    t.equal((await post(genuine.headers, tampered)).status, 400, 'a tampered body is refused');
    const stale = sandbox.paymentNotification(row.provider_checkout_id, row.id, clock.now() - 6 * 60 * 1000);
    t.equal((await post(stale.headers, stale.body)).status, 400, 'a stale timestamp is refused');
    const { 'webhook-signature': _omitted, ...unsigned } = genuine.headers;
    t.equal((await post(unsigned, genuine.body)).status, 400, 'an unsigned notification is refused');
    t.equal(await status(), 'pending', 'none of them changed anything');

    const accepted = await post(genuine.headers, genuine.body);
    t.equal(accepted.status, 200);
    t.match(await json(accepted), { received: true, outcome: 'paid' });
    t.equal(await status(), 'paid');

    const claim = await server.request('/api/agent/claim', { json: { token: checkout.claim_token } });
    t.equal(claim.status, 200);
    await claim.body?.cancel();
    const replayed = await post(genuine.headers, genuine.body);
    t.match(await json(replayed), { outcome: 'duplicate' }, 'a replayed webhook-id is a no-op');
    t.equal(await status(), 'claimed', 'the replay did not reopen the checkout');
  });
});

t.test('new checkouts are throttled per address; replays are not counted', async (t) => {
  const clock = new ManualClock(Date.UTC(2026, 0, 15, 12, 0, 0));
  const server = await startAgentApp(t, await embeddedStore(t), {
    clock,
    env: { AGENT_CHECKOUTS_PER_HOUR: '2' },
  });
  const idempotent = { 'Idempotency-Key': 'retry-safe-key-0001' };
  const first = await newCheckout(t, server, 'agent@example.com', idempotent);
  await newCheckout(t, server, 'other@example.com');
  const over = await server.request('/api/agent/checkout', { json: { email: 'third@example.com' } });
  t.equal(over.status, 429);
  t.equal(over.headers.get('Retry-After'), '3600');
  t.match(await json<ErrorBody>(over), { error: { code: 'RATE_LIMIT_EXCEEDED', message: /at most 2/ } });
  const replay = await newCheckout(t, server, 'agent@example.com', idempotent);
  t.equal(replay.checkout_id, first.checkout_id, 'a replay is answered over the limit');
  clock.advance(60 * 60 * 1000);
  await newCheckout(t, server, 'third@example.com');
});
