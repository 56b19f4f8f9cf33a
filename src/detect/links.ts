/**
 * Fields of a detected table that should agree within a row get the engine's `by` param
 * (docs/engine.md): a review follows its rating, a product's description its name, a job title its
 * department and a salary its title, an age the date of birth, an animal's breed its species and its
 * weight and lifespan the breed. Each reader names the first field of the kinds it reads; no reader is
 * read by what it reads, so the links never loop.
 */
import type { DetectedField } from './model.js';
import { FIELD_TYPES } from '../../workers/engine/index.js';
import { EVENT_DEFAULT_BOUNDS } from '../../workers/engine/types/datetime.js';
import { PLAIN_TEXT, tableDomains } from './meaning.js';
import { PERSON_WEIGHTS, snakeCase } from './naming.js';

type Source = (field: DetectedField) => boolean;

const ofType =
  (...types: string[]): Source =>
  (f) =>
    types.includes(f.type);

/** A date column named for a birth (an animal's is a `date_past`). */
const BIRTH = /^(dob|date_of_birth|birth_?date|birthday|born_on)$/i;
const birthDate: Source = (f) =>
  f.type === 'date_of_birth' ||
  (/^date/.test(f.type) && typeof f.name === 'string' && BIRTH.test(snakeCase(f.name)));

/** A column of a few values named for the kind of animal (a vet's `species` enum: dog, cat, bird). */
const SPECIES_NAME = /^(species|animal_type|animal_kind|animal|kind_of_animal)$/i;
const species: Source = (f) =>
  f.type === 'animal_species' || ((f.type === 'enum' || f.type === 'word') && SPECIES_NAME.test(f.name));

/**
 * Per reader type, the alternatives in order; an alternative of several sources names every one found
 * (a salary by department and seniority when there is no title).
 */
const LINKS: Readonly<Record<string, readonly (readonly Source[])[]>> = {
  review: [[ofType('rating')]],
  review_title: [[ofType('rating')]],
  // A catalogue's name comes first, drawn once each while the catalogue lasts; its category follows.
  product_category: [[ofType('product_name')]],
  product_description: [[ofType('product_name')], [ofType('product_category')]],
  product_material: [[ofType('product_name')], [ofType('product_category')]],
  product_price: [[ofType('product_name')], [ofType('product_category')]],
  job_title: [[ofType('department')]],
  seniority_level: [[ofType('job_title')]],
  salary: [[ofType('job_title')], [ofType('department'), ofType('seniority_level')]],
  age: [[birthDate]],
  // A person's age fits their level: no lead at 22.
  date_of_birth: [
    [ofType('seniority_level')],
    [ofType('job_title')],
    [ofType('animal_breed')],
    [ofType('animal_species')],
  ],
  animal_breed: [[species]],
  weight: [[ofType('animal_breed')], [species]],
  lifespan: [[ofType('animal_breed')], [species]],
  currency: [[ofType('country')], [ofType('country_code')]],
  // One clinical case per visit: the symptom is drawn, the rest follow it.
  diagnosis: [[ofType('symptom')]],
  treatment: [[ofType('diagnosis')], [ofType('symptom')]],
  reason: [[ofType('symptom')], [ofType('diagnosis')]],
  // A visit's charge follows what was done.
  price: [[ofType('treatment')], [ofType('diagnosis')], [ofType('symptom')]],
  amount: [[ofType('treatment')], [ofType('diagnosis')], [ofType('symptom')]],
  article_excerpt: [[ofType('title')]],
  article_body: [[ofType('title')]],
  hashtag: [[ofType('article_excerpt')], [ofType('title')]],
  // A post's slug is its title's; an organization's slug and domain are its name's.
  slug: [[ofType('title')], [ofType('company_name')], [ofType('product_name')]],
  domain: [[ofType('company_name')]],
};

/** A unique reader keeps its link only through a type whose reading stays distinct (a slug). */
const readsWhenUnique = (type: string) => FIELD_TYPES.get(type)?.distinctBy === true;

/** A field of a catalogue product: its name or its category. */
const catalogueProduct = ofType('product_name', 'product_category');

/** A number with no params but a precision: what a plain money column of a schema is. */
const onlyPrecision = (field: DetectedField) =>
  Object.keys(field.params ?? {}).every((key) => key === 'precision');

/** The field as type `type`, without the params of its old type. */
function retyped<F extends DetectedField>(field: F, type: string): F {
  const { params: _dropped, ...rest } = field;
  return { ...rest, type } as F;
}

/**
 * A plain price (no params but a precision) beside a catalogue product is that product's price, so a
 * pair of gardening gloves costs what gloves do.
 */
