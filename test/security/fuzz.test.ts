/**
 * A bounded, seeded fuzz of every route: malformed and hostile requests (bodies that are not JSON,
 * truncated or deeply nested JSON, wrong shapes, huge numbers, lone surrogates, NUL, `__proto__`, odd
 * Content-Type, Accept and Authorization headers, repeated query parameters, unknown paths and wrong
 * methods), and for POST /api/v1/generate and /schema/detect mostly plausible requests with random
 * mutations, so that many get past validation into the engine and the detector. It checks what any
 * client may rely on, whatever it sends:
 *   1. no 5xx (INTERNAL_ERROR; PROVIDER_ERROR cannot happen with the sandbox provider);
 *   2. every status >= 400 has exactly the documented envelope `{ error: { code, message, details? } }`
 *      with a catalogue code sent with that code's status (the sandbox checkout page may answer a
 *      browser with HTML instead, by design);
 *   3. no request hangs (60 s without an answer: a hang guard, not a measure) and no response body is
 *      cut off. How long a request holds the event loop is a time, measured by bench/limits.bench.ts;
 *      here the three longest holds are only reported;
 *   4. afterwards, the service still answers a normal request with the same bytes as before.
 * A fixed corpus (every path with every method, oversized and deepest bodies, reduced forms of bugs
 * found so far) comes first, then the random families. Failures are collected over the whole run and
 * reported once per distinct kind (for a 5xx or a broken stream, the cause the server logged), with the
 * smallest request that showed it, so one run lists every bug found. Same seed, same requests.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import fc from 'fast-check';
import t from 'tap';
import { FIELD_TYPES, LOCALE_CODES } from '../../workers/engine/index.js';
import { createApiKey, revokeApiKey } from '../../src/accounts/api-keys.js';
import { systemClock } from '../../src/accounts/clock.js';
import { ERROR_CATALOGUE, type ErrorKey, wireCode } from '../../src/errors.js';
import { createSandboxProvider } from '../../src/billing/payment/sandbox.js';
import { signWebhook } from '../../src/billing/payment/standard-webhooks.js';
import { DEFAULT_PLANS, type Plans, TIERS } from '../../src/accounts/plans.js';
import { polarEnv, startFakePolar } from '../helpers/agent.js';
import { startApp, type TestServer } from '../helpers/app.js';
import { embeddedStore } from '../helpers/stores.js';

const SEED = 0x5eed_f022;
const TIMEOUT_MS = 60_000;

const loopDelay = monitorEventLoopDelay({ resolution: 20 });
loopDelay.enable();
// Cases per family; about 3,000 requests in all, sent one at a time so a failure is reproducible alone.
const RUNS = { generate: 1800, routes: 550, agent: 300, detect: 250, deep: 120, webhooks: 150 };
// FUZZ_SEED and FUZZ_SCALE (a multiplier of RUNS) explore further locally; the defaults are what CI runs.
// FUZZ_TRACE=1 prints each request before it is sent: the last one names the culprit if the process dies.
const RUN_SEED = Number(process.env.FUZZ_SEED ?? SEED);
const RUN_SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const SANDBOX_SECRET = 'fuzz-sandbox-secret';
const POLAR_SECRET = 'polar_whs_fuzz_secret';

// Per-minute, daily and prompt allowances would turn most requests into 429s: lift them, keep the
// per-request and size limits of DEFAULT_PLANS (they are part of what is fuzzed).
const PLANS = Object.fromEntries(
  TIERS.map((tier) => [
    tier,
    { ...DEFAULT_PLANS[tier], requests_per_minute: null, records_per_day: null, prompts_per_day: null },
  ]),
) as unknown as Plans;

type KeyName = 'free' | 'pro' | 'internal' | 'revoked';

/** One request, with keys named (`<pro key>`) so it can be printed and replayed with a fresh key. */
interface FuzzRequest {
  family: keyof typeof RUNS | 'corpus';
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** Which app answers it: the main one (sandbox provider) or the one configured for Polar. */
  app?: 'main' | 'polar';
  /** Sign the body as a Standard Webhooks notification with this secret before sending. */
  sign?: { secret: string; id: string; skewS: number };
  /** Send the body as a stream (chunked, no Content-Length), so only reading it shows its size. */
  chunked?: boolean;
}

interface Failure {
  kind: string;
  request: FuzzRequest;
  got: string;
}

// ---------------------------------------------------------------------------------------------------
// Values

/** A JSON text placeholder: the marked string is replaced by `text` verbatim (1e999, -0, 400 digits). */
const RAW_MARK = '\u0001RAW:';
const raw = (text: string): string => `${RAW_MARK}${text}\u0001`;

/** JSON.stringify, then the raw placeholders spliced in as bare numbers JSON.stringify cannot write. */
function toJson(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.replace(/"\\u0001RAW:([^"\\]*)\\u0001"/g, '$1');
}

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\ud83d',
  '\ud83dx',
  '😀',
  '👩‍👩‍👧',
  'e\u0301',
  '\u202e',
  '\ufeff',
  '\u2028',
  '"',
  "'",
  '`',
  '\\',
  '%',
  '%s%n',
  "'; DROP TABLE users; --",
  'a"b\'c`d',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  'null',
  'true',
  '\r\n',
  '\t',
  'a,b',
  'a b',
  'x'.repeat(63),
  'x'.repeat(64),
  'é'.repeat(63),
  '😀'.repeat(40),
  '\ud800'.repeat(63),
  'A'.repeat(10_000),
];

// Characters that break encoders: controls, quotes, backslashes, lone surrogates, astral code points.
const messyChar = fc.oneof(
  fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
  fc.integer({ min: 0x80, max: 0x10ffff }).map((c) => String.fromCodePoint(c)),
  fc.constantFrom('"', "'", '\\', ',', '\u007f', '\u2028', '\ufeff', '😀'),
);
const messyString = (maxLength: number) => fc.string({ unit: messyChar, maxLength });
const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 4, arbitrary: messyString(24) },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1000, max: 200_000 }).map((n) => 'x'.repeat(n)) },
);

const HUGE_NUMBERS: unknown[] = [
  0,
  1,
  -1,
  0.5,
  1.5,
  1e308,
  -1e308,
  5e-324,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  1e12,
  1e21,
  raw('-0'),
  raw('-0.0'),
  raw('1e999'),
  raw('-1e999'),
  raw('1' + '0'.repeat(400)),
  raw('0.' + '0'.repeat(400) + '1'),
  raw('1E+2'),
];
const hostileNumber = fc.oneof(
  fc.constantFrom(...HUGE_NUMBERS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -5, max: 100 }),
);
/** Numbers that stay small where valid: for the unlimited internal tier, where size is not refused. */
const tameNumber = fc.oneof(
  fc.integer({ min: -5, max: 100 }),
  fc.constantFrom(1.5, -0.5, 1e308, -1e308, 5e-324, 2 ** 53, raw('-0'), raw('1e999'), raw('-1e999')),
);

const TYPE_IDS = [...FIELD_TYPES.keys()];
const PARAM_NAMES = [
  ...new Set([...FIELD_TYPES.values()].flatMap((type) => Object.keys(type.params))),
  'after',
  'before',
  'null_rate',
  '__proto__',
  'constructor',
];
const TABLE_NAMES = ['users', 'orders', 't', 'users ', 'Users', '__proto__', 'constructor', '😀', 'a"b'];
const FIELD_NAMES = ['id', 'name', 'email', 'user_id', 'created_at', 'total', 'status', '__proto__', 'x y'];

const typeId = fc.oneof(
  { weight: 200, arbitrary: fc.constantFrom(...TYPE_IDS) },
  { weight: 1, arbitrary: fc.constantFrom(...TYPE_IDS).map((id) => id.slice(0, -1) || id + id) },
  { weight: 1, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, 1, true, [], {}, ['uuid']) },
);
const tableName = fc.oneof(
  { weight: 100, arbitrary: fc.constantFrom(...TABLE_NAMES) },
  { weight: 1, arbitrary: hostileString },
);
const fieldName = fc.oneof(
  { weight: 100, arbitrary: fc.constantFrom(...FIELD_NAMES) },
  { weight: 1, arbitrary: hostileString },
);
const ISO_TEXTS = [
  '2021-01-01',
  '2025-12-31T23:59:59Z',
  '9999-12-31',
  '0000-01-01',
  '2021-02-30',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20',
  '2021-13-01',
  'yesterday',
];

