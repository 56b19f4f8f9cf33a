import t from 'tap';
import { createApiKey } from '../../src/accounts/api-keys.js';
import { HttpError } from '../../src/errors.js';
import { DEFAULT_PLANS } from '../../src/accounts/plans.js';
import { Limiter } from '../../src/accounts/limiter.js';
import { startApp } from '../helpers/app.js';
import { ManualClock } from '../helpers/clock.js';
import { forEachStore } from '../helpers/stores.js';

type Envelope = { error: { code: string; message: string } };

t.test('80 concurrent requests on a 60/min key give exactly 60 successes', async (t) => {
  forEachStore(t, async (t, store) => {
    const clock = new ManualClock();
    const server = await startApp(t, store, { clock });
    const key = await server.key('pro');
    const responses = await Promise.all(
      Array.from({ length: 80 }, () => server.request('/api/v1/usage', { key })),
    );
    const ok = responses.filter((r) => r.status === 200).length;
    const limited = responses.filter((r) => r.status === 429);
    t.equal(ok, 60);
    t.equal(limited.length, 20);
    const sample = limited[0]!;
    t.equal(((await sample.json()) as Envelope).error.code, 'RATE_LIMIT_EXCEEDED');
    t.equal(sample.headers.get('Retry-After'), '30', 'seconds to the end of the minute window');
    t.ok(sample.headers.has('X-RateLimit-Remaining'), 'authenticated 429s carry the daily headers');

    clock.advance(30_000);
    t.equal(
      (await server.request('/api/v1/usage', { key })).status,
      200,
      'the next minute window admits again',
    );
  });
});

t.test('two instances sharing one database give exactly 60 successes', async (t) => {
  forEachStore(t, async (t, store, factory) => {
    const clock = new ManualClock();
    const first = await startApp(t, store, { clock });
    const second = await startApp(t, await factory.open(), { clock });
    const key = await first.key('pro');
    const responses = await Promise.all(
      Array.from({ length: 80 }, (_, i) => (i % 2 ? first : second).request('/api/v1/usage', { key })),
    );
    t.equal(responses.filter((r) => r.status === 200).length, 60);
    t.equal(responses.filter((r) => r.status === 429).length, 20);
  });
});

t.test('daily records: reserved atomically, counted only when admitted', async (t) => {
  forEachStore(t, async (t, store) => {
    const clock = new ManualClock(Date.UTC(2026, 0, 15, 23, 0, 0));
    const limiter = new Limiter(store.db, DEFAULT_PLANS, clock);
    const principal = await createApiKey(store.db, clock, { tier: 'free' }).then((k) => ({
      keyId: k.key_id,
      accountId: k.account_id,
      tier: k.tier,
    }));

    await t.rejects(limiter.reserveRecords(principal, 101), {
      key: 'RATE_LIMIT_EXCEEDED',
      message: /at most 100 records per request/,
    });
    t.equal((await limiter.daily(principal)).used, 0, 'a refused request counts nothing');

    // 12 concurrent requests of 50 against 500/day: exactly 10 fit.
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () => limiter.reserveRecords(principal, 50)),
    );
    t.equal(results.filter((r) => r.status === 'fulfilled').length, 10);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    t.type(rejected.reason, HttpError);
    t.equal(rejected.reason.key, 'RATE_LIMIT_EXCEEDED');
    t.equal(rejected.reason.headers['X-RateLimit-Remaining'], '0');
    t.equal(rejected.reason.headers['X-RateLimit-Reset'], '2026-01-16T00:00:00.000Z');
    t.equal((await limiter.daily(principal)).used, 500);

    clock.advance(3_600_000); // midnight UTC
    t.equal((await limiter.daily(principal)).used, 0, 'the window resets at midnight UTC');
    t.same(await limiter.reserveRecords(principal, 100), { used: 100, limit: 500 });

    const scale = { ...principal, tier: 'scale' as const };
    await t.rejects(limiter.reserveRecords(scale, 50_001), /at most 50000 records per request/);
    t.same(
      await limiter.reserveRecords(scale, 50_001, 'async'),
      { used: 50_101, limit: 1_000_000 },
      'async has its own per-request limit',
    );
  });
});