function productPrice<F extends DetectedField>(field: F, fields: readonly F[]): F {
  if (field.type !== 'price' || field.unique || !onlyPrecision(field)) return field;
  return fields.some(catalogueProduct) ? retyped(field, 'product_price') : field;
}

/** The types that write a table's own text: a comment, a review, a post's body. */
const OWN_TEXT = new Set(['blog_comment', 'review', 'article_body', 'comment']);

/**
 * A plain text column named for a table's text (`text`, `body`, `content`, `message`) beside the field
 * that writes it (a comment's `blog_comment` body) is that text under a second name, as the templates
 * give `content` beside `body`: no filler sentence beside the comment.
 */
function secondNameOfText<F extends DetectedField>(field: F, fields: readonly F[]): F {
  const named = typeof field.name === 'string' && /^(text|body|content|message)$/i.test(field.name);
  if (!named || !PLAIN_TEXT.has(field.type) || field.unique || field.params !== undefined) return field;
  const own = fields.find((f) => f !== field && OWN_TEXT.has(f.type) && !f.nullable);
  if (own === undefined) return field;
  return { ...field, type: 'lookup', params: { from: own.name } };
}

/**
 * A plain birth date beside a catalogue animal (a breed or species column) is the animal's: a
 * `date_of_birth` that the link below makes read the animal, so no hamster is eight years old.
 */
function animalBirthDate<F extends DetectedField>(field: F, fields: readonly F[]): F {
  if (!birthDate(field) || field.type === 'date_of_birth' || field.unique || field.params !== undefined)
    return field;
  if (!fields.some((f) => f.type === 'animal_breed' || f.type === 'animal_species')) return field;
  return { ...field, type: 'date_of_birth' };
}

/** A word column named for what a product is made of, beside a catalogue product: its material. */
function productMaterial<F extends DetectedField>(field: F, fields: readonly F[]): F {
  const named =
    typeof field.name === 'string' && /^(material|materials|made_of)$/i.test(snakeCase(field.name));
  if (!named || !['word', 'words', 'enum'].includes(field.type) || field.unique) return field;
  if (field.type === 'enum' && field.params?.['values'] !== undefined) return field;
  return fields.some(catalogueProduct) ? retyped(field, 'product_material') : field;
}

/** A date column whose name (snake case) `pattern` matches. */
const datedAs = (pattern: RegExp) => (f: DetectedField) =>
  // A prompt may leave a field unnamed (compile refuses it later): no name, no meaning.
  /^date|^timestamp$/.test(f.type) && typeof f.name === 'string' && pattern.test(snakeCase(f.name));

/** A date column named for the start of a job. */
const hired = datedAs(
  /^(hire_date|hired_on|hired_at|date_hired|start_date|employment_start(_date)?|joined_on)$/i,
);
/** 18 years in days, leap days included. */
const ADULT_DAYS = 6575;

/** The default window of an event type, as ISO dates (`date`: 2021–2025), or undefined. */
function defaultWindow(type: string): { min: string; max: string } | undefined {
  const bounds = EVENT_DEFAULT_BOUNDS[type];
  if (bounds === undefined || type === 'date_past' || type === 'date_future') return undefined;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { min: day(bounds.min), max: day(bounds.max) };
}

/**
 * The date field with `order` (`after` an anchor, a gap) inside its window: the one it has, or its
 * type's default one written out (an anchor leaves the window's far end open otherwise). A unique
 * field, or one ordered already, is left as it is.
 */
function orderedAfter<F extends DetectedField>(field: F, order: Record<string, unknown>): F {
  const params = field.params ?? {};
  if (field.unique || params['after'] !== undefined || params['before'] !== undefined) return field;
  const window = params['max'] === undefined ? defaultWindow(field.type) : undefined;
  return { ...field, params: { ...window, ...params, ...order } };
}

/**
 * A hire date beside a birth date follows it by 18 years at least, so no one is hired as a child,
 * inside a window with a far end. Adults are born by 2007, so the default window (to 2025) fits.
 */
function hiredAsAdult<F extends DetectedField>(field: F, fields: readonly F[]): F {
  if (!hired(field)) return field;
  if (field.params?.['max'] === undefined && defaultWindow(field.type) === undefined) return field;
  const birth = fields.find((f) => f !== field && birthDate(f));
  if (birth === undefined) return field;
  return orderedAfter(field, { after: birth.name, min_gap_days: ADULT_DAYS, max_gap_days: 36_500 });
}

