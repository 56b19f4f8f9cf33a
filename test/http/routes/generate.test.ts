import t from 'tap';
import { DEFAULT_PLANS } from '../../../src/accounts/plans.js';
import { ENGINE_VERSION } from '../../../workers/engine/index.js';
import { startApp } from '../../helpers/app.js';
import { MODEL_FALLBACK_WARNING } from '../../../src/prompt/index.js';
import { answer, CLIENTS, fakeModel } from '../../prompt/fake-model.js';
import { forEachStore } from '../../helpers/stores.js';

const USERS = {
  name: 'users',
  count: 5,
  fields: [
    { name: 'id', type: 'uuid' },
    { name: 'name', type: 'full_name' },
    { name: 'email', type: 'email' },
    { name: 'active', type: 'boolean' },
  ],
};
const ORDERS = {
  name: 'orders',
  count: 7,
  fields: [
    { name: 'id', type: 'sequence' },
    { name: 'user_id', type: 'ref', params: { table: 'users' } },
    { name: 'total', type: 'price', params: { min: 5, max: 50 } },
  ],
};

type Body = {
  data: Record<string, Record<string, unknown>[] | string>;
  meta: Record<string, unknown>;
  sql?: string;
};

t.test('schema mode: the JSON envelope with every meta field', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startApp(t, store);
    const key = await server.key('pro');
    const response = await server.request('/api/v1/generate', {
      key,
      json: { tables: [USERS, ORDERS], seed: 42 },
    });
    t.equal(response.status, 200);
    t.match(response.headers.get('content-type'), /^application\/json/);
    const body = (await response.json()) as Body;
    const users = body.data.users as Record<string, unknown>[];
    t.equal(users.length, 5);
    t.same(Object.keys(users[0]!), ['id', 'name', 'email', 'active'], 'records keep the field order');
    t.match(users[0], { id: /^[0-9a-f-]{36}$/, name: String, email: /@/, active: Boolean });
    const ids = new Set(users.map((u) => u.id));
    for (const order of body.data.orders as Record<string, unknown>[])
      t.ok(ids.has(order.user_id), 'refs point at users');
    t.match(body.meta, {
      tables: 2,
      total_records: 12,
      records_per_table: { users: 5, orders: 7 },
      locale: 'en',
      format: 'json',
      seed: 42,
      generation_time_ms: Number,
      engine_version: ENGINE_VERSION,
    });
    t.equal(
      response.headers.get('X-RateLimit-Remaining'),
      String(100_000 - 12),
      'records counted once accepted',
    );

    const usage = (await (await server.request('/api/v1/usage', { key })).json()) as { daily_used: number };
    t.equal(usage.daily_used, 12);
  });
});

t.test('the same request and seed give the same bytes; no seed gives a fresh one', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startApp(t, store);
    const key = await server.key('pro');
    const text = async (json: unknown) => {
      const body = (await (await server.request('/api/v1/generate', { key, json })).json()) as Body;
      return { data: JSON.stringify(body.data), seed: body.meta.seed };
    };
    const a = await text({ tables: [USERS], seed: 7 });
    const b = await text({ tables: [USERS], seed: 7 });
    t.equal(a.data, b.data);
    const free = await startApp(t, store).then(async (s) => {
      const k = await s.key('free');
      return (await (
        await s.request('/api/v1/generate', { key: k, json: { tables: [USERS] } })
      ).json()) as Body;
    });
    t.type(free.meta.seed, 'number', 'a seed is generated and reported');
    t.ok((free.meta.seed as number) >= 0 && (free.meta.seed as number) <= 4294967295);
  });
});

t.test('template mode uses the template counts and scale', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startApp(t, store);
    const key = await server.key('internal');
    const body = (await (
      await server.request('/api/v1/generate', { key, json: { template: 'ecommerce', seed: 1 } })
    ).json()) as Body;
    t.same(body.meta.records_per_table, {
      customers: 100,
      products: 50,
      orders: 300,
      order_items: 900,
      reviews: 200,
    });
    const scaled = (await (
      await server.request('/api/v1/generate', { key, json: { template: 'social', scale: 0.1, seed: 1 } })
    ).json()) as Body;
    t.same(scaled.meta.records_per_table, { users: 15, posts: 60, likes: 300, follows: 200, messages: 100 });
  });
});

