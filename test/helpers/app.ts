/** Builds the app with test dependencies and serves it on an ephemeral port for one test. */
import { Writable } from 'node:stream';
import type { Test } from 'tap';
import { createApiKey } from '../../src/accounts/api-keys.js';
import { createApp } from '../../src/http/app.js';
import { type Clock, systemClock } from '../../src/accounts/clock.js';
import { type Config, loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import type { Plans, Tier } from '../../src/accounts/plans.js';
import type { PaymentProvider } from '../../src/billing/payment/index.js';
import { createPromptConverter, type PromptConverter } from '../../src/prompt/index.js';
import { createPromptThread, type PromptThread } from '../../src/prompt/runner.js';
import { createPool, type GenerationPool } from '../../src/generation/pool.js';
import { type Background, createBackground } from '../../src/jobs/index.js';
import { serve } from '../../src/serve.js';
import type { Store } from '../../src/store/index.js';

export interface TestServer {
  url: string;
  /** The app's jobs and webhook deliveries. */
  background: Background;
  config: Config;
  /** Log lines written by the app, as raw JSON text. */
  logs: string[];
  /** fetch relative to the server, with JSON helpers. */
  request(path: string, init?: RequestInit & { json?: unknown; key?: string }): Promise<Response>;
  /** A fresh key of `tier` on a new account. */
  key(tier: Tier): Promise<string>;
}

/** Test config: the defaults with `env` applied, optionally with other plans. */
export function testConfig(plans?: Partial<Plans>, env: Record<string, string> = {}): Config {
  // Every test client shares one address: the throttle per address applies only where a test sets it.
  const base = loadConfig({
    LOG_LEVEL: 'info',
    DATA_DIR: '/nonexistent',
    AGENT_CHECKOUTS_PER_HOUR: '0',
    ...env,
  });
  return { ...base, plans: { ...base.plans, ...plans } };
}

export interface StartOptions {
  clock?: Clock;
  plans?: Partial<Plans>;
  /** Environment variables for the config (e.g. the payment provider's). */
  env?: Record<string, string>;
  healthTimeoutMs?: number;
  pool?: GenerationPool;
  payment?: PaymentProvider;
  /** Prompt mode's converter; by default the app's (offline on a thread), the thread shared by the file. */
  convertPrompt?: PromptConverter;
}

// Loading the converter on a thread takes seconds under the TypeScript loader: one thread serves every
// app of a test file (idle, it keeps no process alive).
let promptThread: PromptThread | undefined;

/** Serves a new app over `store` until `t` ends. */
export async function startApp(t: Test, store: Store, options: StartOptions = {}): Promise<TestServer> {
  const config = testConfig(options.plans, options.env);
  const clock = options.clock ?? systemClock;
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const logger = createLogger('info', sink);
  const { healthTimeoutMs, payment } = options;
  promptThread ??= createPromptThread();
  const convertPrompt =
    options.convertPrompt ??
    createPromptConverter({ llm: config.llm, logger, offline: promptThread.convert });
  const pool = options.pool ?? createPool(0);
  const background = createBackground({ config, store, pool, clock, logger, pollMs: 50 });
  const app = createApp({
    config,
    store,
    clock,
    logger,
    healthTimeoutMs,
    pool,
    payment,
    background,
    convertPrompt,
  });
  // Every test client shares one address: the connection cap applies only where a test sets it.
  const capped = options.env?.['MAX_CONNECTIONS_PER_ADDRESS'] !== undefined;
  const serving = await serve(app, '127.0.0.1', 0, {
    ...config.listener,
    connectionsPerAddress: capped ? config.listener.connectionsPerAddress : 0,
  });
  t.teardown(async () => {
    await serving.stop(1000);
    await background.stop();
  });
  return {
    url: serving.url,
    background,
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
