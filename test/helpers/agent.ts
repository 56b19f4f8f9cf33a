/** Test helpers for the agent purchase flow: an app with a chosen payment provider, and a fake Polar. */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { Test } from 'tap';
import { createApiKey } from '../../src/api-keys.js';
import { createApp } from '../../src/app.js';
import { type Clock, systemClock } from '../../src/clock.js';
import { type Config, loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import type { PaymentProvider } from '../../src/payment/provider.js';
import { serve } from '../../src/serve.js';
import type { Store } from '../../src/store/index.js';
import type { TestServer } from './app.js';

export const CLAIM_TOKEN = /^mh_claim_[0-9a-f]{64}$/;

/** Serves an app with `payment` (default: the configured provider) and config from `env`. */
export async function startAgentApp(
  t: Test,
  store: Store,
  options: { clock?: Clock; payment?: PaymentProvider; env?: Record<string, string> } = {},
): Promise<TestServer> {
  const config: Config = loadConfig({ LOG_LEVEL: 'info', DATA_DIR: '/nonexistent', ...options.env });
  const clock = options.clock ?? systemClock;
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const app = createApp({
    config,
    store,
    clock,
    logger: createLogger('info', sink),
    payment: options.payment,
  });
  const serving = await serve(app, '127.0.0.1', 0);
  t.teardown(() => serving.stop(1000));
  return {
    url: serving.url,
    config,
    logs,
    request(path, init = {}) {
      const headers = new Headers(init.headers);
      if (init.key !== undefined) headers.set('Authorization', `Bearer ${init.key}`);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('Content-Type', 'application/json');
        body = JSON.stringify(init.json);
      }
      const method = init.method ?? (init.json !== undefined ? 'POST' : 'GET');
      return fetch(serving.url + path, { ...init, method, headers, body });
    },
    async key(tier) {
      return (await createApiKey(store.db, clock, { tier })).api_key;
    },
  };
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
