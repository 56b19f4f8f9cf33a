import { readFileSync } from 'node:fs';
import t from 'tap';
import { ERROR_CATALOGUE, type ErrorKey, HttpError, wireCode } from '../src/errors.js';

const doc = readFileSync(new URL('../docs/errors.md', import.meta.url), 'utf8');

t.test('every catalogue code is documented in docs/errors.md with its status', async (t) => {
  for (const key of Object.keys(ERROR_CATALOGUE) as ErrorKey[]) {
    const { status } = ERROR_CATALOGUE[key];
    const row = new RegExp(`\\|\\s*${status}\\s*\\|\\s*\`${wireCode(key)}\``);
    t.match(doc, row, `${wireCode(key)} (${status}) has a row in docs/errors.md`);
  }
});

t.test('the envelope carries code, message and details only when present', async (t) => {
  t.same(new HttpError('NOT_FOUND').toEnvelope(), { error: { code: 'NOT_FOUND', message: 'Not found.' } });
  const withDetails = new HttpError('UNPROCESSABLE', 'bad', { details: [{ field: 'a', message: 'b' }] });
  t.equal(withDetails.status, 422);
  t.same(withDetails.toEnvelope(), {
    error: { code: 'VALIDATION_ERROR', message: 'bad', details: [{ field: 'a', message: 'b' }] },
  });
  t.notOk('details' in new HttpError('SCHEMA_ERROR', 'x', { details: [] }).toEnvelope().error);
});