/**
 * Mostly `plausible`, now and then `hostile`. A request has dozens of such choices: rare hostility in each
 * lets enough requests past validation to the engine, where the mutations and other families do not go.
 */
const mostly = <T>(plausible: fc.Arbitrary<T>, hostile: fc.Arbitrary<unknown>, oneIn = 100) =>
  fc.oneof(
    { weight: oneIn - 1, arbitrary: plausible as fc.Arbitrary<unknown> },
    { weight: 1, arbitrary: hostile },
  );
/** `arb` in one case of `oneIn`, else undefined (a key JSON.stringify leaves out). */
const rarely = <T>(arb: fc.Arbitrary<T>, oneIn: number) =>
  fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });

/** Hostile param values of any kind, nested a few levels. */
function hostileParamValue(num: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', maxDepth: 3 },
      num,
      hostileString,
      typeId,
      fc.constantFrom<unknown>(...ISO_TEXTS, 'users.created_at', true, false, null),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.oneof(fc.constantFrom(...PARAM_NAMES), fc.string({ maxLength: 8 })), tie('value'), {
        maxKeys: 4,
      }),
    ),
  }));
  return value;
}

/**
 * Params of type `id`: its own param names (from the catalogue) with plausible values by name, mixed with
 * hostile values and unknown keys. `num` bounds plausible sizes (lengths, counts of elements).
 */
function paramsFor(id: string, num: fc.Arbitrary<unknown>, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const described = FIELD_TYPES.get(id)?.params ?? {};
  const names = Object.keys(described);
  // The catalogue says which bounds are dates ("ISO date ...") and which are numbers.
  const isDate = (name: string) => /ISO/.test(described[name] ?? '');
  const small = fc.integer({ min: 0, max: 20 });
  const bound = fc.oneof(
    fc.integer({ min: -1000, max: 1000 }),
    fc.double({ min: -1e6, max: 1e6, noNaN: true }),
  );
  const plausible: Record<string, fc.Arbitrary<unknown>> = {
    min: isDate('min') ? fc.constantFrom(...ISO_TEXTS) : bound,
    max: isDate('max') ? fc.constantFrom(...ISO_TEXTS) : bound,
    precision: small,
    length: fc.integer({ min: 1, max: 200 }),
    dims: fc.integer({ min: 1, max: 32 }),
    pad: small,
    start: bound,
    step: fc.integer({ min: -3, max: 3 }),
    probability: fc.double({ min: 0, max: 1, noNaN: true }),
    null_rate: fc.double({ min: 0, max: 1, noNaN: true }),
    // Valid shapes holding text that encoders must escape: quotes, controls, NUL, surrogates, astral.
    values: fc.array(fc.oneof(messyString(12), fc.integer(), fc.boolean(), fc.double({ noNaN: true }), num), {
      minLength: 1,
      maxLength: 5,
    }),
    weights: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 5 }),
    of: fc.constantFrom(...TYPE_IDS),
    table: fc.constantFrom('users', 'orders', 't', 'nope'),
    field: fc.constantFrom('id', 'email', 'created_at', 'nope'),
    distribution: fc.constantFrom('uniform', 'power_law', 'zipf'),
    alpha: fc.double({ min: 0, max: 5, noNaN: true }),
    per_parent: fc.record({ min: small, max: small }),
    allow_self: fc.boolean(),
    fields: fc.dictionary(
      fc.oneof(fc.constantFrom(...FIELD_NAMES), messyString(8)),
      fc.constantFrom(...TYPE_IDS),
      {
        maxKeys: 3,
      },
    ),
    min_gap_days: small,
    max_gap_days: small,
    min_date: fc.constantFrom(...ISO_TEXTS),
    max_date: fc.constantFrom(...ISO_TEXTS),
    value: fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      num,
      messyString(20),
      fc.array(messyString(8), { maxLength: 3 }),
      fc.dictionary(messyString(6), messyString(6), { maxKeys: 3 }),
    ),
    domain: fc.oneof(fc.constantFrom('example.com', 'a', '', 'ex ample.com'), messyString(10)),
    prefix: fc.oneof(fc.constantFrom('ORD-', 'a', '', 'x'.repeat(40)), messyString(10)),
    suffix: fc.oneof(fc.constantFrom('-X', ''), messyString(10)),
    after: fc.constantFrom('created_at', 'user_id.created_at', 'users.created_at', 'nope'),
    before: fc.constantFrom('created_at', 'user_id.created_at', 'nope'),
  };
  const entry = (name: string) =>
    mostly(
      // Element params of `array` and `nullable`: the params of a random type, a level deeper.
      name === 'params' && depth < 2
        ? fc.constantFrom(...TYPE_IDS).chain((of) => paramsFor(of, num, depth + 1))
        : (plausible[name] ?? hostileParamValue(num)),
      fc.oneof(num, hostileParamValue(num)),
      // Params are checked by the engine's own validators: worth more hostility than the shapes around.
      15,
    );
  const own = fc.record(Object.fromEntries(names.map((name) => [name, entry(name)])), { requiredKeys: [] });
  const extra = fc.dictionary(fc.constantFrom(...PARAM_NAMES, 'zzz'), hostileParamValue(num), { maxKeys: 2 });
  return fc.tuple(own, rarely(extra, 6)).map(([a, b]) => ({ ...(b ?? {}), ...a }));
}

function tableArb(count: fc.Arbitrary<unknown>, num: fc.Arbitrary<unknown>) {
  const field = typeId.chain((type) =>
    fc.record(
      {
        name: fieldName,
        type: fc.constant(type),
        params: typeof type === 'string' ? paramsFor(type, num) : hostileParamValue(num),
        nullable: fc.option(fc.boolean(), { nil: undefined }),
        unique: rarely(fc.boolean(), 8),
      },
      { requiredKeys: ['name', 'type'] },
    ),
  );
  // Distinct names: duplicates are refused before the engine runs (the mutations still make some).
  return fc
    .record({
      name: tableName,
      count,
      fields: fc.uniqueArray(field, { minLength: 1, maxLength: 5, selector: (f) => f.name }),
      unique: rarely(fc.array(fc.nat(), { minLength: 1, maxLength: 2 }), 8),
    })
    .map(({ unique, ...table }) => {
      // A composite unique key of the table's own fields.
      if (unique === undefined) return table;
      const names = unique.map((i) => table.fields[i % table.fields.length]!.name);
      return { ...table, unique: [[...new Set(names)]] };
    });
}

const INVALID_COUNTS: unknown[] = [0, -1, 1.5, '5', null, 2 ** 31, raw('1e999'), raw('-0'), [], {}];
/** The common parameters; a free key mostly asks for what its plan has (JSON, no seed). */
function common(tier: 'free' | 'pro' | 'internal') {
  const paid = tier !== 'free';
  return {
    format: mostly(
      paid ? fc.constantFrom('json', 'json', 'csv', 'sql') : fc.constant('json'),
      fc.constantFrom('xml', '', 'JSON', 1, null, 'csv', 'sql'),
      paid ? 100 : 10,
    ),
    sql_dialect: mostly(
      fc.constantFrom('postgres', 'mysql', 'sqlite'),
      fc.constantFrom('oracle', 'POSTGRES', '', []),
    ),
    locale: mostly(
      fc.constantFrom(...LOCALE_CODES),
      fc.constantFrom('xx', 'en-US', 'EN', '', '__proto__', 7),
    ),
    seed: mostly(
      paid ? fc.constantFrom(undefined, 0, 42, 4_294_967_295) : fc.constant(undefined),
      fc.constantFrom(4_294_967_296, -1, 1.5, '42', null, 0, ...HUGE_NUMBERS),
      paid ? 100 : 10,
    ),
  };
}

/** A generate body in schema mode: most are plausible, a mutation or two makes them hostile. */
function schemaBody(tier: 'free' | 'pro' | 'internal') {
  // The internal tier has no record or size limit: keep its counts and sizes small so the run stays fast.
  const count =
    tier === 'internal'
      ? fc.oneof(
          { weight: 30, arbitrary: fc.integer({ min: 1, max: 50 }) },
          fc.constantFrom(...INVALID_COUNTS),
        )
      : fc.oneof(
          { weight: 20, arbitrary: fc.integer({ min: 1, max: 20 }) },
          fc.constantFrom(...INVALID_COUNTS, 101, 10_001, 1e12, 2 ** 31 - 1, raw('1e999')),
        );
  const num = tier === 'free' ? hostileNumber : tameNumber;
  return fc.record(
    {
      tables: fc.uniqueArray(tableArb(count, num), { minLength: 1, maxLength: 3, selector: (t) => t.name }),
      ...common(tier),
    },
    { requiredKeys: ['tables'] },
  );
}

