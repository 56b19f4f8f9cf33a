/**
 * Rows that tell one story, measured on three seeds of the ecommerce template: review title and body
 * agree with the rating under an outside lexicon (AFINN, the `sentiment` package), and review titles
 * read as review titles, not article headlines; product descriptions name their product; and a
 * product's name, material, price and description fit its category, for every category, and what a
 * description says the product is for is that product's.
 */
import t from 'tap';
import { compile, generateRows, type TableSpec } from '../../workers/engine/index.js';
import { CATALOGUE, type Product, titleCase } from '../../workers/engine/types/product-catalogue.js';
import { descriptionMeasures, isHeadline, namesProduct, reviewMeasures } from './story-measures.js';

const SEEDS = [1, 2, 3];

t.test('≥ 95% of reviews that are not 3-star agree with their rating under AFINN', async (t) => {
  let polar = 0;
  let agreeing = 0;
  for (const seed of SEEDS) {
    const m = reviewMeasures(seed);
    polar += m.polar;
    agreeing += m.agreeing;
  }
  t.ok(polar > 300, `${polar} reviews measured`);
  t.ok(agreeing >= 0.95 * polar, `${agreeing} of ${polar} agree`);
});

t.test('≤ 1% of review titles read as article headlines', async (t) => {
  let titles = 0;
  let headlines = 0;
  for (const seed of SEEDS) {
    const m = reviewMeasures(seed);
    titles += m.titles;
    headlines += m.headlines;
  }
  t.ok(titles >= 600);
  t.ok(headlines <= 0.01 * titles, `${headlines} of ${titles} are headlines`);
});

t.test('the headline check tells headlines from review titles', async (t) => {
  for (const headline of [
    'How to Get Started with Web Performance',
    '7 Practical Tips for Remote Work',
    'Why Testing Matters',
  ])
    t.ok(isHeadline(headline), headline);
  for (const title of ['Worth every penny', 'Broke after a week', 'Decent for the price'])
    t.notOk(isHeadline(title), title);
});

t.test('≥ 95% of product descriptions name their product', async (t) => {
  let products = 0;
  let naming = 0;
  for (const seed of SEEDS) {
    const m = descriptionMeasures(seed);
    products += m.products;
    naming += m.naming;
  }
  t.ok(products >= 150);
  t.ok(naming >= 0.95 * products, `${naming} of ${products} name their product`);
});

/** A products table of one category, each row's other columns drawn by it. */
const productsOf = (category: string): TableSpec[] => [
  {
    name: 'products',
    count: 300,
    fields: [
      { name: 'category', type: 'enum', params: { values: [category] } },
      { name: 'name', type: 'product_name', params: { by: 'category' } },
      { name: 'description', type: 'product_description', params: { by: 'name' } },
      { name: 'material', type: 'product_material', params: { by: 'name' } },
      { name: 'price', type: 'product_price', params: { by: 'name' } },
    ],
  },
];

for (const category of CATALOGUE) {
  t.test(
    `every ${category.name} product's name, material, price and description fit its category`,
    async (t) => {
      const nouns = new Map(category.products.map((p) => [p.noun, p]));
      // What a description says it is for, and its note, are its product's own: no tent for the gym.
      const phrases = new Set(category.products.flatMap((p) => [...p.uses, ...p.notes]));
      const saysOnlyItsOwn = (product: Product, description: string) =>
        product.uses.some((use) => description.includes(use)) &&
        [...phrases].every(
          (phrase) =>
            product.uses.includes(phrase) || product.notes.includes(phrase) || !description.includes(phrase),
        );
      const result = compile({ seed: 9, locale: 'en', tables: productsOf(category.name) });
      if (!result.ok) {
        t.fail(result.error.message);
        return;
      }
      const misfits: string[] = [];
      for (const [, name, description, material, price] of generateRows(result.plan, 'products', 0, 300)) {
        const text = String(name);
        const product = [...nouns.values()].find((p) => text.endsWith(' ' + p.noun));
        const fits =
          product !== undefined &&
          category.adjectives.some((a) => text.startsWith(a + ' ')) &&
          product.materials.some(
            (m) => titleCase(m) === material && text.includes(` ${String(material)} `),
          ) &&
          typeof price === 'number' &&
          price >= product.price[0] - 0.01 &&
          price <= product.price[1] &&
          namesProduct(text, String(description)) &&
          saysOnlyItsOwn(product, String(description));
        if (!fits) misfits.push(`${text} | ${String(material)} | ${String(price)} | ${String(description)}`);
      }
      t.same(misfits, []);
    },
  );
}

t.test('product nouns are unique across the catalogue, so a name tells its category', async (t) => {
  const nouns = CATALOGUE.flatMap((c) => c.products.map((p) => p.noun));
  t.equal(new Set(nouns).size, nouns.length);
});
