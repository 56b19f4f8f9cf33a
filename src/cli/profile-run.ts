/** The run of `mockhive profile` (profile.ts defines the command and its flags). */
import { writeFile } from 'node:fs/promises';
import { profileDatabase } from '../profile/index.js';
import { EXIT, openTarget, SeedError } from '../seed/index.js';
import { createProgress } from '../seed/progress.js';
import { UsageError } from './errors.js';
import { integer } from './input.js';
import type { CliIo } from './io.js';

export interface ProfileFlags {
  databaseUrl?: string;
  schemaName?: string;
  tables?: string;
  sample: string;
  minGroup: string;
  scale: string;
  out?: string;
  quiet?: boolean;
}

/** Profiles the database the flags name and writes the request. */
export async function profileAction(options: ProfileFlags, io: CliIo): Promise<void> {
  const url = options.databaseUrl ?? io.env['SEED_DATABASE_URL'];
  if (url === undefined || url === '')
    throw new UsageError('Give the database: --database-url <url> (or SEED_DATABASE_URL).');
  if (options.schemaName !== undefined && !/^postgres(ql)?:/.test(url))
    throw new UsageError('--schema-name is for PostgreSQL.');
  if (options.schemaName !== undefined && !/^[A-Za-z_][A-Za-z0-9_$]*$/.test(options.schemaName))
    throw new UsageError('--schema-name takes a plain name: letters, digits and _.');
  const sample = integer(options.sample, '--sample');
  if (sample < 100 || sample > 10_000_000) throw new UsageError('--sample takes 100 to 10000000.');
  const minGroup = integer(options.minGroup, '--min-group');
  if (minGroup < 1) throw new UsageError('--min-group takes a whole number of at least 1.');
  const scale = Number(options.scale);
  if (!Number.isFinite(scale) || scale <= 0 || scale > 1000)
    throw new UsageError('--scale takes a number greater than 0 and at most 1000.');
  const tables = options.tables
    ?.split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (tables !== undefined && tables.length === 0) throw new UsageError('--tables names no table.');

  const started = performance.now();
  const target = await openTarget(url, { connections: 1, schema: options.schemaName ?? 'public' });
  const progress = createProgress(io.stderr, { quiet: options.quiet === true });
  try {
    const profile = await profileDatabase(target, { sample, minGroup, scale, tables }, progress);
    progress.stop();
    if (!options.quiet) for (const warning of profile.warnings) io.stderr.write(`mockhive: ${warning}\n`);
    const text = `${JSON.stringify(profile.request, null, 2)}\n`;
    if (options.out === undefined) io.stdout.write(text);
    else {
      try {
        await writeFile(options.out, text);
      } catch (error) {
        throw new SeedError(`Cannot write ${options.out}: ${(error as Error).message}`, EXIT.failed);
      }
    }
    if (!options.quiet) {
      const rows = profile.request.tables.reduce((sum, t) => sum + t.count, 0);
      const seconds = (performance.now() - started) / 1000;
      io.stderr.write(
        `mockhive: profiled ${target.label}: ${profile.request.tables.length} tables, ${rows.toLocaleString('en-US')} rows, in ${seconds.toFixed(1)} s\n`,
      );
    }
  } finally {
    progress.stop();
    await target.close();
  }
}
