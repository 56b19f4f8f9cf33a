/**
 * The operator CLI. Uses the same DATA_DIR / DATABASE_URL as the server and works while it runs.
 *   mockhive keys create --tier <free|pro|scale|agent|internal> [--json]
 *   mockhive keys create --account <account_id> [--json]      (rotation: another key, same account)
 *   mockhive keys list [--json]
 *   mockhive keys revoke <key_prefix>
 */
import { parseArgs } from 'node:util';
import { createApiKey, listApiKeys, revokeApiKey } from '../accounts/api-keys.js';
import { systemClock } from '../accounts/clock.js';
import { ConfigError, loadConfig } from '../config.js';
import { isTier, TIERS } from '../accounts/plans.js';
import { openStore, type Store } from '../store/index.js';

const USAGE = `Usage:
  mockhive keys create --tier <${TIERS.join('|')}> [--json]
  mockhive keys create --account <account_id> [--json]
  mockhive keys list [--json]
  mockhive keys revoke <key_prefix>`;

class UsageError extends Error {}

async function run(argv: string[], out: (line: string) => void): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      tier: { type: 'string' },
      account: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [group, command, ...rest] = positionals;
  if (values.help || group !== 'keys' || command === undefined) throw new UsageError(USAGE);

  const config = loadConfig();
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runKeys(store, command, rest, values, out);
  } finally {
    await store.close();
  }
}

async function runKeys(
  store: Store,
  command: string,
  rest: string[],
  values: { tier?: string | undefined; account?: string | undefined; json?: boolean | undefined },
  out: (line: string) => void,
): Promise<void> {
  switch (command) {
    case 'create': {
      if ((values.tier === undefined) === (values.account === undefined)) {
        throw new UsageError(`keys create needs exactly one of --tier or --account.\n${USAGE}`);
      }
      if (values.tier !== undefined && !isTier(values.tier)) {
        throw new UsageError(`Unknown tier ${JSON.stringify(values.tier)}; one of ${TIERS.join(', ')}.`);
      }
      const target =
        values.account !== undefined ? { accountId: values.account } : { tier: values.tier as never };
      const created = await createApiKey(store.db, systemClock, target);
      if (values.json) out(JSON.stringify(created));
      else {
        out(`API key (shown once, store it now): ${created.api_key}`);
        out(`prefix: ${created.key_prefix}  tier: ${created.tier}  account: ${created.account_id}`);
      }
      return;
    }
    case 'list': {
      const keys = await listApiKeys(store.db);
      if (values.json) out(JSON.stringify(keys));
      else
        for (const k of keys) {
          out(
            `${k.key_prefix}  ${k.tier.padEnd(8)}  ${k.created_at}  ${k.revoked_at ? `revoked ${k.revoked_at}` : 'active'}  account ${k.account_id}`,
          );
        }
      return;
    }
    case 'revoke': {
      const [prefix] = rest;
      if (prefix === undefined) throw new UsageError(`keys revoke needs a key prefix.\n${USAGE}`);
      if (!(await revokeApiKey(store.db, systemClock, prefix))) {
        throw new UsageError(`No active key with prefix ${prefix}.`);
      }
      out(values.json ? JSON.stringify({ revoked: prefix }) : `Revoked ${prefix}.`);
      return;
    }
    default:
      throw new UsageError(USAGE);
  }
}

run(process.argv.slice(2), (line) => process.stdout.write(`${line}\n`)).catch((error) => {
  const known =
    error instanceof UsageError ||
    error instanceof ConfigError ||
    (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  process.stderr.write(
    `mockhive: ${known ? error.message : `failed: ${error instanceof Error ? error.message : String(error)}`}\n`,
  );
  process.exit(known ? 2 : 1);
});
