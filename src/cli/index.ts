/**
 * The CLI: `mockhive generate …` and `mockhive seed …` (the engine and worker pool locally: no server,
 * no key), `mockhive keys …` (operator, same DATA_DIR / DATABASE_URL as the server) and
 * `mockhive mcp` (the MCP tools over stdio, locally or from a server). docs/cli.md.
 * Exit codes: 0 done, 1 failed, 2 usage or configuration error; seed adds its own (docs/cli.md).
 */
import { processIo } from './io.js';
import { runCli } from './program.js';

const code = await runCli(process.argv.slice(2), processIo());
// A run that succeeded ends when its streams are done; a failure ends at once with its code.
if (code !== 0) process.exit(code);