/** Whether `params` hold the adult range detection guesses for a person's weight. */
function personWeight(params: Record<string, unknown>): boolean {
  return Object.values(PERSON_WEIGHTS).some((w) => params['min'] === w.min && params['max'] === w.max);
}

/**
 * The fields with `by` set on every one whose type reads another field the table has (copies; the
 * given fields are not changed). A weight that follows an animal drops the person's range that a
 * table of patients or members made detection guess.
 */
export function linkedFields<F extends DetectedField>(fields: readonly F[]): F[] {
  return fields.map((given) => {
    const reader = animalBirthDate(
      productMaterial(secondNameOfText(productPrice(hiredAsAdult(given, fields), fields), fields), fields),
      fields,
    );
    const alternatives = LINKS[reader.type];
    if (alternatives === undefined || reader.params?.['by'] !== undefined) return reader;
    if (reader.unique && !readsWhenUnique(reader.type)) return reader;
    for (const sources of alternatives) {
      const names = sources
        .map((source) => fields.find((f) => f !== reader && source(f))?.name)
        .filter((name): name is string => name !== undefined);
      if (names.length === 0) continue;
      const params: Record<string, unknown> = { ...reader.params, by: names.length === 1 ? names[0] : names };
      if (reader.type === 'weight') {
        if (personWeight(params)) {
          delete params['min'];
          delete params['max'];
        }
        // The animal's age too: a puppy does not weigh what its breed's adults do.
        const birth = fields.find((f) => f !== reader && birthDate(f));
        if (birth !== undefined) params['by'] = [...names, birth.name];
      }
      return { ...reader, params };
    }
    return reader;
  });
}

/** Clinical text types; the first of them a table has that reads none of the others starts its case. */
const CLINICAL = ['symptom', 'diagnosis', 'reason', 'treatment'];

type Table<F> = { name: string; fields: readonly F[] };
type Tables<F> = readonly Table<F>[];

/** The first ref of the row whose parent table has a field `wanted` accepts: the ref, the parent's fields and that field. */
function throughRef<F extends DetectedField>(
  fields: readonly F[],
  tables: Tables<F>,
  wanted: (f: F) => boolean,
): { ref: F; parent: readonly F[]; field: F } | undefined {
  for (const ref of fields) {
    if (ref.type !== 'ref') continue;
    const parent = tables.find((t) => t.name === ref.params?.['table'])?.fields;
    const field = parent?.find(wanted);
    if (parent !== undefined && field !== undefined) return { ref, parent, field };
  }
  return undefined;
}

/** A parent's field as a ref names it: `"<ref>.<field>"`. */
const viaRef = (ref: DetectedField, field: DetectedField) => `${ref.name}.${field.name}`;

/** The animal a visit is about, and its birth date: of the row itself, or of the row its ref points to. */
function animalOfVisit<F extends DetectedField>(
  fields: readonly F[],
  tables: Tables<F>,
): { animal: string; birth: string | undefined } | undefined {
  const animal = (f: F) => species(f) || f.type === 'animal_breed';
  const own = fields.find(animal);
  if (own !== undefined) return { animal: own.name, birth: fields.find(birthDate)?.name };
  const through = throughRef(fields, tables, animal);
  if (through === undefined) return undefined;
  const birth = through.parent.find(birthDate);
  return { animal: viaRef(through.ref, through.field), birth: birth && viaRef(through.ref, birth) };
}

/** A date column of a visit: when the animal was seen. */
const visitDate = datedAs(
  /^(visit|visited|appointment|exam|seen|service|admission|admitted)(_?(date|at|on|time|datetime))?$|^date$/i,
);

/** A first visit comes at three months at the earliest: the age every species has cases for. */
const FIRST_VISIT_DAYS = 91;

/**
 * A veterinary visit's case fits its animal: the clinical field that starts the case (reading no other
 * clinical field) reads the species (or breed) of the row, or of the row a ref points to
 * (`pet_id.species`), so a parrot never has a cruciate ligament repaired; and, when there is a birth
 * date, the birth and the visit's date, so a kitten has no kidney disease. The visit's date then
 * comes three months after the birth at least, inside its window.
 */