// Words the offline prompt converter reads (counts, entities, relations, fields, locales), words that
// name Object.prototype members, and odd numbers: sentences it parses, half-parses or cannot parse.
const PROMPT_WORDS = [
  ...['users', 'orders', 'products', 'reviews', 'posts', 'comments', 'customers', 'people', 'statuses'],
  ...['with', 'and', 'each', 'having', 'per', 'of', 'belongs', 'to', 'has', 'many', 'in', 'between', 'from'],
  ...['email', 'name', 'price', 'created', 'date', 'status', 'EUR', 'German', 'japanese', 'a', 'million'],
  ...['dozen', 'thousand', '2020', '-5', '0', '1.5', '1e308', '99999999999999999999', 'NaN', 'Infinity'],
  ...['constructor', '__proto__', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', ',', '.', '(', ')'],
];
const promptField = fc.oneof(
  fc.constantFrom('email', 'name', 'price', 'signup date', 'status', 'age', 'country', 'rating from 1 to 5'),
  fc.constantFrom('constructor', '__proto__', 'prototype', 'valueOf', 'toString', 'hasOwnProperty'),
  messyString(8),
);
const promptEntity = fc.constantFrom(
  'users',
  'orders',
  'products',
  'people',
  'statuses',
  'constructors',
  'x',
);
const promptCount = fc.constantFrom('5', '0', '-5', '1.5', 'a dozen', '1e308', '99999999999999999999', 'NaN');
const promptText = fc.oneof(
  // Word soup: sentences the converter half-parses.
  fc
    .array(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...PROMPT_WORDS) }, messyString(6)), {
      minLength: 1,
      maxLength: 20,
    })
    .map((words) => words.join(' ')),
  // Sentences of the documented form: counts, entities, fields and a relation.
  fc
    .record({
      count: promptCount,
      entity: promptEntity,
      fields: fc.array(promptField, { minLength: 1, maxLength: 4 }),
      child: fc.option(fc.tuple(promptCount, promptEntity), { nil: undefined }),
    })
    .map(({ count, entity, fields, child }) => {
      const list = fields.length > 1 ? `${fields.slice(0, -1).join(', ')} and ${fields.at(-1)}` : fields[0];
      const tail = child ? `, and ${child[0]} ${child[1]}; each ${child[1]} belongs to a ${entity}` : '';
      return `${count} ${entity} with ${list}${tail}`;
    }),
);

/** Template or prompt mode (free and pro only: the plans' per-request limits keep them small). */
function otherModeBody(tier: 'free' | 'pro') {
  return fc
    .record({
      mode: fc.constantFrom('template', 'template', 'prompt', 'prompt', 'prompt', 'both', 'none'),
      template: mostly(
        fc.constantFrom('ecommerce', 'blog', 'saas', 'social'),
        fc.constantFrom('nope', '', null),
      ),
      prompt: mostly(
        fc.oneof(
          fc.constantFrom(
            'a table of 5 users with emails',
            'customers and their orders',
            '10 products with prices in EUR, then 20 reviews of them',
            '3 authors, each with 2 posts and a publish date',
            '1000000000 users',
            '-5 users',
          ),
          promptText,
        ),
        hostileString,
        4,
      ),
      scale: fc.option(
        mostly(
          fc.constantFrom(0.1, 0.5, 1, 2),
          fc.oneof(fc.constantFrom(0, -1, 1e-300, 0.09, 101, '1'), hostileNumber),
        ),
        { nil: undefined },
      ),
      common: fc.record(common(tier), { requiredKeys: [] }),
    })
    .map(({ mode, template, prompt, scale, common }) => ({
      ...common,
      ...(mode === 'template' || mode === 'both' ? { template, scale } : {}),
      ...(mode === 'prompt' || mode === 'both' ? { prompt } : {}),
    }));
}

/** A mutation picks a node (object or array) by index and replaces, deletes or adds a value. */
const mutation = fc.record({
  node: fc.nat(),
  key: fc.nat(),
  op: fc.constantFrom('replace', 'delete', 'add'),
  value: fc.oneof(
    hostileString,
    hostileNumber,
    fc.constantFrom<unknown>(null, true, [], {}, [[[]]]),
    fc.jsonValue({ maxDepth: 2 }),
  ),
  newKey: fc.oneof(fc.constantFrom('__proto__', 'constructor', 'tables', 'count', 'params'), fc.string()),
});
// Half the cases unmutated, so plausible requests reach the engine as they are.
const mutations = fc.oneof(
  fc.constant<(typeof mutation extends fc.Arbitrary<infer M> ? M : never)[]>([]),
  fc.array(mutation, { minLength: 1, maxLength: 2 }),
);
type Mutation = typeof mutations extends fc.Arbitrary<infer M> ? M : never;

function mutate(original: unknown, list: Mutation): unknown {
  // Copies: fast-check shares constant values (the [] and {} of INVALID_COUNTS) between cases and
  // between the mutations of one case, which would otherwise alias, even into a cycle.
  const root = structuredClone(original);
  for (const { value: shared, ...m } of list) {
    const value = structuredClone(shared);
    const nodes: (Record<string, unknown> | unknown[])[] = [];
    const walk = (v: unknown) => {
      if (v === null || typeof v !== 'object') return;
      nodes.push(v as Record<string, unknown>);
      for (const child of Object.values(v)) walk(child);
    };
    walk(root);
    if (nodes.length === 0) return root;
    const node = nodes[m.node % nodes.length]!;
    const keys = Object.keys(node);
    const key = keys.length > 0 ? keys[m.key % keys.length]! : undefined;
    if (m.op === 'add' || key === undefined) {
      if (Array.isArray(node)) node.push(value);
      // defineProperty so `__proto__` becomes an own key (and a JSON key), not the prototype.
      else
        Object.defineProperty(node, m.newKey, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
    } else if (m.op === 'delete') {
      if (Array.isArray(node)) node.splice(Number(key), 1);
      else delete node[key];
    } else {
      (node as Record<string, unknown>)[key] = value;
    }
  }
  return root;
}

/** The internal tier is unlimited: a mutation must not turn a count into billions of records. */
function clampCounts(body: unknown): unknown {
  const tables = (body as { tables?: unknown }).tables;
  if (Array.isArray(tables)) {
    for (const table of tables) {
      const count = (table as { count?: unknown } | null)?.count;
      if (typeof count === 'number' && count > 50) (table as { count: number }).count = 50;
    }
  }
  return body;
}

// ---------------------------------------------------------------------------------------------------
// Headers, paths, bodies

const printable = (maxLength: number) =>
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength });

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/json, text/plain',
  'application/json;;;',
  'application/',
  'text/plain',
  'text/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  '*/*',
  'json',
];
const ACCEPTS = [
  'application/json',
  '*/*',
  'text/csv',
  'application/sql',
  'application/x-ndjson',
  'text/html',
  'image/png',
  'text/*',
  'application/json;q=0',
  '*/*;q=0',
  ',,,',
  'application/json;q=abc',
  'text/csv, application/sql;q=0.9',
  'application/x-ndjson;q=0.1, text/csv',
];

/** The Authorization / x-api-key variants, with keys named by tier. */
const AUTHS: Record<string, string>[] = [
  {},
  { authorization: 'Bearer <free key>' },
  { authorization: 'Bearer <pro key>' },
  { authorization: 'Bearer <internal key>' },
  { authorization: 'Bearer <revoked key>' },
  { 'x-api-key': '<pro key>' },
  { 'x-api-key': '<revoked key>' },
  { authorization: 'Bearer' },
  { authorization: 'Bearer ' },
  { authorization: '<pro key>' },
  { authorization: 'bearer <pro key>' },
  { authorization: 'Bearer  <pro key>  ' },
  { authorization: 'Bearer <pro key> <free key>' },
  { authorization: 'Basic dXNlcjpwYXNz' },
  { authorization: 'Bearer mh_XYZ' },
  { authorization: 'Bearer mh_0123456789abcdef0123456789abcdef' },
  { authorization: 'Bearer MH_0123456789ABCDEF0123456789ABCDEF' },
  // Long, yet with a long query still under Node's 16 KiB header limit (past it Node answers 431 itself).
  { authorization: 'Bearer ' + 'x'.repeat(6000) },
  { authorization: 'Bearer <pro key>', 'x-api-key': '<free key>' },
  { authorization: '', 'x-api-key': '<pro key>' },
  { 'x-api-key': '' },
];

