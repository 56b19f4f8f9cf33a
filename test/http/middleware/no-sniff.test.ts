/** X-Content-Type-Options: nosniff on every answer: JSON, error envelopes, pages and raw streams. */
import t from 'tap';
import { startApp } from '../../helpers/app.js';
import { embeddedStore } from '../../helpers/stores.js';

t.test('every answer, error envelopes included, says nosniff', async (t) => {
  const server = await startApp(t, await embeddedStore(t));
  const key = await server.key('pro');
  const answers = {
    'a JSON answer': await server.request('/api/v1/health'),
    'a 404 envelope': await server.request('/api/v1/nothing-here'),
    'a 401 envelope': await server.request('/api/v1/usage'),
    'a 400 envelope': await server.request('/api/v1/generate', {
      key,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{not json',
    }),
    'a 405 envelope': await server.request('/api/v1/health', { method: 'DELETE' }),
    'a raw CSV stream': await server.request('/api/v1/generate', {
      key,
      json: { tables: [{ name: 'users', count: 2, fields: [{ name: 'id', type: 'uuid' }] }] },
      headers: { Accept: 'text/csv' },
    }),
  };
  for (const [what, response] of Object.entries(answers)) {
    t.equal(response.headers.get('X-Content-Type-Options'), 'nosniff', what);
    await response.arrayBuffer();
  }
  t.equal(answers['a 404 envelope'].status, 404);
  t.equal(answers['a 400 envelope'].status, 400);
  t.equal(answers['a raw CSV stream'].status, 200);
});