function caseOfAnimal<F extends DetectedField>({ fields }: Table<F>, tables: Tables<F>): F[] {
  const clinical = fields.filter((f) => CLINICAL.includes(f.type));
  const names = new Set(clinical.map((f) => f.name));
  const reads = (f: F) => [f.params?.['by'] ?? []].flat().some((n) => names.has(n as string));
  const start = CLINICAL.map((type) => clinical.find((f) => f.type === type && !reads(f))).find(Boolean);
  if (start === undefined || start.params?.['domain'] !== 'veterinary' || start.params['by'] !== undefined)
    return [...fields];
  const found = animalOfVisit(fields, tables);
  if (found === undefined) return [...fields];
  const seen = found.birth === undefined ? undefined : fields.find(visitDate);
  const by =
    found.birth === undefined
      ? found.animal
      : [found.animal, found.birth, ...(seen === undefined ? [] : [seen.name])];
  return fields.map((f) => {
    if (f === start) return { ...f, params: { ...f.params, by } };
    return f === seen ? orderedAfter(f, { after: found.birth, min_gap_days: FIRST_VISIT_DAYS }) : f;
  });
}

const COUNTRY = ['country', 'country_code'];
/** Where a row is: a place column of its own decides its country, and its currency with it. */
const PLACE = ['city', 'state', 'region', 'postal_code', 'zip_code', 'street_address', 'address', 'latitude'];

/**
 * A row without a place of its own is where the row its ref points to is: an order's shipping country
 * and currency are its customer's, a subscription is billed in its organization's currency. A plain
 * country of the same kind as the parent's becomes a copy of it (`lookup`); a currency with no country
 * in its row reads the parent's (`by`).
 */
function placeOfParent<F extends DetectedField>(
  table: { name: string; fields: readonly F[] },
  tables: Tables<F>,
): F[] {
  const fields = table.fields;
  if (fields.some((f) => PLACE.includes(f.type))) return inPlaceOfParent(table, tables);
  const through = throughRef(fields, tables, (f) => COUNTRY.includes(f.type));
  if (through === undefined) return [...fields];
  const country = viaRef(through.ref, through.field);
  const plain = (f: F) => !f.unique && Object.keys(f.params ?? {}).every((k) => k === 'per_row_locale');
  const copied = fields.filter((f) => f.type === through.field.type && plain(f)).map((f) => f.name);
  return fields.map((f) => {
    if (copied.includes(f.name)) return { ...f, type: 'lookup', params: { from: country } };
    if (f.type !== 'currency' || f.unique) return f;
    const by = f.params?.['by'];
    if (by !== undefined && !copied.includes(by as string)) return f;
    return { ...f, params: { ...f.params, by: country } };
  });
}

/** A table of a shop's orders, by its name. */
const ORDERS = /(^|_)(orders?|purchases?|baskets?|carts?|checkouts?)$/;
/** An order's money column named for what it comes to. */
const TOTAL =
  /^(total|order_total|total_amount|amount|grand_total|subtotal|total_price|order_amount|total_cost)$/;

/**
 * An order's plain total, when the schema sells catalogue products or is a shop's alone (every table
 * of the commerce domain: customers and their orders) and no table of items points to the order to
 * add it up, is a basket of catalogue products (`basket_total`): an order of a shop whose dearest
 * lamp costs $680 does not come to $9,000.
 */
function basketOfOrder<F extends DetectedField>(
  table: { name: string; fields: readonly F[] },
  tables: Tables<F>,
): F[] {
  const fields = [...table.fields];
  if (!ORDERS.test(snakeCase(table.name))) return fields;
  const sells = tables.some((t) =>
    t.fields.some((f) => f.type === 'product_name' || f.type === 'product_price'),
  );
  const items = tables.some((t) =>
    t.fields.some((f) => f.type === 'ref' && f.params?.['table'] === table.name),
  );
  const shop = [...tableDomains(tables.map((t) => t.name)).values()].every((d) => d === 'commerce');
  if ((!sells && !shop) || items) return fields;
  // The shop's own products at their prices, where a table of them has one.
  const catalogue = tables.find(
    (t) => t.name !== table.name && t.fields.some((f) => f.type === 'product_price'),
  );
  const price = catalogue?.fields.find((f) => f.type === 'product_price');
  return fields.map((f) => {
    if (!['amount', 'price', 'decimal'].includes(f.type) || f.unique || !onlyPrecision(f)) return f;
    if (typeof f.name !== 'string' || !TOTAL.test(snakeCase(f.name))) return f;
    const basket = retyped(f, 'basket_total');
    return price === undefined ? basket : { ...basket, params: { of: `${catalogue!.name}.${price.name}` } };
  });
}

/**
 * A row with a place of its own and one ref to another table with a place lives in that parent's
 * city (`same_place`): an owner near the clinic, an employee near the office. A row with two cities
 * (a flight's departure and arrival) is left alone.
 */
