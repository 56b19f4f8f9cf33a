/**
 * The product catalogue (vocabulary/products.en.json) indexed for keyed draws: categories with their own
 * adjectives, products (noun, materials, price band) and description phrases. Every product name the
 * catalogue can form, and every category name, is a key of one Map, so a name or category read from
 * the row (`by`) is one lookup.
 */
import type { Rng, Value } from '../field-type.js';
import data from '../vocabulary/products.en.json' with { type: 'json' };

export interface Product {
  readonly noun: string;
  /** The noun inside a sentence ("Bluetooth speaker"). */
  readonly lower: string;
  /** Materials as written inside a sentence ("stainless steel"). */
  readonly materials: readonly string[];
  readonly price: readonly [number, number];
  readonly plural: boolean;
  /** What a review may say of it (vocabulary/products.en.json `about`): device, item, wear, care, food, book. */
  readonly kind: string;
  /** What a description says it is good for, and a closing note: its own, or its category's. */
  readonly uses: readonly string[];
  readonly notes: readonly string[];
}

export interface Category {
  readonly name: string;
  /** Its products' kind, unless a product names its own. */
  readonly kind: string;
  readonly adjectives: readonly string[];
  readonly templates: readonly string[];
  readonly products: readonly Product[];
}

/** What a key names: a category, or one product of it with its material and full name. */
export interface CatalogueEntry {
  readonly category: Category;
  readonly product?: Product;
  readonly material?: string;
  readonly name?: string;
}

export const CATALOGUE: readonly Category[] = data.categories.map((c) => ({
  name: c.name,
  kind: c.kind,
  adjectives: c.adjectives,
  templates: 'templates' in c && Array.isArray(c.templates) ? c.templates : data.templates,
  products: c.products.map((p) => ({
    noun: p.noun,
    lower: 'lower' in p && typeof p.lower === 'string' ? p.lower : p.noun.toLowerCase(),
    materials: p.materials,
    price: [p.price[0] as number, p.price[1] as number] as const,
    plural: 'plural' in p && p.plural === true,
    kind: 'kind' in p && typeof p.kind === 'string' ? p.kind : c.kind,
    uses: 'uses' in p && Array.isArray(p.uses) ? p.uses : c.uses,
    notes: 'notes' in p && Array.isArray(p.notes) ? p.notes : c.notes,
  })),
}));

/** The category names, in catalogue order (`product_category`'s values). */
export const CATEGORY_NAMES: readonly string[] = CATALOGUE.map((c) => c.name);

/** "stainless steel" → "Stainless Steel", "14k gold" → "14k Gold". */
export function titleCase(text: string): string {
  return text.replace(/(^|\s)(\S)/g, (_, space: string, c: string) => space + c.toUpperCase());
}

/** A product's name: adjective, material, noun. */
export function nameOf(adjective: string, material: string, product: Product): string {
  return `${adjective} ${titleCase(material)} ${product.noun}`;
}

/** The hosted service's `product_name` categories that name one of ours. */
const HOSTED_ALIASES: Readonly<Record<string, string>> = {
  electronics: 'Electronics',
  clothing: 'Clothing',
  food: 'Grocery',
  home: 'Home & Kitchen',
};

/** Every product name the catalogue forms, each once, in catalogue order (`product_name`'s values). */
export const PRODUCT_NAMES: string[] = [];

function buildIndex(): Map<string, CatalogueEntry> {
  const index = new Map<string, CatalogueEntry>();
  for (const category of CATALOGUE) {
    index.set(category.name, { category });
    index.set(category.name.toLowerCase(), { category });
    for (const product of category.products)
      for (const material of product.materials)
        for (const adjective of category.adjectives) {
          const name = nameOf(adjective, material, product);
          if (index.has(name)) continue;
          index.set(name, { category, product, material, name });
          PRODUCT_NAMES.push(name);
        }
  }
  for (const [alias, name] of Object.entries(HOSTED_ALIASES))
    index.set(alias, index.get(name) as CatalogueEntry);
  return index;
}

const INDEX = buildIndex();

/**
 * The most specific entry any of the row's keys from index `from` names (a product over a category),
 * or undefined.
 */
export function entryOf(keys: readonly Value[], from = 0): CatalogueEntry | undefined {
  let found: CatalogueEntry | undefined;
  for (let k = from; k < keys.length; k++) {
    const key = keys[k];
    if (typeof key !== 'string') continue;
    const entry = INDEX.get(key);
    if (entry?.product !== undefined) return entry;
    found ??= entry;
  }
  return found;
}

/** A product of `category` (drawn one when not given), with its material and name. */
export function drawProduct(rng: Rng, category: Category = rng.pick(CATALOGUE)): Required<CatalogueEntry> {
  const product = rng.pick(category.products);
  const material = rng.pick(product.materials);
  return { category, product, material, name: nameOf(rng.pick(category.adjectives), material, product) };
}

/** The entry's product, drawn within its category (or anywhere) when it names none. */
export function productOf(rng: Rng, entry: CatalogueEntry | undefined): Required<CatalogueEntry> {
  if (entry?.product !== undefined) return entry as Required<CatalogueEntry>;
  return drawProduct(rng, entry?.category);
}

/** One or two sentences about a product that name it. */
export function describe(rng: Rng, item: Required<CatalogueEntry>): string {
  const { category, product } = item;
  const text = rng
    .pick(category.templates)
    .replace('{name}', item.name)
    .replace('{noun}', product.lower)
    .replace('{material}', item.material)
    .replace('{use}', rng.pick(product.uses))
    .replace('{This}', product.plural ? 'These' : 'This')
    .replace('{this}', product.plural ? 'these' : 'this')
    .replace('{is}', product.plural ? 'are' : 'is');
  return rng.chance(0.5) ? text + ' ' + rng.pick(product.notes) : text;
}

/** A shop price in the product's band: whole, or ending in .99. */
export function priceOf(rng: Rng, product: Product): number {
  const whole = rng.int(product.price[0], product.price[1]);
  return rng.chance(0.7) ? (whole * 100 - 1) / 100 : whole;
}
