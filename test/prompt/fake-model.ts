/** A fake OpenAI-compatible chat endpoint for the tests of prompt mode's language-model path. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Test } from 'tap';

export type Handler = (body: Record<string, unknown>, req: IncomingMessage, res: ServerResponse) => void;

/** A fake OpenAI-compatible endpoint on 127.0.0.1:0; `handler` answers each request. */
export async function fakeModel(
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

/** A handler answering every request with `content` as the assistant's message. */
export const answer =
  (content: string): Handler =>
  (_body, _req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
  };

/** A schema a fake model answers with: one table of three clients with a mail column. */
export const CLIENTS = {
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
