/**
 * scripts/score-prompts.ts: the corpora scored through the service's converter, the language model's
 * answers included, with the strict scorer of the tests.
 */
import t from 'tap';
import { createPromptConverter } from '../../src/prompt/index.js';
import { report, scoreCorpus } from '../../scripts/score-prompts.js';
import type { Corpus, PromptCase } from './corpus-score.js';
import { answer, fakeModel, type Handler } from './fake-model.js';

const CLIENTS = {
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
};

const CASES: PromptCase[] = [
  {
    prompt: 'three clients with a mail',
    expect: { tables: { clients: { count: 3, fields: { mail: 'email' } } } },
  },
  { prompt: 'orders with a total', expect: { tables: { orders: {} } } },
  { prompt: 'fail: 20 customers with name', expect: { tables: { customers: { count: 20 } } } },
];

/** Answers CLIENTS to every prompt but those starting "fail", which get an HTTP 500. */
const handler: Handler = (body, req, res) => {
  const messages = body['messages'] as { content: string }[];
  if (messages[1]?.content.startsWith('fail')) res.writeHead(500).end('down');
  else answer(JSON.stringify(CLIENTS))(body, req, res);
};

const corpus = (role: Corpus['role']): Corpus => ({
  label: 'tiny',
  file: 'tiny.json',
  role,
  floor: 0,
  size: 0,
});

t.test("the model's answers are scored, and the fallbacks counted", async (t) => {
  const model = await fakeModel(t, handler);
  const convert = createPromptConverter({ llm: { url: model.url, model: 'm' } });
  const scored = await scoreCorpus(corpus('training'), CASES, convert);
  t.equal(model.requests.length, 3, 'every prompt went to the model');
  t.equal(scored.score.understood, 2, "the model's answer and the offline fallback's both count");
  t.same(
    scored.score.misses.map((m) => m.prompt),
    ['orders with a total'],
  );
  t.same([...scored.score.kinds], [['no table', 1]]);
  t.equal(scored.fellBack, 1, 'one answer came from the offline converter');
  t.match(
    report(scored, false),
    /^tiny \(training\): 2\/3 fully understood \(66\.7%\); problems by kind: no table 1; 1 answered offline after a model failure$/,
  );

  const parallel = await scoreCorpus(corpus('training'), CASES, convert, 3);
  t.same(
    parallel.score,
    scored.score,
    'converted three at a time, each answer is scored against its own case',
  );
});

t.test('misses are listed for training corpora only', async (t) => {
  const convert = createPromptConverter();
  const training = await scoreCorpus(corpus('training'), CASES, convert);
  t.match(
    report(training, true),
    /\n {2}three clients with a mail\n {6}clients\.mail: type word, expected email/,
  );
  t.notOk(report(training, false).includes('\n'), 'not without --verbose');
  for (const role of ['validation', 'held-out'] as const) {
    const unseen = report(await scoreCorpus(corpus(role), CASES, convert), true);
    t.notOk(unseen.includes('three clients'), `no prompt of a ${role} set is printed`);
    t.match(unseen, /: 2\/3 fully understood \(66\.7%\); problems by kind: type 1$/);
  }
});
