/**
 * scripts/score-prompts.ts: the corpora scored through the service's converter, the language model's
 * answers included, with the strict scorer of the tests.
 */
import t from 'tap';
import { main, report, scoreCorpus } from '../../scripts/score-prompts.js';
import { MODEL_FALLBACK_WARNING } from '../../src/prompt/index.js';
import type { Corpus, PromptCase } from './corpus-score.js';
import { answer, CLIENTS, fakeModel, type Handler } from './fake-model.js';

const CASES: PromptCase[] = [
  {
    prompt: 'three clients with a mail',
    expect: { tables: { clients: { count: 3, fields: { mail: 'email' } } } },
  },
  { prompt: 'orders with a total', expect: { tables: { orders: {} } } },
  { prompt: 'fail: 20 customers with name', expect: { tables: { customers: { count: 20 } } } },
];

/**
 * Answers CLIENTS to every prompt but those starting "fail", which get an HTTP 500; the answers carry
 * the fallback's words, which must not count as a fallback.
 */
const handler: Handler = (body, req, res) => {
  const messages = body['messages'] as { content: string }[];
  if (messages[1]?.content.startsWith('fail')) res.writeHead(500).end('down');
  else answer(JSON.stringify({ ...CLIENTS, warnings: [MODEL_FALLBACK_WARNING] }))(body, req, res);
};

const corpus = (role: Corpus['role']): Corpus => ({
  label: 'tiny',
  file: 'tiny.json',
  role,
  floor: 0,
  size: 0,
  written: 'two prompts for this test',
});

t.test("the model's answers are scored, and its failures counted", async (t) => {
  const model = await fakeModel(t, handler);
  const llm = { url: model.url, model: 'm' };
  const scored = await scoreCorpus(corpus('training'), CASES, llm);
  t.equal(model.requests.length, 3, 'every prompt went to the model');
  t.equal(scored.score.understood, 2, "the model's answer and the offline fallback's both count");
  t.same(
    scored.score.misses.map((m) => m.prompt),
    ['orders with a total'],
  );
  t.same([...scored.score.kinds], [['no table', 1]]);
  t.equal(scored.fellBack, 1, 'one failure, however the answers are worded');
  t.match(
    report(scored, false),
    /^tiny \(training\): 2\/3 fully understood \(66\.7%\); problems by kind: no table 1; 1 answered offline after a model failure$/,
  );
  const parallel = await scoreCorpus(corpus('training'), CASES, llm, 3);
  t.same(
    parallel.score,
    scored.score,
    'converted three at a time, each answer is scored against its own case',
  );
});

t.test('misses are listed for training corpora only', async (t) => {
  const training = await scoreCorpus(corpus('training'), CASES);
  t.equal(training.fellBack, 0, 'no model, no failure');
  t.match(
    report(training, true),
    /\n {2}three clients with a mail\n {6}clients\.mail: type word, expected email/,
  );
  t.notOk(report(training, false).includes('\n'), 'not without --verbose');
  for (const role of ['validation', 'held-out'] as const) {
    const unseen = report(await scoreCorpus(corpus(role), CASES), true);
    t.notOk(unseen.includes('three clients'), `no prompt of a ${role} set is printed`);
    t.match(unseen, /: 2\/3 fully understood \(66\.7%\); problems by kind: type 1$/);
  }
});

/** Runs main with its standard output captured. */
async function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string) => lines.push(chunk) > 0) as typeof process.stdout.write;
  try {
    return { code: await main(['node', 'score-prompts', ...args], env), out: lines.join('') };
  } finally {
    process.stdout.write = write;
  }
}

t.test('the command: floors, the model, and the unseen sets', async (t) => {
  const first = await run(['--corpus', 'prompts.json']);
  t.equal(first.code, 0, 'the offline converter is above the first corpus’s floor');
  t.match(first.out, /^basic requests \(training\): \d+\/121 fully understood/);

  const model = await fakeModel(t, answer(JSON.stringify(CLIENTS)));
  const env = { MOCKHIVE_LLM_URL: model.url, MOCKHIVE_LLM_MODEL: 'm' };
  const trained = await run(['--model', '--corpus', 'train-2', '--concurrency', '8'], env);
  t.equal(trained.code, 0, "a model's score is reported, never held to the offline floors");
  t.match(trained.out, /^plain requests \(training\): \d+\/150/);
  t.equal(model.requests.length, 150);
  await t.rejects(
    run(['--model', '--corpus', 'held-out'], env),
    /no corpus matches/,
    'unseen sets stay home',
  );
  t.equal(model.requests.length, 150, 'not one held-out prompt was sent');
  await t.rejects(run(['--model'], {}), /--model needs MOCKHIVE_LLM_URL/);
  await t.rejects(run(['--concurrency', '0']), /a whole number from 1 to 64/);
});