function inPlaceOfParent<F extends DetectedField>(
  table: { name: string; fields: readonly F[] },
  tables: Tables<F>,
): F[] {
  const fields = table.fields;
  if (fields.filter((f) => f.type === 'city').length > 1) return [...fields];
  const placed = (name: unknown) =>
    name !== table.name &&
    tables.some((t) => t.name === name && t.fields.some((f) => PLACE.includes(f.type)));
  const refs = fields.filter((f) => f.type === 'ref' && placed(f.params?.['table']));
  const ref = refs.length === 1 ? refs[0] : undefined;
  if (ref === undefined || ref.params?.['same_place'] !== undefined) return [...fields];
  return fields.map((f) => (f === ref ? { ...f, params: { ...f.params, same_place: true } } : f));
}

const REVIEW_TEXT = ['review', 'review_title'];

/**
 * A review's text that reads its rating reads, after it, the product its ref points to (`product_id.name`),
 * so it says only what can be said of that product: no floor mats stop working.
 */
function reviewOfProduct<F extends DetectedField>({ fields }: Table<F>, tables: Tables<F>): F[] {
  const product = throughRef(fields, tables, catalogueProduct);
  if (product === undefined) return [...fields];
  const name = viaRef(product.ref, product.field);
  return fields.map((f) => {
    const by = f.params?.['by'];
    if (!REVIEW_TEXT.includes(f.type) || typeof by !== 'string') return f;
    return { ...f, params: { ...f.params, by: [by, name] } };
  });
}

/** Tables whose rows are a shop's products, companies or a blog's posts, by their name's last word. */
const CATALOGUES: Readonly<Record<string, RegExp>> = {
  title: /(^|_)(posts?|articles?|stories|story|entries|entry)$/,
  product_name: /(^|_)(products?|catalog(ue)?s?|goods|merchandise|listings?|skus?|inventory)$/,
  company_name:
    /(^|_)(compan(y|ies)|organi[sz]ations?|orgs?|accounts?|clients?|vendors?|suppliers?|businesses|tenants?|brands?|employers?|partners?|manufacturers?)$/,
};

/**
 * A product's or a company's own name, or a post's title, in a table of products, companies or posts,
 * is `distinct`: no two rows share it while the type's values last. A name the row copies from a parent it points to is not
 * its own.
 */
function namedOnce<F extends DetectedField>(
  table: { name: string; fields: readonly F[] },
  tables: Tables<F>,
): F[] {
  const fields = table.fields;
  const own = (f: F) => {
    const catalogue = CATALOGUES[f.type];
    if (catalogue === undefined || !catalogue.test(snakeCase(table.name))) return false;
    if (typeof f.name !== 'string' || !(/^(name|title)$/i.test(f.name) || snakeCase(f.name) === f.type))
      return false;
    if (f.unique || f.params?.['by'] !== undefined || f.params?.['distinct'] !== undefined) return false;
    // A ref to another table that has such a name: the row copies it.
    const refs = fields.filter((r) => r.params?.['table'] !== table.name);
    return throughRef(refs, tables, (p) => p.type === f.type) === undefined;
  };
  return fields.map((f) => (own(f) ? { ...f, params: { ...f.params, distinct: true } } : f));
}

/**
 * A person's plain email, in a row that points to a company with a domain of its own (a member of an
 * organization), is a work address at that domain (`by: "organization_id.domain"`).
 */
function workEmail<F extends DetectedField>({ fields }: Table<F>, tables: Tables<F>): F[] {
  const company = throughRef(fields, tables, (f) => f.type === 'domain' && f.params?.['by'] !== undefined);
  if (company === undefined || !company.parent.some((f) => f.type === 'company_name')) return [...fields];
  const by = viaRef(company.ref, company.field);
  return fields.map((f) =>
    f.type === 'email' && !f.unique && f.params === undefined ? { ...f, params: { by } } : f,
  );
}

/** The links a table makes through its refs, in order: each pass reads the fields the one before gave. */
const TABLE_PASSES: readonly (<F extends DetectedField>(table: Table<F>, tables: Tables<F>) => F[])[] = [
  basketOfOrder,
  caseOfAnimal,
  reviewOfProduct,
  workEmail,
  namedOnce,
  placeOfParent,
];

/** linkedFields of every table, and the links a table makes through its refs. */
export function linkedTables<T extends { name: string; fields: readonly DetectedField[] }>(
  tables: readonly T[],
): T[] {
  const linked = tables.map((t) => ({ ...t, fields: linkedFields(t.fields) }));
  return linked.map((t) => ({
    ...t,
    fields: TABLE_PASSES.reduce<DetectedField[]>(
      (fields, pass) => pass({ name: t.name, fields }, linked),
      t.fields,
    ),
  }));
}
