import t from 'tap';
import { convertPrompt } from '../../src/prompt/convert.js';
import { createPromptConverter, MODEL_FALLBACK_WARNING } from '../../src/prompt/index.js';
import { answer, CLIENTS, fakeModel, type Handler } from './fake-model.js';

const PROMPT = '20 customers with name and email';
const MODEL_TABLES = { ...CLIENTS, locale: 'de' };
const warnings: string[] = [];
const logger = { warn: (_details: Record<string, unknown>, message: string) => warnings.push(message) };

t.test('a valid model answer is used', async (t) => {
  const model = await fakeModel(t, answer('```json\n' + JSON.stringify(MODEL_TABLES) + '\n```'));
  const convert = createPromptConverter({
    llm: { url: model.url, model: 'test-model', apiKey: 'sk-test' },
    logger,
  });
  const result = await convert(PROMPT);
  t.same(result, { ok: true, ...MODEL_TABLES, warnings: [] }, 'an answer without warnings assumed nothing');
  const request = model.requests[0] as Record<string, unknown>;
  t.equal(request['path'], '/v1/chat/completions');
  t.equal(request['model'], 'test-model');
  t.equal(request['authorization'], 'Bearer sk-test');
  t.match(JSON.stringify(request['messages']), PROMPT);
});

t.test("the model's warnings are kept as the offline converter gives them", async (t) => {
  const long = `clients: ${'x'.repeat(400)}`;
  const model = await fakeModel(
    t,
    answer(
      JSON.stringify({
        ...MODEL_TABLES,
        warnings: ['clients: no count was given;\n  3 rows. ', 7, '  ', { text: 'no' }, long, null],
      }),
    ),
  );
  const convert = createPromptConverter({ llm: { url: model.url, model: 'm' }, logger });
  const result = await convert(PROMPT);
  if (!result.ok) throw new Error(result.message);
  t.same(result.tables, MODEL_TABLES.tables, 'the tables are used');
  t.equal(result.warnings?.length, 2, 'only non-blank sentences are kept');
  t.equal(result.warnings?.[0], 'clients: no count was given; 3 rows.', 'white space folded');
  t.equal(result.warnings?.[1]?.length, 300, 'a long one is cut');
  t.ok(result.warnings?.[1]?.endsWith('…'));
  const request = model.requests[0] as { messages: { role: string; content: string }[] };
  t.match(request.messages[0]?.content, /"warnings"/, 'the system prompt asks for them');

  const many = await fakeModel(
    t,
    answer(JSON.stringify({ ...MODEL_TABLES, warnings: Array.from({ length: 50 }, (_, i) => `w${i}`) })),
  );
  const capped = await createPromptConverter({ llm: { url: many.url, model: 'm' }, logger })(PROMPT);
  t.equal(capped.ok && capped.warnings?.length, 20, 'at most 20');
  const notAList = await fakeModel(t, answer(JSON.stringify({ ...MODEL_TABLES, warnings: 'none' })));
  const plain = await createPromptConverter({ llm: { url: notAList.url, model: 'm' }, logger })(PROMPT);
  t.same(plain.ok && plain.warnings, [], 'warnings that are no list are none');
});

t.test('any failure falls back to the offline converter, and says so', async (t) => {
  const converted = convertPrompt(PROMPT);
  if (!converted.ok) throw new Error(converted.message);
  const offline = { ...converted, warnings: [MODEL_FALLBACK_WARNING, ...(converted.warnings ?? [])] };
  const cases: [string, Handler, number?][] = [
    ['HTTP 500', (_b, _r, res) => res.writeHead(500).end('boom')],
    ['not JSON', answer('Sure! Here are your tables.')],
    [
      'invalid schema',
      answer(JSON.stringify({ tables: [{ name: 'a', count: 2, fields: [{ name: 'x', type: 'nope' }] }] })),
    ],
    ['no tables', answer('{}')],
    ['timeout', () => undefined, 200],
  ];
  for (const [name, handler, timeoutMs] of cases) {
    const model = await fakeModel(t, handler);
    const convert = createPromptConverter({
      llm: { url: model.url, model: 'm', timeoutMs: timeoutMs ?? 5000 },
      logger,
    });
    t.same(await convert(PROMPT), offline, name);
  }
  const unreachable = createPromptConverter({ llm: { url: 'http://127.0.0.1:9', model: 'm' }, logger });
  t.same(await unreachable(PROMPT), offline, 'connection refused');
  t.ok(warnings.length >= 6, 'each failure is logged');
});