t.test('csv and sql formats inside the envelope', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startApp(t, store);
    const key = await server.key('pro');
    const csv = (await (
      await server.request('/api/v1/generate', {
        key,
        json: { tables: [USERS, ORDERS], format: 'csv', seed: 3 },
      })
    ).json()) as Body;
    const lines = (csv.data.users as string).split('\r\n');
    t.equal(lines[0], 'id,name,email,active', 'header row');
    t.equal(lines.length, 7, 'header, 5 rows, and the final line end');
    t.equal(csv.meta.format, 'csv');

    const sql = (await (
      await server.request('/api/v1/generate', {
        key,
        json: { tables: [ORDERS, USERS], format: 'sql', sql_dialect: 'mysql', seed: 3 },
      })
    ).json()) as Body;
    t.notOk('data' in sql, 'sql responses carry `sql` instead of `data`');
    t.match(sql.sql, /^-- Generated by mockhive/);
    t.ok(
      sql.sql!.indexOf('CREATE TABLE IF NOT EXISTS `users`') <
        sql.sql!.indexOf('CREATE TABLE IF NOT EXISTS `orders`'),
      'parents first',
    );
    t.match(sql.sql, /START TRANSACTION;[\s\S]*COMMIT;\n$/);
    t.match(sql.meta, { format: 'sql', sql_dialect: 'mysql' });
  });
});

t.test('raw streams chosen by Accept', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startApp(t, store);
    const key = await server.key('pro');
    const post = (accept: string, json: unknown, query = '') =>
      server.request(`/api/v1/generate${query}`, { key, json, headers: { Accept: accept } });

    const ndjson = await post('application/x-ndjson', { tables: [USERS, ORDERS], seed: 5 });
    t.match(ndjson.headers.get('content-type'), /^application\/x-ndjson/);
    t.equal(ndjson.headers.get('X-Meta-Total-Records'), '12');
    t.equal(ndjson.headers.get('X-Meta-Seed'), '5');
    t.same(JSON.parse(ndjson.headers.get('X-Meta-Records-Per-Table')!), { users: 5, orders: 7 });
    const lines = (await ndjson.text())
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { table: string; record: unknown });
    t.equal(lines.length, 12);
    t.same(
      lines.map((l) => l.table),
      [...Array(5).fill('users'), ...Array(7).fill('orders')],
    );

    const envelope = (await (
      await post('application/json', { tables: [USERS, ORDERS], seed: 5 })
    ).json()) as Body;
    t.same(
      lines.slice(0, 5).map((l) => l.record),
      envelope.data.users,
      'the same records as the envelope',
    );

    const csv = await post('text/csv', { tables: [USERS, ORDERS], seed: 5 }, '?table=orders');
    t.match(csv.headers.get('content-type'), /^text\/csv/);
    const envelopeCsv = (await (
      await post('application/json', { tables: [USERS, ORDERS], seed: 5, format: 'csv' })
    ).json()) as Body;
    t.equal(await csv.text(), envelopeCsv.data.orders, 'raw CSV equals the envelope CSV');

    const single = await post('text/csv', { tables: [USERS], seed: 5 });
    t.equal(single.status, 200, 'one table needs no ?table=');
    await single.text();

    const sql = await post('application/sql', { tables: [USERS], seed: 5, sql_dialect: 'sqlite' });
    t.match(sql.headers.get('content-type'), /^application\/sql/);
    t.equal(sql.headers.get('X-Meta-Sql-Dialect'), 'sqlite');
    t.match(await sql.text(), /^-- Generated[\s\S]*PRAGMA foreign_keys = ON;[\s\S]*COMMIT;\n$/);
  });
});

t.test('catalogues are public', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startApp(t, store);
    const types = (await (await server.request('/api/v1/types')).json()) as {
      categories: Record<string, Record<string, { description: string; params: object; example: unknown }>>;
      locales: string[];
      formats: string[];
    };
    for (const category of ['identity', 'location', 'financial']) t.ok(types.categories[category], category);
    t.match(types.categories.identity!.email, { description: String, params: { domain: String } });
    t.match(types.categories.financial?.price ?? types.categories.commerce?.price, {
      params: { min: String, max: String },
    });
    t.ok(types.locales.includes('de') && types.locales.includes('fr') && types.locales.length === 22);
    t.same(types.formats, ['json', 'csv', 'sql']);

    const templates = (await (await server.request('/api/v1/templates')).json()) as {
      templates: { id: string; tables: string[]; default_counts: Record<string, number> }[];
    };
    t.same(
      templates.templates.map((x) => x.id),
      ['ecommerce', 'blog', 'saas', 'social'],
    );
    t.same(templates.templates[1]!.default_counts, {
      authors: 30,
      posts: 150,
      comments: 600,
      tags: 20,
      post_tags: 400,
    });
  });
});

