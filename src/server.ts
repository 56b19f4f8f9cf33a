/**
 * The service's entry point: reads the config, opens the store, listens, and shuts down gracefully
 * on SIGTERM or SIGINT. Nothing else in the code listens.
 */
import { createApp } from './http/app.js';
import { createDetector } from './detect/runner.js';
import { createPromptConverter } from './prompt/index.js';
import { createPromptThread } from './prompt/runner.js';
import { systemClock } from './accounts/clock.js';
import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { createPool } from './generation/pool.js';
import { createBackground } from './jobs/index.js';
import { Limiter } from './accounts/limiter.js';
import { serve } from './serve.js';
import { openStore } from './store/index.js';
import { warmUp } from '../workers/output/warm.js';

/** Rows of the event loop's warm-up round (small requests run there, inline). */
const EVENT_LOOP_WARM_ROWS = 200;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`mockhive: ${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  // A promise that failed with no one awaiting it (a library's unawaited call) is logged with what it
  // carried, and the service goes on: Node's default would end the process and every request in it.
  // The work such a call belonged to is not lost: queue tasks are settled by their leases, and
  // requests by their own error path.
  process.on('unhandledRejection', (reason) => {
    logger.error(
      { err: reason, event: 'unhandledRejection' },
      'a promise failed unobserved; the service goes on',
    );
  });
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const limiter = new Limiter(store.db, config.plans, systemClock);
  const pool = createPool(config.workers, {
    warm: true,
    onError: (err) => logger.error({ err }, 'generation thread failed'),
  });
  // Requests of up to INLINE_MAX_RECORDS run on the event loop. Warmed before listening, the first of
  // them does not build every locale's data and compile the encoders on its own time (~200 ms).
  const warming = performance.now();
  warmUp(EVENT_LOOP_WARM_ROWS, 1);
  logger.info({ ms: Math.round(performance.now() - warming) }, 'event loop warmed up');
  const detector = createDetector();
  const promptThread = createPromptThread();
  const convertPrompt = createPromptConverter({ llm: config.llm, logger, offline: promptThread.convert });
  const background = createBackground({ config, store, pool, clock: systemClock, logger });
  // Pending jobs and deliveries from before a restart run now.
  await background.start();
  const app = createApp({
    config,
    store,
    clock: systemClock,
    logger,
    limiter,
    pool,
    detector,
    convertPrompt,
    background,
  });
  const serving = await serve(app, config.host, config.port, config.listener);
  logger.info({ url: serving.url, store: store.dialect, version: config.version }, 'mockhive listening');
  void pool.warmed.then((ms) =>
    logger.info({ threads: pool.threads, ms: Math.round(ms) }, 'generation threads warmed up'),
  );

  const pruning = setInterval(() => {
    limiter.pruneWindows().catch((error) => logger.warn({ err: error }, 'pruning rate windows failed'));
  }, 60_000);
  pruning.unref();

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down');
    clearInterval(pruning);
    const { forced } = await serving.stop(config.shutdownTimeoutMs);
    if (forced) logger.warn('in-flight requests cut at the shutdown deadline');
    // Running parts finish (or, cut at the deadline, are retried by another run); then the pool goes.
    await background.stop();
    await pool.close();
    await detector.close();
    await promptThread.close();
    await store.close();
    logger.info('stopped');
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      shutdown(signal).then(
        () => process.exit(0),
        (error) => {
          logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}

main().catch((error) => {
  process.stderr.write(
    `mockhive: failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