t.test(
  'dailyHeaders: the headers of today, none (and no read) for a plan without a daily limit',
  async (t) => {
    forEachStore(t, async (t, store) => {
      const clock = new ManualClock(Date.UTC(2026, 0, 15, 12, 0, 0));
      const limiter = new Limiter(store.db, DEFAULT_PLANS, clock);
      const principalOf = async (tier: 'free' | 'internal') => {
        const k = await createApiKey(store.db, clock, { tier });
        return { keyId: k.key_id, accountId: k.account_id, tier: k.tier };
      };
      const free = await principalOf('free');
      await limiter.reserveRecords(free, 40);
      t.same(await limiter.dailyHeaders(free), limiter.headers(await limiter.daily(free)));
      t.equal((await limiter.dailyHeaders(free))['X-RateLimit-Remaining'], '460');

      const internal = await principalOf('internal');
      await limiter.reserveRecords(internal, 40);
      let reads = 0;
      const counting = new Limiter(store.db, DEFAULT_PLANS, clock);
      counting.daily = async (...args) => {
        reads++;
        return limiter.daily(...args);
      };
      t.same(await counting.dailyHeaders(internal), {}, 'an unlimited plan has no daily headers');
      t.equal(reads, 0, 'and its usage is not read for them');
      t.equal((await limiter.today(internal)).records, 40, 'its usage is still counted');
    });
  },
);

t.test('prompts per day', async (t) => {
  forEachStore(t, async (t, store) => {
    const clock = new ManualClock();
    const limiter = new Limiter(
      store.db,
      { ...DEFAULT_PLANS, free: { ...DEFAULT_PLANS.free, prompts_per_day: 3 } },
      clock,
    );
    const k = await createApiKey(store.db, clock, { tier: 'free' });
    const principal = { keyId: k.key_id, accountId: k.account_id, tier: k.tier };
    await limiter.requirePrompt(principal);
    t.equal((await limiter.today(principal)).prompts, 0, 'the check before converting counts nothing');
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => limiter.reserveRecords(principal, 10, 'sync', 1)),
    );
    t.equal(results.filter((r) => r.status === 'fulfilled').length, 3);
    t.same(await limiter.today(principal), { records: 30, prompts: 3 }, 'refused requests count nothing');
    const refused = results.find((r) => r.status === 'rejected');
    t.match((refused as PromiseRejectedResult).reason, { key: 'RATE_LIMIT_EXCEEDED', message: /prompt/ });
    await t.rejects(limiter.requirePrompt(principal), { message: /Daily prompt limit reached/ });
    t.same(await limiter.reserveRecords(principal, 5), { used: 35, limit: 500 }, 'records without a prompt');
  });
});

t.test('a request over the daily records counts neither its records nor its prompt', async (t) => {
  forEachStore(t, async (t, store) => {
    const clock = new ManualClock();
    const plans = {
      ...DEFAULT_PLANS,
      free: { ...DEFAULT_PLANS.free, records_per_day: 50, prompts_per_day: 0 },
      pro: { ...DEFAULT_PLANS.pro, records_per_day: 150, prompts_per_day: null },
    };
    const limiter = new Limiter(store.db, plans, clock);
    const pro = await createApiKey(store.db, clock, { tier: 'pro' });
    const principal = { keyId: pro.key_id, accountId: pro.account_id, tier: pro.tier };
    await limiter.reserveRecords(principal, 100, 'sync', 1);
    await limiter.requirePrompt(principal);
    await t.rejects(limiter.reserveRecords(principal, 60, 'sync', 1), { message: /Daily record limit/ });
    t.same(await limiter.today(principal), { records: 100, prompts: 1 });
    const free = await createApiKey(store.db, clock, { tier: 'free' });
    const none = { keyId: free.key_id, accountId: free.account_id, tier: free.tier };
    await t.rejects(limiter.requirePrompt(none), { message: /allows 0 prompt conversions/ });
    await t.rejects(limiter.reserveRecords(none, 10, 'sync', 1), { message: /prompt/ });
    t.same(await limiter.today(none), { records: 0, prompts: 0 }, 'a plan without prompts counts none');
  });
});

t.test('feature gating names the feature and the plan that has it', async (t) => {
  const limiter = new Limiter(undefined as never, DEFAULT_PLANS, new ManualClock());
  const free = { keyId: 'k', accountId: 'a', tier: 'free' as const };
  const pro = { ...free, tier: 'pro' as const };
  t.throws(() => limiter.requireFeature(free, 'csv'), {
    key: 'FEATURE_REQUIRES_UPGRADE',
    message: /^CSV output requires the pro plan/,
  });
  t.throws(() => limiter.requireFeature(free, 'seed'), { status: 403, message: /seed parameter/ });
  t.doesNotThrow(() => limiter.requireFeature(pro, 'sql'));
  t.throws(() => limiter.requireFeature(pro, 'webhooks'), { message: /^Webhooks requires the scale plan/ });
  t.doesNotThrow(() => limiter.requireFeature({ ...free, tier: 'internal' }, 'async'));
});