const headersArb = (defaults: { contentType?: boolean; auth?: fc.Arbitrary<Record<string, string>> }) =>
  fc
    .record(
      {
        auth: defaults.auth ?? fc.constantFrom(...AUTHS),
        contentType: defaults.contentType
          ? fc.oneof(
              { weight: 6, arbitrary: fc.constant('application/json') },
              fc.constantFrom(...CONTENT_TYPES),
            )
          : fc.option(fc.constantFrom(...CONTENT_TYPES), { nil: undefined }),
        accept: fc.option(fc.oneof(fc.constantFrom(...ACCEPTS), printable(40)), { nil: undefined, freq: 3 }),
        requestId: fc.option(fc.oneof(printable(200), fc.constant('x'.repeat(129))), {
          nil: undefined,
          freq: 4,
        }),
        idempotency: fc.option(fc.oneof(printable(40), fc.constant('k'.repeat(300))), {
          nil: undefined,
          freq: 4,
        }),
      },
      { requiredKeys: ['auth'] },
    )
    .map((h) => {
      const headers: Record<string, string> = { ...h.auth };
      if (h.contentType !== undefined) headers['content-type'] = h.contentType;
      if (h.accept !== undefined) headers['accept'] = h.accept;
      if (h.requestId !== undefined) headers['x-request-id'] = h.requestId;
      if (h.idempotency !== undefined) headers['idempotency-key'] = h.idempotency;
      return headers;
    });

/** Nested JSON text up to ~5,000 levels, built as a string so building it cannot blow our stack. */
const deepText = fc
  .record({
    depth: fc.oneof(fc.constantFrom(63, 64, 65, 200, 1000, 5000), fc.integer({ min: 1, max: 5000 })),
    shape: fc.constantFrom('array', 'object', 'mixed', 'unclosed'),
  })
  .map(({ depth, shape }) => {
    if (shape === 'array') return '['.repeat(depth) + ']'.repeat(depth);
    if (shape === 'object') return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
    if (shape === 'mixed') return '[{"a":'.repeat(depth) + '[]' + '}]'.repeat(depth);
    return '['.repeat(depth);
  });

const JUNK_BODIES = [
  '',
  ' ',
  '{',
  '{"tables":',
  '{"tables":[],}',
  "{'tables':[]}",
  '[1,2',
  'null',
  'true',
  '0',
  '-0',
  '1e308',
  '1e999',
  '"x"',
  '[]',
  '{}',
  'NaN',
  'undefined',
  '\u0000',
  '{"a":"\u0000"}',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '\ufeff{}',
  '{"a":1}{"b":2}',
  '{"a":1,"a":2}',
  'tables=1&format=csv',
  '<xml/>',
];

/** Bodies of any kind: junk, wrong shapes, random JSON, truncated JSON, long, deep, invalid UTF-8. */
const anyBody: fc.Arbitrary<string | Buffer | undefined> = fc.oneof(
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: fc.constantFrom(...JUNK_BODIES) },
  { weight: 3, arbitrary: fc.jsonValue().map((v) => toJson(v)) },
  { weight: 2, arbitrary: fc.object().map((v) => toJson(v)) },
  { weight: 1, arbitrary: fc.anything().map((v) => toJson(v)) },
  {
    weight: 2,
    arbitrary: fc
      .jsonValue()
      .map((v) => toJson(v))
      .chain((text) => fc.nat({ max: text.length }).map((n) => text.slice(0, n))),
  },
  { weight: 2, arbitrary: fc.dictionary(hostileString, fc.oneof(hostileString, hostileNumber)).map(toJson) },
  { weight: 1, arbitrary: deepText },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)) },
  // Lone surrogate and overlong encodings as raw bytes: invalid UTF-8 the decoder must refuse.
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      Buffer.from('{"a":"\xed\xa0\x80"}', 'latin1'),
      Buffer.from('{"a":"\xc0\xaf"}', 'latin1'),
      Buffer.from('{"a":"\xff"}', 'latin1'),
    ),
  },
);

// ---------------------------------------------------------------------------------------------------
// Request families

const CHECKOUT = { token: '<claim token>', sandboxId: '<sandbox id>' };
const KNOWN_PATHS = [
  '/api/v1/health',
  '/api/v1/types',
  '/api/v1/templates',
  '/api/v1/usage',
  '/api/v1/generate',
  '/api/v1/generate/async',
  '/api/v1/schema/detect',
  '/api/agent/checkout',
  '/api/agent/checkout/status',
  '/api/agent/claim',
  '/api/agent/estimate',
  '/api/agent/checkout/complete',
  `/api/agent/sandbox/checkout/${CHECKOUT.sandboxId}`,
  '/api/agent/webhooks/sandbox',
  '/api/agent/webhooks/polar',
];
const ODD_PATHS = [
  '/',
  '/api',
  '/api/v1',
  '/api/v1/',
  '/api/v1/health/',
  '/api/v1//generate',
  '/API/V1/HEALTH',
  '/api/v2/generate',
  '/api/v1/generate%00',
  '/api/v1/%ZZ',
  '/api/agent/sandbox/checkout/%ZZ',
  '/api/agent/sandbox/checkout/%E0%A4%A',
  '/api/agent/sandbox/checkout/%ED%A0%80',
  '/api/agent/sandbox/checkout/sbx_' + '0'.repeat(32),
  '/api/agent/sandbox/checkout/' + 'a'.repeat(5000),
  '/api/agent/sandbox/checkout/',
  '/api/agent/webhooks/',
  '/api/agent/webhooks/%2e%2e',
  '/api/agent/checkout/status/extra',
  '/favicon.ico',
  '/__proto__',
  '/api/v1/constructor',
];
// Methods Node's HTTP parser knows: it answers an unknown one (FOO) itself with a bare 400, before the app.
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'PROPFIND', 'PURGE'];
const QUERIES = [
  '',
  '?',
  '?token=a&token=b',
  `?token=${CHECKOUT.token}&token=${CHECKOUT.token}`,
  '?table=users&table=orders',
  '?table=',
  '?table[]=users',
  '?__proto__=x',
  '?constructor[prototype][x]=1',
  '?%ZZ=1',
  '?a=%E0%A4%A',
  '?token=%00',
  '?' + 'a=1&'.repeat(1000),
];

const routeFamily = fc
  .record({
    path: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...KNOWN_PATHS) }, fc.constantFrom(...ODD_PATHS)),
    query: fc.oneof({ weight: 3, arbitrary: fc.constant('') }, fc.constantFrom(...QUERIES)),
    method: fc.oneof({ weight: 3, arbitrary: fc.constantFrom('GET', 'POST') }, fc.constantFrom(...METHODS)),
    headers: headersArb({}),
    body: anyBody,
  })
  .map(({ path, query, method, headers, body }): FuzzRequest => ({
    family: 'routes',
    method,
    path: path + query,
    headers,
    body,
  }));

