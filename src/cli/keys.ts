/** `mockhive keys create|list|revoke`: API keys, in the same DATA_DIR / DATABASE_URL as the server. */
import type { Command } from 'commander';
import type * as ApiKeys from '../accounts/api-keys.js';
import type { Clock } from '../accounts/clock.js';
import { isTier, TIERS } from '../accounts/tiers.js';
import type { Store } from '../store/index.js';
import { UsageError } from './errors.js';
import type { CliIo } from './io.js';

type Keys = typeof ApiKeys;

/** Runs `body` on the store, with the key functions and the clock. */
async function withStore<T>(
  io: CliIo,
  body: (store: Store, keys: Keys, clock: Clock) => Promise<T>,
): Promise<T> {
  // Loaded here: the config's schemas and the store's drivers cost the start-up of every other command.
  const [{ loadConfig }, { openStore }, keys, { systemClock }] = await Promise.all([
    import('../config.js'),
    import('../store/index.js'),
    import('../accounts/api-keys.js'),
    import('../accounts/clock.js'),
  ]);
  const config = loadConfig(io.env);
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await body(store, keys, systemClock);
  } finally {
    await store.close();
  }
}

/** Adds the `keys` commands to `program`. */
export function keysCommand(program: Command, io: CliIo): void {
  const out = (line: string) => io.stdout.write(`${line}\n`);
  const keys = program
    .command('keys')
    .description('create, list and revoke API keys (works while the server runs)')
    .action(() => {
      throw new UsageError('keys needs a command: create, list or revoke (mockhive keys --help).');
    });

  keys
    .command('create')
    .description('create a key: on a new account of a tier, or another key of an account (rotation)')
    .option('--tier <tier>', `tier of a new account: ${TIERS.join(', ')}`)
    .option('--account <account_id>', 'another key for this account')
    .option('--json', 'print one JSON object')
    .addHelpText(
      'after',
      '\nExamples:\n  mockhive keys create --tier pro --json\n  mockhive keys create --account 0f6c…',
    )
    .action(async (options: { tier?: string; account?: string; json?: boolean }) => {
      if ((options.tier === undefined) === (options.account === undefined)) {
        throw new UsageError('keys create needs exactly one of --tier or --account.');
      }
      if (options.tier !== undefined && !isTier(options.tier)) {
        throw new UsageError(`Unknown tier ${JSON.stringify(options.tier)}; one of ${TIERS.join(', ')}.`);
      }
      const target =
        options.account !== undefined ? { accountId: options.account } : { tier: options.tier as never };
      const created = await withStore(io, (store, keys, clock) => keys.createApiKey(store.db, clock, target));
      if (options.json) out(JSON.stringify(created));
      else {
        out(`API key (shown once, store it now): ${created.api_key}`);
        out(`prefix: ${created.key_prefix}  tier: ${created.tier}  account: ${created.account_id}`);
      }
    });

  keys
    .command('list')
    .description('list keys (prefixes only, never whole keys)')
    .option('--json', 'print a JSON array')
    .action(async (options: { json?: boolean }) => {
      const list = await withStore(io, (store, keys) => keys.listApiKeys(store.db));
      if (options.json) out(JSON.stringify(list));
      else
        for (const k of list) {
          out(
            `${k.key_prefix}  ${k.tier.padEnd(8)}  ${k.created_at}  ${k.revoked_at ? `revoked ${k.revoked_at}` : 'active'}  account ${k.account_id}`,
          );
        }
    });

  keys
    .command('revoke')
    .description('revoke a key by its prefix; it fails on its next request')
    .argument('<key_prefix>', 'the mh_xxxxxxxx prefix `keys list` shows')
    .option('--json', 'print a JSON object')
    .action(async (prefix: string, options: { json?: boolean }) => {
      if (!(await withStore(io, (store, keys, clock) => keys.revokeApiKey(store.db, clock, prefix)))) {
        throw new UsageError(`No active key with prefix ${prefix}.`);
      }
      out(options.json ? JSON.stringify({ revoked: prefix }) : `Revoked ${prefix}.`);
    });
}
