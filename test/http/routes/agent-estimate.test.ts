import t from 'tap';
import { findPrincipal } from '../../../src/accounts/api-keys.js';
import { utcDay } from '../../../src/accounts/clock.js';
import {
  accountDayCharge,
  agentChargesOfDay,
  chargeOfRequest,
  costOfUnits,
} from '../../../src/billing/metering.js';
import { Limiter } from '../../../src/accounts/limiter.js';
import { expandTemplate } from '../../../workers/engine/expand-template.js';
import { json, startAgentApp } from '../../helpers/agent.js';
import { ManualClock } from '../../helpers/clock.js';
import { forEachStore } from '../../helpers/stores.js';

type Estimate = {
  service: string;
  mode: string;
  authenticated: boolean;
  tier?: string;
  estimate: Record<string, unknown> & {
    billable_units_100: number;
    estimated_cost_usd: string;
    requested_records: number;
  };
  pricing: Record<string, unknown>;
  assumptions: string[];
};

const uuidTable = (name: string, count: number) => ({ name, count, fields: [{ name: 'id', type: 'uuid' }] });

t.test('metering arithmetic: units of 100 per UTC day', async (t) => {
  t.equal(costOfUnits(0), '0.000');
  t.equal(costOfUnits(3), '0.003');
  t.equal(costOfUnits(12345), '12.345');
  t.match(chargeOfRequest(0, 500), {
    billable_records: 0,
    billable_units_100: 0,
    estimated_cost_usd: '0.000',
  });
  t.match(chargeOfRequest(0, 501), {
    billable_records: 1,
    billable_units_100: 1,
    estimated_cost_usd: '0.001',
  });
  t.match(chargeOfRequest(450, 650), {
    free_records_remaining_before: 50,
    billable_records: 600,
    billable_units_100: 6,
  });
  t.match(
    chargeOfRequest(550, 30),
    { billable_records: 30, billable_units_100: 0 },
    'inside a unit already started today',
  );
  t.match(chargeOfRequest(580, 30), { billable_records: 30, billable_units_100: 1 }, 'starts the next unit');
});

t.test('estimate modes', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startAgentApp(t, store);
    const estimate = async (body: unknown) => {
      const response = await server.request('/api/agent/estimate', { json: body });
      t.equal(response.status, 200, JSON.stringify(body).slice(0, 80));
      return json<Estimate>(response);
    };

    const template = await estimate({ template: 'ecommerce' });
    t.match(template, {
      service: 'mockhive',
      mode: 'template',
      authenticated: false,
      estimate: {
        requested_records: 1550,
        records_per_table: { customers: 100, products: 50, orders: 300, order_items: 900, reviews: 200 },
        daily_used_before: 0,
        daily_used_after: 1550,
        free_records_per_day: 500,
        free_records_remaining_before: 500,
        billable_records: 1050,
        billable_units_100: 11,
        estimated_cost_usd: '0.011',
        price_usd_per_100_records: '0.001',
        billing: /USD 0\.011/,
      },
      pricing: { free_records_per_day: 500, price_usd_per_100_records: '0.001' },
    });
    t.notOk('tier' in template, 'no tier without a key');
    t.ok(template.assumptions.length >= 2, 'assumptions are listed');
    for (const [id, total] of [
      ['blog', 1200],
      ['saas', 260],
      ['social', 6750],
    ] as const) {
      t.equal((await estimate({ template: id })).estimate.requested_records, total, `${id} default counts`);
    }
    const tiny = await estimate({ template: 'social', scale: 0.01 });
    const expected = expandTemplate('social', 0.01).reduce((sum, table) => sum + table.count, 0);
    t.equal(tiny.estimate.requested_records, expected, 'scale 0.01 counts what the engine would generate');
    t.match(tiny.assumptions.join(' '), /0\.1 to 100/);
    t.equal((await estimate({ template: 'blog', scale: 2 })).estimate.requested_records, 2400);

    const schema = await estimate({
      tables: [uuidTable('users', 400), uuidTable('orders', 250)],
      daily_used_before: 450,
    });
    t.match(schema, {
      mode: 'schema',
      estimate: {
        requested_records: 650,
        daily_used_before: 450,
        daily_used_after: 1100,
        billable_records: 600,
        billable_units_100: 6,
        estimated_cost_usd: '0.006',
      },
    });
    t.match(schema.assumptions.join(' '), /daily_used_before \(450\)/);

    const prompt = await estimate({ prompt: 'a blog with authors and posts', estimated_records: 250 });
    t.match(prompt, {
      mode: 'prompt_estimate',
      estimate: { requested_records: 250, billable_units_100: 0, estimated_cost_usd: '0.000' },
    });
    t.match(
      (await estimate({ estimated_records: 700 })).mode,
      'prompt_estimate',
      'estimated_records alone is a prompt estimate',
    );
  });
});

