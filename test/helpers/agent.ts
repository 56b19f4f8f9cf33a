/** Test helpers for the agent purchase flow: an app with a chosen payment provider, and a fake Polar. */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Test } from 'tap';
import type { Store } from '../../src/store/index.js';
import { type StartOptions, startApp, type TestServer } from './app.js';

export const CLAIM_TOKEN = /^mh_claim_[0-9a-f]{64}$/;

/** Serves an app with `payment` (default: the configured provider) and config from `env`. */
export function startAgentApp(
  t: Test,
  store: Store,
  options: Pick<StartOptions, 'clock' | 'payment' | 'env'> = {},
): Promise<TestServer> {
  return startApp(t, store, options);
}

/** A JSON body and the status of a response. */
export async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

export interface CheckoutBody {
  checkout_id: string;
  url: string;
  claim_url: string;
  claim_token: string;
  provider: string;
  merchant_of_record: boolean;
  status: string;
  paid: boolean;
  claimed: boolean;
  next_action: string;
  expires_at: string;
  pricing: Record<string, unknown>;
}

/** Creates a checkout; fails the test unless it answers 200. */
export async function newCheckout(
  t: Test,
  server: TestServer,
  email = 'agent@example.com',
  headers: Record<string, string> = {},
): Promise<CheckoutBody> {
  const response = await server.request('/api/agent/checkout', { json: { email }, headers });
  t.equal(response.status, 200, 'checkout created');
  return json<CheckoutBody>(response);
}

/** Pays a sandbox checkout the way its page's form does (a POST to the page's URL). */
export async function payInSandbox(checkout: { url: string }): Promise<Response> {
  return fetch(checkout.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
}

export interface FakeRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakePolar {
  url: string;
  requests: FakeRequest[];
  /** Decides each answer; default: a created checkout for POST, an open checkout for GET. */
  respond: (request: FakeRequest) => { status: number; body: unknown };
  close(): Promise<void>;
}

/** A local stand-in for Polar's REST API on 127.0.0.1:0, recording what it receives. */
export async function startFakePolar(t: Test): Promise<FakePolar> {
  let next = 0;
  const fake: FakePolar = {
    url: '',
    requests: [],
    respond(request) {
      if (request.method === 'POST') {
        const id = `polar_co_${++next}`;
        const sent = JSON.parse(request.body) as Record<string, unknown>;
        return {
          status: 201,
          body: {
            id,
            status: 'open',
            url: `https://sandbox.polar.sh/checkout/${id}`,
            client_secret: `cs_${id}`,
            metadata: sent['metadata'],
            customer_email: sent['customer_email'],
          },
        };
      }
      return { status: 200, body: { id: request.path.split('/').at(-1), status: 'open' } };
    },
    close: async () => {},
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      fake.requests.push(request);
      const { status, body } = fake.respond(request);
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  t.teardown(() => fake.close());
  return fake;
}

/** Environment selecting Polar against `apiBaseUrl`. */
export function polarEnv(
  apiBaseUrl: string,
  webhookSecret = 'polar_whs_test_secret',
): Record<string, string> {
  return {
    PAYMENT_PROVIDER: 'polar',
    POLAR_ACCESS_TOKEN: 'polar_oat_test_token',
    POLAR_PRODUCT_ID: 'prod_agent_key',
    POLAR_WEBHOOK_SECRET: webhookSecret,
    POLAR_API_BASE_URL: apiBaseUrl,
  };
}
