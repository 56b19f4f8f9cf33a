import t from 'tap';
import { HttpError } from '../../src/errors.js';
import { convertPrompt } from '../../src/prompt/convert.js';
import { createPromptConverter } from '../../src/prompt/index.js';
import { createPromptThread } from '../../src/prompt/runner.js';
import { longPrompt } from '../helpers/long-prompt.js';

t.test('the thread converts as the inline converter does, in turn', async (t) => {
  const thread = createPromptThread();
  t.teardown(() => thread.close());
  const prompts = [longPrompt(0), 'hmm, something nice please', '20 German customers with name'];
  const results = await Promise.all(prompts.map((prompt) => thread.convert(prompt)));
  t.same(
    results,
    prompts.map((prompt) => convertPrompt(prompt)),
    'the same results, each for its own prompt',
  );
  const convert = createPromptConverter({ offline: thread.convert });
  t.same(await convert(prompts[2]!), convertPrompt(prompts[2]!), 'the service converter runs on it');
  await t.rejects(thread.convert((() => '') as never), "a thread's error is the caller's, not a deadline");
});

t.test('a conversion past its deadline is stopped and says so; the next runs on a new thread', async (t) => {
  const thread = createPromptThread({ deadlineMs: 1 });
  t.teardown(() => thread.close());
  const [first, second] = await Promise.all([thread.convert(longPrompt(1)), thread.convert(longPrompt(2))]);
  for (const result of [first, second]) {
    t.same(result, {
      ok: false,
      message:
        'Converting the prompt took longer than 0.001 s and was stopped: shorten it or send its tables in several requests.',
    });
  }
});

t.test('a full queue refuses at once with 429, and the queued ones are served in turn', async (t) => {
  const thread = createPromptThread({ maxWaiting: 1 });
  t.teardown(() => thread.close());
  const running = thread.convert(longPrompt(3));
  const waiting = thread.convert(longPrompt(4));
  const refused = await thread.convert('20 customers with name').catch((error: unknown) => error);
  t.ok(refused instanceof HttpError);
  t.match(refused, {
    key: 'RATE_LIMIT_EXCEEDED',
    status: 429,
    headers: { 'Retry-After': '1' },
    message: /1 more wait their turn/,
  });
  t.match(await running, { ok: true });
  t.match(await waiting, { ok: true });
  t.match(await thread.convert('20 customers with name'), { ok: true }, 'room again once they are done');
});