const GENERATE_AUTH = {
  free: 'Bearer <free key>',
  pro: 'Bearer <pro key>',
  internal: 'Bearer <internal key>',
};
const generateFamily = fc
  .constantFrom('free', 'pro', 'internal', 'internal', 'pro-other', 'free-other', 'pro-prompt')
  .chain((variant) => {
    const tier = variant.split('-')[0] as 'free' | 'pro' | 'internal';
    // Prompt and template mode only with keys whose plans bound the records a prompt may ask for.
    const body = variant.endsWith('prompt')
      ? fc.record({ prompt: promptText, ...common('pro') }, { requiredKeys: ['prompt'] })
      : variant.endsWith('other')
        ? otherModeBody(tier as 'free' | 'pro')
        : schemaBody(tier);
    return fc.record({
      tier: fc.constant(tier),
      body,
      mutations,
      accept: fc.option(
        mostly(
          fc.constantFrom('application/json', '*/*', 'application/x-ndjson', 'text/csv', 'application/sql'),
          fc.constantFrom(...ACCEPTS),
        ),
        { nil: undefined },
      ),
      query: fc.oneof(
        { weight: 4, arbitrary: fc.constant('') },
        fc.constantFrom(
          '?table=users',
          '?table=users&table=orders',
          '?table=%F0%9F%98%80',
          '?table=__proto__',
        ),
      ),
    });
  })
  .map(({ tier, body, mutations: list, accept, query }): FuzzRequest => {
    let value = mutate(body, list);
    if (tier === 'internal' && value !== null && typeof value === 'object') value = clampCounts(value);
    const headers: Record<string, string> = {
      authorization: GENERATE_AUTH[tier],
      'content-type': 'application/json',
    };
    if (accept !== undefined) headers['accept'] = String(accept);
    return {
      family: 'generate',
      method: 'POST',
      path: '/api/v1/generate' + query,
      headers,
      body: toJson(value),
    };
  });

/** Every byte percent-encoded (encodeURIComponent throws on a lone surrogate). */
const percentEncode = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

const EMAILS = ['agent@example.com', 'a@b.c', 'no-at-sign', '@', 'a@b', 'a b@c.d', 'x'.repeat(250) + '@e.co'];
const TOKENS: unknown[] = [
  CHECKOUT.token,
  'mh_claim_' + '0'.repeat(64),
  'mh_claim_' + 'A'.repeat(64),
  'mh_claim_',
  '',
  null,
  0,
  [CHECKOUT.token],
  { $ne: null },
];
const estimateBody = fc.record(
  {
    tables: fc.array(
      fc
        .record(
          {
            name: tableName,
            count: fc.oneof(fc.integer({ min: 1, max: 1e9 }), fc.constantFrom(...INVALID_COUNTS)),
          },
          { requiredKeys: [] },
        )
        .chain((table) =>
          fc.array(fc.record({ name: fieldName, type: typeId }), { maxLength: 3 }).map((fields) => ({
            ...table,
            fields,
          })),
        ),
      { maxLength: 200 },
    ),
    template: mostly(
      fc.constantFrom('ecommerce', 'blog', 'saas', 'social'),
      fc.constantFrom('nope', '', null),
    ),
    scale: fc.oneof(fc.constantFrom<unknown>(0.01, 0.009, 100, 100.1), hostileNumber),
    prompt: hostileString,
    estimated_records: hostileNumber,
    daily_used_before: fc.oneof(
      fc.constantFrom<unknown>(0, Number.MAX_SAFE_INTEGER / 4, 2 ** 53),
      hostileNumber,
    ),
  },
  { requiredKeys: [] },
);
const agentFamily = fc
  .oneof(
    fc.record({
      path: fc.constant('/api/agent/checkout'),
      body: fc
        .record({ email: fc.oneof(fc.constantFrom<unknown>(...EMAILS), hostileString) }, { requiredKeys: [] })
        .map(toJson),
    }),
    fc.record({
      path: fc.constantFrom('/api/agent/checkout/status', '/api/agent/claim'),
      body: fc
        .record({ token: fc.oneof(fc.constantFrom(...TOKENS), hostileString) }, { requiredKeys: [] })
        .map(toJson),
    }),
    fc.record({
      path: fc
        .oneof(fc.constantFrom(...TOKENS.filter((x) => typeof x === 'string')), hostileString)
        .map((token) => {
          // The placeholder is swapped for the real token when sent, so it stays unencoded. The URL stays
          // under Node's 16 KiB header limit, past which Node itself answers 431 without the app.
          const value = token === CHECKOUT.token ? token : percentEncode(token as string).slice(0, 6000);
          return `/api/agent/checkout/status?token=${value}`;
        }),
      body: fc.constant(undefined),
    }),
    fc.record({
      path: fc.constant('/api/agent/estimate'),
      body: fc.tuple(estimateBody, mutations).map(([body, list]) => toJson(mutate(body, list))),
    }),
    fc.record({
      path: fc.constantFrom(
        `/api/agent/sandbox/checkout/${CHECKOUT.sandboxId}`,
        '/api/agent/sandbox/checkout/sbx_nope',
        '/api/agent/checkout/complete',
      ),
      body: fc.constant(undefined),
    }),
  )
  .chain(({ path, body }) =>
    headersArb({ contentType: true }).map((headers): FuzzRequest => ({
      family: 'agent',
      method: body === undefined && !path.startsWith('/api/agent/sandbox') ? 'GET' : 'POST',
      path,
      headers,
      body,
    })),
  );

const SQL_TYPES = [
  'INT',
  'SERIAL PRIMARY KEY',
  'VARCHAR(255)',
  'VARCHAR(1e308)',
  'VARCHAR(-1)',
  'DECIMAL(1000, 2)',
  'NUMERIC(10,20)',
  "ENUM('a','b')",
  'ENUM()',
  'TIMESTAMPTZ',
  'TEXT[]',
  'JSONB',
  'BOOLEAN DEFAULT true',
  'INT REFERENCES users(id)',
  'INT REFERENCES "no such"(x)',
  'GEOMETRY',
  'blob',
  '',
];
const sqlIdent = mostly(
  fc.constantFrom(
    'users',
    'orders',
    'id',
    'email',
    'created_at',
    'user_id',
    '"Quoted Name"',
    '`back`',
    '"😀"',
  ),
  fc.oneof(fc.constantFrom('[br]', '""', '"a""b"', 'select', '"\u0000"'), hostileString),
  10,
);
const sqlColumn = fc
  .tuple(
    sqlIdent,
    mostly(fc.constantFrom(...SQL_TYPES), hostileString, 10),
    fc.constantFrom('', ' NOT NULL', ' UNIQUE', ' PRIMARY KEY', " DEFAULT 'x'", ' CHECK (x > 0)'),
  )
  .map(([name, type, extra]) => `${String(name)} ${String(type)}${extra}`);
const createTable = fc
  .record({
    table: sqlIdent,
    columns: fc.array(sqlColumn, { minLength: 1, maxLength: 6 }),
    tail: mostly(
      fc.constantFrom(
        ');',
        ', PRIMARY KEY (id));',
        ', UNIQUE (id, email));',
        ', FOREIGN KEY (user_id) REFERENCES users(id));',
      ),
      fc.constantFrom('', ' -- ', ', PRIMARY KEY (nope));', ') ENGINE=InnoDB;', ') WITHOUT ROWID;'),
      5,
    ),
  })
  .map(({ table, columns, tail }) => `CREATE TABLE ${String(table)} (${columns.join(', ')}${String(tail)}`);