t.test('prompt mode: data, meta and the inferred schema, reusable as tables', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startApp(t, store, {
      plans: { pro: { ...DEFAULT_PLANS.pro, prompts_per_day: 2 } },
    });
    const key = await server.key('pro');
    const prompt =
      '20 German customers with name, email and signup date, and 50 orders; each order belongs to a customer';
    const response = await server.request('/api/v1/generate', { key, json: { prompt, seed: 9 } });
    t.equal(response.status, 200);
    const body = (await response.json()) as Body & { schema: { tables: { name: string; count: number }[] } };
    t.match(body.meta, { locale: 'de', total_records: 70, seed: 9 });
    t.same(
      body.schema.tables.map((x) => [x.name, x.count]),
      [
        ['customers', 20],
        ['orders', 50],
      ],
    );
    const again = (await (
      await server.request('/api/v1/generate', {
        key,
        json: { tables: body.schema.tables, locale: 'de', seed: 9 },
      })
    ).json()) as Body;
    t.same(again.data, body.data, 'the schema reproduces the data as tables');
    const warned = (body.schema as unknown as { warnings: string[] }).warnings;
    t.same(
      warned,
      ['orders: no columns were named; the usual columns of an order were used.'],
      'what the converter assumed: the columns of orders, which the prompt did not name',
    );

    const english = (await (
      await server.request('/api/v1/generate', { key, json: { prompt, locale: 'en' } })
    ).json()) as Body;
    t.equal(english.meta.locale, 'en', "the request's locale wins over the prompt's");

    const vague = await server.request('/api/v1/generate', {
      key,
      json: { prompt: 'hmm, something nice please' },
    });
    t.equal(vague.status, 429, 'the third prompt today: the daily prompt allowance of 2 is used up');
    t.match(((await vague.json()) as { error: { message: string } }).error.message, /prompt/);
  });
});

t.test("prompt mode with a language model: the model's tables and warnings, or the fallback's", async (t) => {
  forEachStore(t, async (t, store) => {
    let up = true;
    const model = await fakeModel(t, (body, req, res) => {
      if (!up) return void res.writeHead(503).end('down');
      answer(JSON.stringify({ ...CLIENTS, warnings: ['clients: no count was given; 3 rows.'] }))(
        body,
        req,
        res,
      );
    });
    const server = await startApp(t, store, {
      env: { MOCKHIVE_LLM_URL: model.url, MOCKHIVE_LLM_MODEL: 'm' },
    });
    const key = await server.key('pro');
    type Answer = Body & { schema: { tables: { name: string }[]; warnings: string[] } };
    const generate = async () =>
      (await (
        await server.request('/api/v1/generate', {
          key,
          json: { prompt: '20 customers with name and email', seed: 1 },
        })
      ).json()) as Answer;
    const asked = await generate();
    t.same(
      asked.schema.tables.map((x) => x.name),
      ['clients'],
      "the model's tables",
    );
    t.same(asked.schema.warnings, ['clients: no count was given; 3 rows.'], "the model's warnings");
    t.equal(asked.data['clients']?.length, 3);
    up = false;
    const fallen = await generate();
    t.same(
      fallen.schema.tables.map((x) => x.name),
      ['customers'],
      "the offline converter's tables",
    );
    t.equal(fallen.schema.warnings[0], MODEL_FALLBACK_WARNING, 'the answer says the model failed');
    t.match(server.logs.join(''), /language model failed/, 'and the log says why');
  });
});

t.test('prompt mode: a prompt that cannot be understood', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startApp(t, store);
    const key = await server.key('pro');
    const response = await server.request('/api/v1/generate', {
      key,
      json: { prompt: 'hmm, something nice please' },
    });
    t.equal(response.status, 422);
    const body = (await response.json()) as { error: { code: string; message: string } };
    t.equal(body.error.code, 'PROMPT_CONVERSION_FAILED');
    t.match(body.error.message, /e\.g\./, 'the message shows how to rephrase');
    const usage = (await (await server.request('/api/v1/usage', { key })).json()) as {
      daily_used: number;
      prompts_used: number;
    };
    t.equal(usage.daily_used, 0, 'no records counted');
    t.equal(usage.prompts_used, 0, 'nor the prompt: a refused request counts nothing');
  });
});

t.test('prompt mode: only a served prompt counts toward the prompt allowance', async (t) => {
  forEachStore(t, async (t, store) => {
    const server = await startApp(t, store, {
      plans: { free: { ...DEFAULT_PLANS.free, prompts_per_day: 1 } },
    });
    const key = await server.key('free');
    const usage = async () =>
      ((await (await server.request('/api/v1/usage', { key })).json()) as { prompts_used: number })
        .prompts_used;
    const generate = (prompt: string) => server.request('/api/v1/generate', { key, json: { prompt } });
    const tooMany = await generate('500 customers with name and email');
    t.equal(tooMany.status, 429, 'converted, then over the per-request record limit');
    t.match(((await tooMany.json()) as { error: { message: string } }).error.message, /at most 100 records/);
    t.equal(await usage(), 0, 'the refused prompt is not counted');
    const served = await generate('20 customers with name and email');
    t.equal(served.status, 200);
    await served.arrayBuffer();
    t.equal(await usage(), 1, 'the served one is');
    const over = await generate('20 customers with name and email');
    t.equal(over.status, 429);
    t.match(((await over.json()) as { error: { message: string } }).error.message, /Daily prompt limit/);
    t.equal(await usage(), 1);
  });
});
