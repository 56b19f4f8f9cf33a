/**
 * Reusable queries: compiled once per dialect, each run with its own values in their places and the
 * compiled constants in theirs, in a database or a transaction; a value the query does not use is a
 * mistake caught at once.
 */
import { sql } from 'kysely';
import t from 'tap';
import { reusableQuery } from '../../src/store/reusable-query.js';
import { forEachStore } from '../helpers/stores.js';

t.test('each run has its own values; constants stay; transactions use it too', async (t) => {
  forEachStore(t, async (t, store) => {
    let builds = 0;
    const upsert = reusableQuery(['account', 'day', 'records'], (db, { account, day, records }) => {
      builds++;
      return db
        .insertInto('daily_usage')
        .values({ account_id: account, day, records, prompts: 3 })
        .onConflict((oc) =>
          oc
            .columns(['account_id', 'day'])
            .doUpdateSet({ records: sql`daily_usage.records + excluded.records` })
            .where(sql`daily_usage.records + excluded.records`, '<=', 100),
        )
        .returning(['records', 'prompts']);
    });
    await store.db
      .insertInto('accounts')
      .values([
        { id: 'a', tier: 'free', created_at: 0 },
        { id: 'b', tier: 'free', created_at: 0 },
      ])
      .execute();
    const day = '2026-11-29';
    t.same((await upsert(store.db, { account: 'a', day, records: 10 })).rows, [{ records: 10, prompts: 3 }]);
    t.same((await upsert(store.db, { account: 'b', day, records: 7 })).rows, [{ records: 7, prompts: 3 }]);
    t.same((await upsert(store.db, { account: 'a', day, records: 5 })).rows, [{ records: 15, prompts: 3 }]);
    t.same(
      (await upsert(store.db, { account: 'a', day, records: 86 })).rows,
      [],
      'the compiled constant (100) still bounds the update',
    );
    await store.db.transaction().execute(async (trx) => {
      t.same((await upsert(trx, { account: 'b', day, records: 1 })).rows, [{ records: 8, prompts: 3 }]);
    });
    t.equal(builds, 1, 'built once for the dialect');
    const rows = await store.db
      .selectFrom('daily_usage')
      .select(['account_id', 'records'])
      .orderBy('account_id')
      .execute();
    t.same(rows, [
      { account_id: 'a', records: 15 },
      { account_id: 'b', records: 8 },
    ]);
  });
});

t.test('a value the query does not use is refused when it compiles', async (t) => {
  forEachStore(t, async (t, store) => {
    const select = reusableQuery(['account', 'day'], (db, { account }) =>
      db.selectFrom('daily_usage').select('records').where('account_id', '=', account),
    );
    await t.rejects(
      async () => select(store.db, { account: 'a', day: 'x' }),
      /the value day is not a parameter/,
    );
  });
});
