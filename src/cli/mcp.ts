/**
 * `mockhive mcp`: the MCP tools over stdio, for desktop assistants. Without --url, on this machine's
 * engine (no server, no key, no limits, as `mockhive generate`; the purchase tools need a server and
 * say so). With --url, a bridge to that server's POST /mcp: every tools/list and tools/call is
 * forwarded with the key, so the server's plans, limits and counters apply unchanged (docs/mcp.md).
 * stdout carries the protocol only; logs go to stderr.
 */
import type { Command } from 'commander';
import type { CliIo } from './io.js';
import type { McpOptions } from './mcp-serve.js';

/** Adds the `mcp` command to `program`. */
export function mcpCommand(program: Command, io: CliIo): void {
  program
    .command('mcp')
    .description('serve the MCP tools over stdio (for desktop assistants), locally or from a server')
    .option('--url <url>', 'a mockhive server: its /mcp endpoint answers every tool')
    .option('--key <key>', 'the API key sent to --url (default: MOCKHIVE_API_KEY)')
    .addHelpText(
      'after',
      `
Examples:
  mockhive mcp                                      the local engine, no key
  mockhive mcp --url https://data.example.com       a server; key from MOCKHIVE_API_KEY`,
    )
    .action(async (options: McpOptions) => {
      const { serveLocal, bridge } = await import('./mcp-serve.js');
      await (options.url === undefined ? serveLocal(options, io) : bridge(options, io));
    });
}
