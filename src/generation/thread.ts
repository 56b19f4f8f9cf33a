/**
 * The entry of each generation thread (Piscina's `filename`): lowers the thread's scheduling priority,
 * then serves workers/generate-task.ts. With every core busy generating, the event loop (health checks,
 * small requests, moving bytes to sockets) then wins the CPU whenever it has work, instead of waiting
 * for a time slice behind the generators. Linux only (a thread's nice value, set by its thread id);
 * elsewhere, or where it is refused, threads keep the default priority.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Nice value of generation threads: below the event loop's 0, so it is preferred about 3 to 1. */
const GENERATION_NICE = 5;

try {
  // /proc/thread-self links to /proc/<pid>/task/<tid>; setpriority(2) on a tid affects that thread.
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && tid > 0) setPriority(tid, GENERATION_NICE);
} catch {
  // Not Linux, or not permitted: the default priority is correct, only less responsive under load.
}

export { default } from '../../workers/generate-task.js';