const sqlText = fc.oneof(
  // Long AND / OR chains in a CHECK constraint, as the engine reads enum values and bounds from them.
  fc
    .tuple(
      fc.oneof({ weight: 4, arbitrary: fc.nat(40) }, fc.constantFrom(500, 3000, 8000)),
      fc.constantFrom(' AND ', ' OR '),
      fc.constantFrom("a = 'x'", 'a > 0', 'a IN (1, 2)', 'a BETWEEN 1 AND 2', 'b < a'),
    )
    .map(
      ([n, op, term]) =>
        `CREATE TABLE t (a INT CHECK (${Array(n + 1)
          .fill(term)
          .join(op)}));`,
    ),
  // Nested parentheses where a column list or an expression goes; few, so each parse stays quick.
  fc
    .tuple(
      fc.constantFrom('CREATE TABLE t ', 'CREATE TABLE t (a INT DEFAULT ', 'CREATE TABLE t (a INT, CHECK '),
      fc.nat(9),
    )
    .map(([head, n]) => head + '('.repeat(n) + ')'.repeat(n % 3)),
  { weight: 6, arbitrary: fc.array(createTable, { minLength: 1, maxLength: 3 }).map((s) => s.join('\n')) },
  fc.constantFrom(
    'SELECT 1;',
    'DROP TABLE users;',
    'CREATE TABLE t (id INT);'.repeat(500),
    'CREATE TABLE t (' + 'c INT, '.repeat(2000) + 'd INT);',
    '/* unterminated',
    "CREATE TABLE t (a TEXT DEFAULT 'unterminated);",
    'CREATE TABLE t (a INT); CREATE TABLE t (b INT);',
    'CREATE TABLE a (id INT REFERENCES b(id)); CREATE TABLE b (id INT REFERENCES a(id));',
  ),
  hostileString,
);
/** One sample record: mostly an object of realistic-looking values of every JSON kind. */
const sampleValue = fc.oneof(
  fc.constantFrom<unknown>(
    'a@b.co',
    '2024-01-31',
    '2024-01-31T12:00:00Z',
    '550e8400-e29b-41d4-a716-446655440000',
    'https://example.com',
    '+1 555 0100',
    '12.50',
    true,
    null,
    [],
    {},
  ),
  messyString(20),
  hostileNumber,
  fc.jsonValue({ maxDepth: 3 }),
);
const detectFamily = fc
  .record(
    {
      sql: mostly(sqlText, fc.oneof(hostileNumber, fc.constant(null), fc.constant('   ')), 10),
      sample_json: mostly(
        fc.dictionary(
          mostly(fc.constantFrom(...FIELD_NAMES), messyString(10), 5) as fc.Arbitrary<string>,
          sampleValue,
          {
            maxKeys: 8,
          },
        ),
        fc.oneof(
          fc.jsonValue({ maxDepth: 4 }),
          fc.jsonValue().map((v) => toJson(v)),
          fc.object().map((v) => toJson(v)),
          deepText,
          hostileString,
        ),
        4,
      ),
      table_name: mostly(
        fc.constantFrom('records', 'users', '_x'),
        fc.oneof(fc.constantFrom('1abc', ''), hostileString),
        10,
      ),
    },
    { requiredKeys: [] },
  )
  .chain((body) =>
    fc
      .record({
        auth: fc.oneof(
          { weight: 8, arbitrary: fc.constant({ authorization: 'Bearer <pro key>' }) },
          fc.constantFrom(...AUTHS),
        ),
        mutations,
      })
      .map(({ auth, mutations: list }): FuzzRequest => ({
        family: 'detect',
        method: 'POST',
        path: '/api/v1/schema/detect',
        headers: { ...auth, 'content-type': 'application/json' },
        body: toJson(mutate(body, list)),
      })),
  );

/** Deep nesting placed where each route reads JSON, including inside params and sample_json. */
const deepFamily = fc
  .record({
    deep: deepText,
    where: fc.constantFrom('body', 'params', 'sample_json', 'sample_text', 'estimate', 'token'),
  })
  .map(({ deep, where }): FuzzRequest => {
    const headers = { authorization: 'Bearer <pro key>', 'content-type': 'application/json' };
    const field = `{"name":"f","type":"json","params":${deep}}`;
    const [path, body] = {
      body: ['/api/v1/generate', deep],
      params: ['/api/v1/generate', `{"tables":[{"name":"t","count":1,"fields":[${field}]}]}`],
      sample_json: ['/api/v1/schema/detect', `{"sample_json":${deep}}`],
      sample_text: ['/api/v1/schema/detect', `{"sample_json":${JSON.stringify(deep)}}`],
      estimate: ['/api/agent/estimate', `{"tables":[{"name":"t","count":1,"fields":[${field}]}]}`],
      token: ['/api/agent/claim', `{"token":${deep}}`],
    }[where] as [string, string];
    return { family: 'deep', method: 'POST', path, headers, body };
  });

/** Notifications: unsigned junk, and validly signed bodies of any shape (the parser sees them). */
const webhookFamily = fc
  .record({
    app: fc.constantFrom<'main' | 'polar'>('main', 'main', 'polar'),
    body: fc.oneof(
      anyBody,
      fc
        .record(
          {
            type: fc.constantFrom<unknown>('checkout.updated', 'order.paid', 'order.created', 'x', null, 1),
            timestamp: fc.constantFrom<unknown>('2026-01-01T00:00:00Z', 'nope', 0),
            data: fc.oneof(
              fc.record(
                {
                  id: fc.oneof(fc.constantFrom<unknown>(CHECKOUT.sandboxId, 'polar_co_1'), hostileString),
                  checkout_id: fc.oneof(fc.constant<unknown>(CHECKOUT.sandboxId), hostileString),
                  status: fc.constantFrom<unknown>('succeeded', 'open', 'expired', null),
                  paid: fc.constantFrom<unknown>(true, false, 'true'),
                  metadata: fc.oneof(
                    fc.record({ mockhive_checkout_id: fc.oneof(fc.constant<unknown>('chk'), hostileString) }),
                    fc.jsonValue({ maxDepth: 2 }),
                  ),
                },
                { requiredKeys: [] },
              ),
              fc.jsonValue({ maxDepth: 2 }),
            ),
          },
          { requiredKeys: [] },
        )
        .map(toJson),
    ),
    sign: fc.option(
      fc.record({
        id: fc.oneof(fc.constantFrom('msg_1', 'msg_1', '', 'x'.repeat(2000)), printable(30)),
        skewS: fc.constantFrom(0, 0, 299, -299, 301, -100_000),
        good: fc.boolean(),
      }),
      { nil: undefined, freq: 2 },
    ),
    headers: fc.dictionary(
      fc.constantFrom('webhook-id', 'webhook-timestamp', 'webhook-signature', 'content-type'),
      fc.oneof(
        fc.constantFrom('v1,', 'v1,AAAA', 'v2,xx v1,', '9'.repeat(12), '-1', '1e3', 'v1,' + '='.repeat(100)),
        printable(60),
      ),
    ),
  })
  .map(({ app, body, sign, headers }): FuzzRequest => {
    const path = app === 'main' ? '/api/agent/webhooks/sandbox' : '/api/agent/webhooks/polar';
    const secret = app === 'main' ? SANDBOX_SECRET : POLAR_SECRET;
    return {
      family: 'webhooks',
      app,
      method: 'POST',
      path,
      headers,
      body,
      sign: sign && { secret: sign.good ? secret : 'wrong', id: sign.id, skewS: sign.skewS },
    };
  });

/**
 * A fixed corpus, sent once each: every path with every method, bodies past the 1 MiB limit (declared
 * and streamed), the deepest nesting on each JSON route, and reduced forms of what earlier runs found
 * (kept so they stay covered whatever the random families draw).
 */
function corpus(): FuzzRequest[] {
  const json = { 'content-type': 'application/json' };
  const pro = { authorization: 'Bearer <pro key>', ...json };
  const requests: FuzzRequest[] = [];
  for (const path of KNOWN_PATHS) {
    for (const method of METHODS) requests.push({ family: 'corpus', method, path, headers: pro, body: '{}' });
  }
  const over = `{"tables":[{"name":"t","count":1,"fields":[{"name":"f","type":"word"}]}],"x":"${'x'.repeat(1 << 20)}"}`;
  for (const path of [
    '/api/v1/generate',
    '/api/v1/schema/detect',
    '/api/agent/checkout',
    '/api/agent/webhooks/sandbox',
  ]) {
    requests.push({ family: 'corpus', method: 'POST', path, headers: pro, body: over });
    requests.push({ family: 'corpus', method: 'POST', path, headers: pro, body: over, chunked: true });
  }
  const deep = '['.repeat(5000) + ']'.repeat(5000);
  for (const path of [
    '/api/v1/generate',
    '/api/v1/schema/detect',
    '/api/agent/checkout',
    '/api/agent/checkout/status',
    '/api/agent/claim',
    '/api/agent/estimate',
  ]) {
    requests.push({ family: 'corpus', method: 'POST', path, headers: pro, body: deep });
  }
  const detect = (sql: string): FuzzRequest => ({
    family: 'corpus',
    method: 'POST',
    path: '/api/v1/schema/detect',
    headers: pro,
    body: JSON.stringify({ sql }),
  });
  // Unbalanced parentheses in DDL: the parser's time grows with their number.
  requests.push(detect('CREATE TABLE t ' + '('.repeat(14)), detect('CREATE TABLE ' + '('.repeat(2000)));
  const generate = (body: unknown, accept = 'application/json'): FuzzRequest => ({
    family: 'corpus',
    method: 'POST',
    path: '/api/v1/generate',
    headers: { ...pro, accept },
    body: toJson(body),
  });
  // Values JSON reads as Infinity (1e999), where a param takes any number.
  const one = (field: unknown) => ({ tables: [{ name: 't', count: 1, fields: [field] }] });
  requests.push(
    generate(one({ name: 'x', type: 'constant', params: { value: raw('1e999') } })),
    generate(one({ name: 'x', type: 'enum', params: { values: [raw('1e999')] } }), 'application/x-ndjson'),
  );
  // A prompt whose words name Object.prototype members.
  requests.push(generate({ prompt: '5 users with a constructor' }));
  // A CHECK constraint of thousands of conditions, which the column reader walks.
  requests.push(detect(`CREATE TABLE t (a INT CHECK (${Array(8001).fill('a > 0').join(' AND ')}));`));
  return requests;
}

