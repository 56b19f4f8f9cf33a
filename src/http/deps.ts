/** What the app and its routes are built from: one place, so routes never import the app. */
import type { Logger } from 'pino';
import type { Clock } from '../accounts/clock.js';
import type { Limiter } from '../accounts/limiter.js';
import type { PaymentProvider } from '../billing/payment/types.js';
import type { Config } from '../config.js';
import type { Detector } from '../detect/runner.js';
import type { GenerationPool } from '../generation/pool.js';
import type { PromptConverter } from '../prompt/index.js';
import type { Store } from '../store/types.js';
import type { Background } from '../jobs/index.js';

export interface AppDeps {
  config: Config;
  store: Store;
  clock: Clock;
  logger: Logger;
  limiter: Limiter;
  /** Generates and encodes chunks (worker threads in the server). */
  pool: GenerationPool;
  /** Prompt mode's converter: by default the configured language model, then the offline converter. */
  convertPrompt: PromptConverter;
  /** Schema detection, in a thread of its own with a deadline. */
  detector: Detector;
  /** How long the health check waits for the database. */
  healthTimeoutMs?: number;
  /** The agent purchase flow's payment provider (the configured one: sandbox unless set). */
  payment: PaymentProvider;
  /** Jobs, their queue and webhook deliveries; started on first use (the server starts it at boot). */
  background: Background;
}

/** The dependencies a caller must provide; the rest is derived. */
type Derived = 'limiter' | 'pool' | 'convertPrompt' | 'detector' | 'payment' | 'background';
export type AppInput = Omit<AppDeps, Derived> & Partial<Pick<AppDeps, Derived>>;
