import { PassThrough } from 'node:stream';
import t from 'tap';
import { createProgress } from '../../src/seed/progress.js';

/** A stderr stand-in that is not a terminal; what was written to it. */
function pipe(): { stream: NodeJS.WriteStream; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (data: Buffer) => (text += data.toString()));
  return { stream: stream as unknown as NodeJS.WriteStream, text: () => text };
}

t.test('not a terminal: a line at the start, while loading, and at the end of each table', async (t) => {
  const out = pipe();
  const progress = createProgress(out.stream, { quiet: false, intervalMs: 0 });
  progress.start('users', 1000);
  progress.advance('users', 400);
  progress.advance('users', 600);
  progress.finish('users');
  progress.stop();
  await new Promise(setImmediate);
  const lines = out.text().trimEnd().split('\n');
  t.match(lines[0], /^mockhive: users: loading 1,000 rows$/);
  t.match(lines[1], /^mockhive: users: 400\/1,000 rows \(40%\), [\d,]+ rows\/s, ETA \d+ s$/);
  t.match(lines[2], /^mockhive: users: 1,000 rows in [\d.]+ s \([\d,]+ rows\/s\)$/);
  t.equal(lines.length, 3, 'no progress line once every row is in');
});

t.test('--quiet: nothing', async (t) => {
  const out = pipe();
  const progress = createProgress(out.stream, { quiet: true });
  progress.start('users', 10);
  progress.advance('users', 10);
  progress.finish('users');
  progress.stop();
  await new Promise(setImmediate);
  t.equal(out.text(), '');
});

t.test('a terminal: a bar per table with rows, rows/s and an ETA', async (t) => {
  const out = pipe();
  Object.assign(out.stream, { isTTY: true, columns: 120, rows: 40 });
  const progress = createProgress(out.stream, { quiet: false });
  progress.start('users', 1000);
  progress.advance('users', 500);
  progress.finish('users');
  progress.stop();
  await new Promise(setImmediate);
  // eslint-disable-next-line no-control-regex
  const text = out.text().replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');
  t.match(text, /users\s+\S+ 50% \| 500\/1,000 rows \| [\d,]+ rows\/s \| ETA \S+/);
});
