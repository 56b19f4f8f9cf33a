/**
 * `basket_total`: one to three products, summed at their prices; a product of $100 or less may come
 * two or three times, no more than $200 buys. With `of: "<table>.<field>"` the products are rows of
 * the shop's own table at their own prices, so no order comes to less than the cheapest product or
 * holds a product the shop does not sell. What cannot be a basket is refused at the param.
 */
import t from 'tap';
import { compile, generateRecords, type TableSpec } from '../../workers/engine/index.js';
import { planOf, recordsOf } from './engine-helpers.js';

const shop = (
  of: unknown = 'products.price',
  price: TableSpec['fields'][number] = { name: 'price', type: 'product_price', params: { by: 'name' } },
): TableSpec[] => [
  {
    name: 'products',
    count: 12,
    fields: [{ name: 'name', type: 'product_name', params: { distinct: true } }, price],
  },
  { name: 'orders', count: 2000, fields: [{ name: 'total', type: 'basket_total', params: { of } }] },
];

/** Whether `total` (in cents) is a sum of at most 3 distinct prices, each at most 3 times and within $200 when repeated. */
function isBasket(total: number, prices: readonly number[]): boolean {
  const cents = prices.map((p) => Math.round(p * 100));
  const target = Math.round(total * 100);
  const fits = (left: number, from: number, items: number): boolean => {
    if (left === 0) return items > 0;
    if (items === 3) return false;
    for (let i = from; i < cents.length; i++) {
      const price = cents[i] as number;
      const most = Math.max(1, Math.min(3, Math.floor(20000 / price)));
      for (let q = 1; q <= most; q++) if (fits(left - q * price, i, items + 1)) return true;
    }
    return false;
  };
  return fits(target, 0, 0);
}

t.test("an order's basket holds the shop's own products at their prices", async (t) => {
  const plan = planOf(shop(), 4);
  const prices = recordsOf(plan, 'products').map((p) => p['price'] as number);
  const totals = recordsOf(plan, 'orders').map((o) => o['total'] as number);
  const cheapest = Math.min(...prices);
  t.ok(
    totals.every((x) => x >= cheapest),
    `no order below the cheapest product, $${cheapest}`,
  );
  const odd = totals.slice(0, 300).filter((x) => !isBasket(x, prices));
  t.same(odd, [], 'each total is a basket of the shop’s prices');
  const catalogue = planOf([{ ...shop()[1]!, fields: [{ name: 'total', type: 'basket_total' }] }], 4);
  const free = recordsOf(catalogue, 'orders').map((o) => o['total'] as number);
  const foreign = free.slice(0, 300).filter((x) => !isBasket(x, prices)).length;
  t.ok(foreign > 150, `${foreign} of 300 baskets of the whole catalogue are not (the test can fail)`);
  t.ok(new Set(totals).size > 100, 'baskets vary');
});

t.test('the same totals in any chunking; a row with no price is passed over', async (t) => {
  const plan = planOf(shop(), 9);
  const whole = recordsOf(plan, 'orders');
  const chunked = [0, 1, 700, 1999].flatMap((start, k, all) =>
    generateRecords(plan, 'orders', start, all[k + 1] ?? 2000),
  );
  t.same(chunked, whole);
  const nullable = planOf(
    shop('products.price', {
      name: 'price',
      type: 'product_price',
      nullable: true,
      params: { null_rate: 0.5 },
    }),
    9,
  );
  const totals = recordsOf(nullable, 'orders').map((o) => o['total'] as number);
  t.ok(totals.filter((x) => x > 0).length > 1990, 'nearly every basket finds priced products');
});

const refused = (tables: TableSpec[]) => {
  const result = compile({ tables, seed: 1, locale: 'en' });
  if (result.ok) throw new Error('compiled');
  return result.error.details[0];
};

t.test('what cannot be a basket is refused at params.of', async (t) => {
  const at = 'tables[1].fields[0].params.of';
  t.match(refused(shop('products')), { field: at, message: /format/ });
  t.match(refused(shop(7)), { field: at });
  t.match(refused(shop('stock.price')), { field: at, message: /table "stock" is not defined/ });
  t.match(refused(shop('products.cost')), { field: at, message: /field "cost" is not defined/ });
  t.match(refused(shop('orders.total')), { field: at, message: /another table/ });
  t.match(refused(shop('products.name')), { field: at, message: /text values; a basket adds up numbers/ });
  const loop = shop('products.price', {
    name: 'price',
    type: 'basket_total',
    params: { of: 'orders.total' },
  });
  t.match(refused(loop), { message: /computed from each other: products.price -> orders.total/ });
});
