/**
 * The queue seam: background work (a job's parts, webhook deliveries) goes through a JobQueue, which
 * is pg-boss on PostgreSQL (any number of instances share it) or the embedded queue on SQLite (one
 * process, same semantics). A leaf: the adapters and their users import it, it imports no adapter.
 */
import type { Db } from '../store/database.js';

/** The queues, with their delivery rules. */
export const QUEUES = {
  /** A job's part (a table's row range) to generate and store. */
  'generation-part': { retryLimit: 1, deadLetter: 'generation-part-lost' },
  /** A part whose runs all ended without an answer (its instance died, or its lease ran out twice). */
  'generation-part-lost': { retryLimit: 3, deadLetter: undefined },
  /** One attempt at a webhook delivery; later attempts are new tasks (the schedule is the delivery's). */
  'webhook-delivery': { retryLimit: 2, deadLetter: undefined },
} as const satisfies Record<string, { retryLimit: number; deadLetter: string | undefined }>;
export type QueueName = keyof typeof QUEUES;

/**
 * A handler resolves when the task is done; a throw (or a lease running out) retries it, except a
 * database outage (src/store/outage.ts): the task then runs again once the database answers, without
 * spending a retry. So a handler must be safe to run twice.
 */
export type TaskHandler = (data: Record<string, unknown>) => Promise<void>;

export interface SendOptions {
  /** Not before this time (epoch ms). */
  startAfter?: number;
  /** Enqueue in this transaction: the tasks exist if and only if it commits. */
  trx?: Db;
}

export interface JobQueue {
  readonly kind: 'embedded' | 'pg-boss';
  /** Creates the queues and starts maintenance (lease expiry, retries); before `send` and `work`. */
  start(): Promise<void>;
  send(queue: QueueName, items: readonly object[], options?: SendOptions): Promise<void>;
  /**
   * Tells this process's idle workers of `queue` that tasks are due: after the transaction that sent
   * them commits (a send in a transaction cannot, and they would wait for the next poll).
   */
  wake(queue: QueueName): void;
  /** Runs `handler` on tasks of `queue`, up to `concurrency` at a time in this process. */
  work(queue: QueueName, concurrency: number, handler: TaskHandler): Promise<void>;
  /** Stops taking tasks and waits (up to `timeoutMs`) for those running. */
  stop(timeoutMs?: number): Promise<void>;
}

/** How long a task may run before it counts as lost (its instance died), per queue, in seconds. */
export interface QueueLeases {
  'generation-part': number;
  'generation-part-lost': number;
  'webhook-delivery': number;
}