// ---------------------------------------------------------------------------------------------------
// Sending and checking

interface Context {
  main: TestServer;
  polar: TestServer;
  /** Placeholder (`<pro key>`) → what is sent in its place. */
  placeholders: [string, string][];
  /** Requests sent so far, which numbers our request ids. */
  sent: number;
}

function resolve(ctx: Context, text: string): string {
  let out = text;
  for (const [name, value] of ctx.placeholders) out = out.replaceAll(name, value);
  return out;
}

type Outcome =
  | {
      kind: 'response';
      status: number;
      contentType: string;
      body: Buffer;
      ms: number;
      heldMs: number;
      requestId: string;
    }
  | { kind: 'body-error'; status: number; error: string; requestId: string }
  | { kind: 'timeout'; requestId: string }
  | { kind: 'no-response'; error: string; requestId: string };

const serverOf = (ctx: Context, request: FuzzRequest): TestServer => ctx[request.app ?? 'main'];

async function send(ctx: Context, request: FuzzRequest): Promise<Outcome> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name] = resolve(ctx, value);
  // Our own id, unless the case sends one: the server logs causes under it, even when nothing comes back.
  headers['x-request-id'] ??= `fuzz-${++ctx.sent}`;
  const requestId = headers['x-request-id'];
  let body =
    typeof request.body === 'string' ? Buffer.from(resolve(ctx, request.body), 'utf8') : request.body;
  if (request.sign) {
    const { secret, id, skewS } = request.sign;
    Object.assign(headers, signWebhook(secret, id, Math.floor(Date.now() / 1000) + skewS, body ?? ''));
  }
  if (request.method === 'GET' || request.method === 'HEAD') body = undefined; // fetch refuses a body
  const stream =
    request.chunked && body !== undefined
      ? new ReadableStream<Uint8Array>({
          start(controller) {
            for (let at = 0; at < body!.length; at += 65_536)
              controller.enqueue(body!.subarray(at, at + 65_536));
            controller.close();
          },
        })
      : undefined;
  const server = serverOf(ctx, request);
  if (process.env.FUZZ_TRACE) process.stderr.write(`FUZZ ${describeRequest(request).slice(0, 2000)}\n`);
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  const started = performance.now();
  loopDelay.reset();
  let response: Response;
  try {
    response = await fetch(server.url + resolve(ctx, request.path), {
      method: request.method,
      headers,
      body: stream ?? body,
      redirect: 'manual',
      signal,
      ...(stream ? { duplex: 'half' } : {}),
    } as RequestInit);
  } catch (error) {
    if (signal.aborted) return { kind: 'timeout', requestId };
    return { kind: 'no-response', error: describeError(error), requestId };
  }
  try {
    // The whole body, so a stream that breaks after the headers is seen.
    const bytes = Buffer.from(await response.arrayBuffer());
    return {
      kind: 'response',
      requestId,
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      body: bytes,
      ms: performance.now() - started,
      heldMs: loopDelay.max / 1e6,
    };
  } catch (error) {
    if (signal.aborted) return { kind: 'timeout', requestId };
    return {
      kind: 'body-error',
      status: response.status,
      error: describeError(error),
      requestId,
    };
  }
}

function describeError(error: unknown): string {
  const e = error as Error & { cause?: unknown };
  return e.cause ? `${e.message} (${describeError(e.cause)})` : String(e.message ?? e);
}

/** Status(es) each wire code may be sent with: VALIDATION_ERROR is 400 or 422 (UNPROCESSABLE). */
const STATUSES_BY_CODE = new Map<string, Set<number>>();
for (const key of Object.keys(ERROR_CATALOGUE) as ErrorKey[]) {
  const code = wireCode(key);
  if (!STATUSES_BY_CODE.has(code)) STATUSES_BY_CODE.set(code, new Set());
  STATUSES_BY_CODE.get(code)!.add(ERROR_CATALOGUE[key].status);
}

/** Why `text` is not exactly the envelope for `status`, or undefined when it is. */
function envelopeProblem(status: number, contentType: string, text: string): string | undefined {
  if (!/^application\/json\b/i.test(contentType)) return `not JSON (Content-Type ${contentType || 'none'})`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'body is not valid JSON';
  }
  const isObject = (v: unknown): v is Record<string, unknown> =>
    v !== null && typeof v === 'object' && !Array.isArray(v);
  if (!isObject(body) || Object.keys(body).join() !== 'error') return 'not { error } alone';
  const error = body['error'];
  if (!isObject(error)) return 'error is not an object';
  const extra = Object.keys(error).filter((k) => !['code', 'message', 'details'].includes(k));
  if (extra.length > 0) return `error has other keys: ${extra.join(', ')}`;
  const code = error['code'];
  if (typeof code !== 'string' || !STATUSES_BY_CODE.has(code)) return `unknown code ${JSON.stringify(code)}`;
  if (typeof error['message'] !== 'string' || error['message'] === '')
    return 'message is not a non-empty string';
  const details = error['details'];
  if (details !== undefined) {
    if (!Array.isArray(details)) return 'details is not an array';
    for (const d of details) {
      if (!isObject(d) || typeof d['field'] !== 'string' || typeof d['message'] !== 'string') {
        return 'a detail lacks field/message strings';
      }
      if (d['suggestion'] !== undefined && typeof d['suggestion'] !== 'string')
        return 'suggestion not a string';
      if (Object.keys(d).some((k) => !['field', 'message', 'suggestion'].includes(k))) {
        return 'a detail has other keys';
      }
    }
  }
  if (!STATUSES_BY_CODE.get(code)!.has(status)) return `code ${code} sent with status ${status}`;
  return undefined;
}

/**
 * What the server logged as the cause of a 5xx or a broken stream (error type, message and the first
 * frame in our code), so failures of one kind but different causes are told apart.
 */