t.test('without a model the offline converter answers', async (t) => {
  const result = await createPromptConverter()(PROMPT);
  t.same(result, convertPrompt(PROMPT));
  t.notOk(result.ok && result.warnings?.includes(MODEL_FALLBACK_WARNING), 'no model, no word of one');
});

t.test('a prompt neither the model nor the offline converter reads fails, saying both did', async (t) => {
  const model = await fakeModel(t, answer('{}'));
  const convert = createPromptConverter({ llm: { url: model.url, model: 'm' }, logger });
  const offline = convertPrompt('   ');
  if (offline.ok) throw new Error('a blank prompt converts');
  t.same(await convert('   '), {
    ok: false,
    message: `The language model gave no usable answer. ${offline.message}`,
  });
});

t.test(
  "the model's warnings carry no hidden characters, no forged fallback, no half characters",
  async (t) => {
    const emoji = '\u{1F600}';
    const model = await fakeModel(
      t,
      answer(
        JSON.stringify({
          ...MODEL_TABLES,
          warnings: [
            'clients:\u0007 no\u202e count\u200b given\u001b[31m.',
            MODEL_FALLBACK_WARNING,
            `${'a'.repeat(298)}${emoji}${emoji}${emoji}`,
          ],
        }),
      ),
    );
    const result = await createPromptConverter({ llm: { url: model.url, model: 'm' }, logger })(PROMPT);
    if (!result.ok) throw new Error(result.message);
    t.equal(
      result.warnings?.[0],
      'clients: no count given [31m.',
      'control, direction and zero-width characters go',
    );
    t.equal(result.warnings?.length, 2, 'the model cannot claim the offline fallback');
    const cut = result.warnings?.[1] ?? '';
    t.equal(Array.from(cut).length, 300, 'cut to 300 characters');
    t.ok(cut.endsWith(`${emoji}…`), 'between whole characters');
    t.notOk(/[\ud800-\udbff](?![\udc00-\udfff])/.test(cut), 'no lone surrogate');

    const huge = await fakeModel(
      t,
      answer(
        JSON.stringify({ ...MODEL_TABLES, warnings: Array.from({ length: 100_000 }, () => 'x'.repeat(50)) }),
      ),
    );
    const many = await createPromptConverter({ llm: { url: huge.url, model: 'm' }, logger })(PROMPT);
    t.equal(many.ok && many.warnings?.length, 20, 'a huge list is cut to 20');
  },
);

t.test('configuration: MOCKHIVE_LLM_URL needs MOCKHIVE_LLM_MODEL', async (t) => {
  const { ConfigError, loadConfig } = await import('../../src/config.js');
  t.equal(loadConfig({}).llm, undefined, 'off by default');
  t.throws(() => loadConfig({ MOCKHIVE_LLM_URL: 'http://127.0.0.1:8080/v1' }), ConfigError);
  t.throws(() => loadConfig({ MOCKHIVE_LLM_URL: 'ftp://x', MOCKHIVE_LLM_MODEL: 'm' }), /MOCKHIVE_LLM_URL/);
  t.same(
    loadConfig({
      MOCKHIVE_LLM_URL: 'http://127.0.0.1:8080/v1/',
      MOCKHIVE_LLM_MODEL: 'llama3',
      MOCKHIVE_LLM_API_KEY: 'k',
    }).llm,
    { url: 'http://127.0.0.1:8080/v1', model: 'llama3', apiKey: 'k', timeoutMs: 10_000 },
  );
});