t.test('estimate: invalid input is 400 VALIDATION_ERROR', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startAgentApp(t, store);
    const bad: unknown[] = [
      {},
      [],
      { tables: [] },
      { tables: [{ name: 'users', count: 0, fields: [{ name: 'id', type: 'uuid' }] }] },
      { tables: [{ name: 'users', count: 1.5, fields: [{ name: 'id', type: 'uuid' }] }] },
      { tables: [{ name: 'users', count: 10, fields: [] }] },
      { tables: [{ name: 'users', count: 10 }] },
      { tables: [{ count: 10, fields: [{ name: 'id', type: 'uuid' }] }] },
      { template: 'shop' },
      { template: 'blog', scale: 0.001 },
      { template: 'blog', scale: 101 },
      { prompt: 'users' },
      { prompt: 'x'.repeat(5001), estimated_records: 10 },
      { prompt: 'users', estimated_records: 0 },
      { tables: [uuidTable('users', 10)], template: 'blog' },
      { template: 'blog', estimated_records: 10 },
      { tables: [uuidTable('users', 10)], scale: 2 },
      { template: 'blog', daily_used_before: -1 },
    ];
    for (const body of bad) {
      const response = await server.request('/api/agent/estimate', { json: body });
      t.equal(response.status, 400, JSON.stringify(body).slice(0, 90));
      t.equal((await json<{ error: { code: string } }>(response)).error.code, 'VALIDATION_ERROR');
    }
    const detail = await server.request('/api/agent/estimate', {
      json: { tables: [{ name: 'u', count: 0, fields: [{ name: 'id', type: 'uuid' }] }] },
    });
    t.match(
      await json(detail),
      { error: { details: [{ field: 'tables[0].count' }] } },
      'details name the field',
    );
  });
});

t.test('with a key: actual usage, and the estimate agrees with what generation charges', async (t) => {
  forEachStore(t, async (t, store) => {
    const clock = new ManualClock();
    const server = await startAgentApp(t, store, { clock });
    const key = await server.key('agent');
    const principal = (await findPrincipal(store.db, key))!;
    const limiter = new Limiter(store.db, server.config.plans, clock);
    const day = utcDay(clock.now());
    const estimate = async (
      records: number,
      init: { key?: string; headers?: Record<string, string> } = { key },
    ) =>
      json<Estimate>(
        await server.request('/api/agent/estimate', {
          ...init,
          json: { tables: [uuidTable('rows', records)], daily_used_before: 0 },
        }),
      );

    let expectedCost = 0;
    for (const records of [300, 250, 30, 1000, 1, 99]) {
      const before = await accountDayCharge(store.db, principal.accountId, day);
      const predicted = await estimate(records);
      t.match(predicted, {
        authenticated: true,
        tier: 'agent',
        estimate: { daily_used_before: before.records },
      });
      await limiter.reserveRecords(principal, records); // what an accepted generation does
      const after = await accountDayCharge(store.db, principal.accountId, day);
      t.equal(after.records, before.records + records);
      t.equal(
        after.billable_units_100 - before.billable_units_100,
        predicted.estimate.billable_units_100,
        `${records} records: same units`,
      );
      expectedCost += predicted.estimate.billable_units_100;
    }
    const charge = await accountDayCharge(store.db, principal.accountId, day);
    t.match(charge, {
      records: 1680,
      free_records: 500,
      billable_records: 1180,
      billable_units_100: 12,
      cost_usd: '0.012',
    });
    t.equal(expectedCost, 12, 'the estimates add up to the day');
    t.match(await agentChargesOfDay(store.db, day), [{ account_id: principal.accountId, cost_usd: '0.012' }]);

    const ignored = await estimate(10);
    t.match(ignored.assumptions.join(' '), /daily_used_before was ignored/);
    const unauthenticated = await estimate(10, { key: `mh_${'0'.repeat(32)}` });
    t.match(unauthenticated, { authenticated: false, estimate: { daily_used_before: 0 } });
    t.notOk('tier' in unauthenticated);
    t.match(unauthenticated.assumptions.join(' '), /malformed, unknown or revoked/);
    const malformed = await estimate(10, { headers: { 'x-api-key': 'nope' } });
    t.equal(malformed.authenticated, false);
    const pro = await estimate(20_000, { key: await server.key('pro') });
    t.match(pro, { authenticated: true, tier: 'pro' });
    t.match(pro.assumptions.join(' '), /not metered/);
    t.match(pro.assumptions.join(' '), /10000 per synchronous request/);
    const usage = await server.request('/api/v1/usage', { key });
    t.equal((await json(usage))['daily_used'], 1680, 'estimates count no records');
  });
});
