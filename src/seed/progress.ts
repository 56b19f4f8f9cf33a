/**
 * What a seed run shows while it works: on a terminal, one cli-progress bar per table (rows, rows/s,
 * ETA); elsewhere (a CI log, a pipe), a line when a table starts, every few seconds, and when it is
 * done; with `--quiet`, nothing.
 */
import type { Writable } from 'node:stream';
import cliProgress from 'cli-progress';
import type { SeedProgress } from './index.js';

const number = (n: number) => Math.round(n).toLocaleString('en-US');

/** Progress for `stream` (stderr): bars on a TTY, plain lines otherwise, or none. */
export function createProgress(
  stream: Writable & { isTTY?: boolean },
  options: { quiet: boolean; intervalMs?: number },
): SeedProgress & { stop(): void } {
  if (options.quiet) return { start() {}, advance() {}, finish() {}, stop() {} };
  return stream.isTTY ? bars(stream as NodeJS.WriteStream) : lines(stream, options.intervalMs ?? 5000);
}

function bars(stream: NodeJS.WriteStream): SeedProgress & { stop(): void } {
  const multi = new cliProgress.MultiBar(
    {
      stream,
      format: '{table} {bar} {percentage}% | {value}/{total} rows | {rate} rows/s | ETA {eta_formatted}',
      formatValue: (value, _options, type) =>
        type === 'value' || type === 'total' ? number(value) : String(value),
      hideCursor: true,
      etaBuffer: 50,
      fps: 5,
    },
    cliProgress.Presets.shades_classic,
  );
  const tables = new Map<string, { bar: cliProgress.SingleBar; rows: number; started: number }>();
  const width = (name: string) => name.padEnd(16);
  return {
    start(table, rows) {
      const bar = multi.create(rows, 0, { table: width(table), rate: '0' });
      tables.set(table, { bar, rows: 0, started: performance.now() });
    },
    advance(table, rows) {
      const state = tables.get(table)!;
      state.rows += rows;
      const seconds = (performance.now() - state.started) / 1000;
      state.bar.update(state.rows, { rate: number(state.rows / Math.max(seconds, 0.001)) });
    },
    finish(table) {
      tables.get(table)?.bar.stop();
    },
    stop: () => multi.stop(),
  };
}

function lines(stream: Writable, intervalMs: number): SeedProgress & { stop(): void } {
  let current: { table: string; total: number; rows: number; started: number; said: number } | undefined;
  const say = (line: string) => stream.write(`mockhive: ${line}\n`);
  return {
    start(table, total) {
      const now = performance.now();
      current = { table, total, rows: 0, started: now, said: now };
      say(`${table}: loading ${number(total)} rows`);
    },
    advance(_table, rows) {
      if (current === undefined) return;
      current.rows += rows;
      const now = performance.now();
      if (now - current.said < intervalMs || current.rows >= current.total) return;
      current.said = now;
      const rate = current.rows / ((now - current.started) / 1000);
      const eta = (current.total - current.rows) / Math.max(rate, 1);
      say(
        `${current.table}: ${number(current.rows)}/${number(current.total)} rows (${Math.floor((100 * current.rows) / current.total)}%), ${number(rate)} rows/s, ETA ${Math.ceil(eta)} s`,
      );
    },
    finish(table) {
      if (current === undefined) return;
      const seconds = (performance.now() - current.started) / 1000;
      say(
        `${table}: ${number(current.total)} rows in ${seconds.toFixed(1)} s (${number(current.total / Math.max(seconds, 0.001))} rows/s)`,
      );
      current = undefined;
    },
    stop() {},
  };
}