function loggedCause(server: TestServer, requestId: string): string {
  for (const line of server.logs) {
    if (!line.includes(requestId)) continue;
    const entry = JSON.parse(line) as {
      reqId?: string;
      err?: { type?: string; message?: string; stack?: string };
    };
    if (entry.reqId !== requestId || !entry.err) continue;
    // The file of the first frame in our code (not the line: a stack overflow stops at any line of it).
    const frame = /\((?:file:\/\/)?[^()]*?\/((?:src|workers)\/[^():]+):\d+/.exec(entry.err.stack ?? '')?.[1];
    const message = (entry.err.message ?? '').replace(/\d{3,}/g, 'N').slice(0, 120);
    return `${entry.err.type ?? 'Error'}: ${message}${frame ? ` at ${frame}` : ''}`;
  }
  return 'no cause logged';
}

/** The failure of one outcome (kind and what was received), or undefined when it is fine. */
function check(ctx: Context, request: FuzzRequest, outcome: Outcome): Omit<Failure, 'request'> | undefined {
  const cause = () => loggedCause(serverOf(ctx, request), outcome.requestId);
  if (outcome.kind === 'timeout') return { kind: 'timeout', got: `no answer within ${TIMEOUT_MS} ms` };
  if (outcome.kind === 'no-response') {
    return { kind: `no response (${cause()})`, got: outcome.error };
  }
  if (outcome.kind === 'body-error') {
    return { kind: `body cut off (status ${outcome.status}; ${cause()})`, got: outcome.error };
  }
  const { status, contentType, body } = outcome;
  const text = body.toString('utf8');
  const got = `status ${status}, Content-Type ${contentType || 'none'}, body ${JSON.stringify(text.slice(0, 500))}`;
  const code = status >= 400 ? (/"code":"([A-Z_]+)"/.exec(text)?.[1] ?? '?') : '';
  if (status >= 500) {
    return { kind: `${status} ${code} (${cause()})`, got };
  }
  if (request.method === 'HEAD') return undefined; // no body to check, by HTTP
  // The one exception, by design: the sandbox checkout page shows a browser (Accept naming text/html or
  // text/*) its errors as HTML pages; every other client gets the envelope.
  const browser = /\btext\/(html|\*)/i.test(request.headers['accept'] ?? '');
  const page = /^\/api\/agent\/sandbox\/checkout\//.test(request.path) && /^text\/html\b/i.test(contentType);
  if (status >= 400 && !(browser && page)) {
    const problem = envelopeProblem(status, contentType, text);
    if (problem) return { kind: `${status} without the envelope: ${problem.replace(/\d{4,}/g, 'N')}`, got };
  }
  // A 2xx that says JSON must be JSON (a body spliced from a broken stream would not be).
  if (status < 300 && /^application\/json\b/i.test(contentType)) {
    try {
      JSON.parse(text);
    } catch (error) {
      return { kind: '2xx JSON body is not JSON', got: `${(error as Error).message}; ${got}` };
    }
  }
  if (status < 300 && /^application\/x-ndjson\b/i.test(contentType)) {
    for (const line of text.split('\n')) {
      if (line === '') continue;
      try {
        JSON.parse(line);
      } catch {
        return {
          kind: '2xx NDJSON line is not JSON',
          got: `line ${JSON.stringify(line.slice(0, 200))}; ${got}`,
        };
      }
    }
  }
  return undefined;
}

/** A request as a developer can replay it: method, path, headers and the start of the body. */
/** `text` with every character outside printable ASCII (newlines aside) written as a `\u` escape. */
function escaped(text: string): string {
  return text.replace(/[^\n\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function describeRequest(request: FuzzRequest): string {
  const body =
    request.body === undefined
      ? '(none)'
      : typeof request.body === 'string'
        ? `${request.body.length} chars, first 500: ${JSON.stringify(request.body.slice(0, 500))}`
        : `${request.body.length} bytes (hex): ${request.body.subarray(0, 250).toString('hex')}`;
  const signed = request.sign
    ? ` (signed: secret ${request.sign.secret}, id ${JSON.stringify(request.sign.id)}, skew ${request.sign.skewS} s)`
    : '';
  return [
    `${request.method} ${request.path}${request.app === 'polar' ? ' (app with PAYMENT_PROVIDER=polar)' : ''}`,
    `headers: ${JSON.stringify(request.headers).slice(0, 1000)}${signed}`,
    `body: ${body}`,
  ].join('\n');
}

/** The same normal request, as JSON (timing removed) and as a raw CSV stream. */
async function canonical(server: TestServer, key: string): Promise<{ json: string; csv: string }> {
  const body = {
    seed: 42,
    tables: [
      {
        name: 'users',
        count: 5,
        fields: [
          { name: 'id', type: 'uuid' },
          { name: 'name', type: 'full_name' },
          { name: 'email', type: 'email' },
          { name: 'total', type: 'price', params: { min: 5, max: 200 } },
        ],
      },
    ],
  };
  const json = await server.request('/api/v1/generate', { key, json: body });
  const csv = await server.request('/api/v1/generate', { key, json: body, headers: { Accept: 'text/csv' } });
  const text = await json.text();
  if (json.status !== 200 || csv.status !== 200) throw new Error(`canonical request failed: ${text}`);
  // generation_time_ms varies from run to run; every other byte must not.
  return {
    json: text.replace(/"generation_time_ms":[-0-9.eE+]+/, '"generation_time_ms":0'),
    csv: await csv.text(),
  };
}

// ---------------------------------------------------------------------------------------------------

t.test(
  'hostile requests to every route get a documented answer, and the service keeps working',
  async (t) => {
    const store = await embeddedStore(t);
    const main = await startApp(t, store, {
      plans: PLANS,
      payment: createSandboxProvider({ webhookSecret: SANDBOX_SECRET }),
    });
    const fakePolar = await startFakePolar(t);
    const polar = await startApp(t, await embeddedStore(t), {
      plans: PLANS,
      env: polarEnv(fakePolar.url, POLAR_SECRET),
    });

    const keys: Record<KeyName, string> = {
      free: await main.key('free'),
      pro: await main.key('pro'),
      internal: await main.key('internal'),
      revoked: '',
    };
    const revoked = await createApiKey(store.db, systemClock, { tier: 'pro' });
    await revokeApiKey(store.db, systemClock, revoked.key_prefix);
    keys.revoked = revoked.api_key;
    const checkoutResponse = await main.request('/api/agent/checkout', {
      json: { email: 'fuzz@example.com' },
    });
    const checkout = (await checkoutResponse.json()) as { claim_token: string; url: string };
    t.equal(checkoutResponse.status, 200, 'a checkout to fuzz the status, claim and page routes with');
    const ctx: Context = {
      main,
      polar,
      sent: 0,
      placeholders: [
        ...(Object.entries(keys) as [KeyName, string][]).map(([name, key]): [string, string] => [
          `<${name} key>`,
          key,
        ]),
        [CHECKOUT.token, checkout.claim_token],
        [CHECKOUT.sandboxId, checkout.url.split('/').at(-1)!],
      ],
    };

    // Each family sampled with its own derived seed, so changing one family leaves the others' cases alone.
    const families: [keyof typeof RUNS, fc.Arbitrary<FuzzRequest>][] = [
      ['generate', generateFamily],
      ['routes', routeFamily],
      ['agent', agentFamily],
      ['detect', detectFamily],
      ['deep', deepFamily],
      ['webhooks', webhookFamily],
    ];
    const requests = [
      ...corpus(),
      ...families.flatMap(([name, arb], i) =>
        fc.sample(arb, { seed: RUN_SEED + i, numRuns: Math.round(RUNS[name] * RUN_SCALE) }),
      ),
    ];
    // Sampled first: a pause longer than keep-alive (5 s) between two requests would race the server
    // closing the idle connection, a client-side ECONNRESET that is not the service's fault.
    const before = await canonical(main, keys.pro);

    const failures: Failure[] = [];
    const statuses = new Map<string, number>();
    const slowest: { ms: number; heldMs: number; request: FuzzRequest }[] = [];
    const started = performance.now();
    let timeouts = 0;
    for (const request of requests) {
      const outcome = await send(ctx, request);
      if (outcome.kind === 'response') {
        const tally = `${request.family} ${outcome.status}`;
        statuses.set(tally, (statuses.get(tally) ?? 0) + 1);
        slowest.push({ ms: outcome.ms, heldMs: outcome.heldMs, request });
        slowest.sort((a, b) => b.heldMs - a.heldMs).splice(3);
      }
      const failure = check(ctx, request, outcome);
      if (failure) failures.push({ ...failure, request });
      // A hanging server would make every later request wait its full timeout: stop early, bounded.
      if (outcome.kind === 'timeout' && ++timeouts >= 3) {
        t.fail('three requests timed out; fuzzing stopped');
        break;
      }
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    t.comment(
      `${requests.length} requests in ${seconds} s; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    for (const { ms, heldMs, request } of slowest) {
      // Escaped: a fuzzed body can hold characters (U+0085, U+2028, lone surrogates) that end a line of
      // TAP, and a comment cut there breaks the report around it.
      const what = escaped(describeRequest(request).slice(0, 300));
      t.comment(`held the event loop ${heldMs.toFixed(0)} ms (answered in ${ms.toFixed(0)} ms): ${what}`);
    }

    // One failure per distinct kind (family, route, problem), shown with its smallest request.
    const byKind = new Map<string, Failure[]>();
    for (const failure of failures) {
      const route = failure.request.path
        .split('?')[0]!
        .replace(/\/sandbox\/checkout\/.*/, '/sandbox/checkout/:id');
      const key = `${failure.request.method} ${route}: ${failure.kind}`;
      byKind.set(key, [...(byKind.get(key) ?? []), failure]);
    }
    const size = (f: Failure) => (f.request.body?.length ?? 0) + JSON.stringify(f.request.headers).length;
    for (const [kind, list] of byKind) {
      const smallest = list.reduce((a, b) => (size(b) < size(a) ? b : a));
      t.fail(escaped(`${kind} (${list.length} of ${requests.length} requests)`), {
        diagnostic: true,
        request: describeRequest(smallest.request),
        received: smallest.got,
      });
    }
    t.equal(failures.length, 0, 'no request failed');

    const after = await canonical(main, keys.pro);
    t.equal(after.json, before.json, 'the same JSON bytes after the fuzzing (but for generation_time_ms)');
    t.equal(after.csv, before.csv, 'the same CSV stream after the fuzzing');
  },
);
