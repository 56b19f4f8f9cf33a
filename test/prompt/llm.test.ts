import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import { convertPrompt, createPromptConverter } from '../../src/prompt/index.js';

type Handler = (body: Record<string, unknown>, req: IncomingMessage, res: ServerResponse) => void;

/** A fake OpenAI-compatible endpoint on 127.0.0.1:0; `handler` answers each request. */
async function fakeModel(
  t: Test,
  handler: Handler,
): Promise<{ url: string; requests: Record<string, unknown>[] }> {
  const requests: Record<string, unknown>[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as Record<string, unknown>;
      requests.push({ ...body, path: req.url, authorization: req.headers.authorization });
      handler(body, req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, requests };
}

const answer =
  (content: string): Handler =>
  (_body, _req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
  };

const PROMPT = '20 customers with name and email';
const MODEL_TABLES = {
  tables: [
    {
      name: 'clients',
      count: 3,
      fields: [
        { name: 'id', type: 'uuid' },
        { name: 'mail', type: 'email' },
      ],
    },
  ],
  locale: 'de',
};
const warnings: string[] = [];
const logger = { warn: (_details: Record<string, unknown>, message: string) => warnings.push(message) };

t.test('a valid model answer is used', async (t) => {
  const model = await fakeModel(t, answer('```json\n' + JSON.stringify(MODEL_TABLES) + '\n```'));
  const convert = createPromptConverter({
    llm: { url: model.url, model: 'test-model', apiKey: 'sk-test' },
    logger,
  });
  const result = await convert(PROMPT);
  t.same(result, { ok: true, ...MODEL_TABLES });
  const request = model.requests[0] as Record<string, unknown>;
  t.equal(request['path'], '/v1/chat/completions');
  t.equal(request['model'], 'test-model');
  t.equal(request['authorization'], 'Bearer sk-test');
  t.match(JSON.stringify(request['messages']), PROMPT);
});

t.test('any failure falls back to the offline converter', async (t) => {
  const offline = convertPrompt(PROMPT);
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
  t.same(await createPromptConverter()(PROMPT), convertPrompt(PROMPT));
});

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
