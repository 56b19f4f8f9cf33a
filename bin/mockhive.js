#!/usr/bin/env node
// Launcher for the operator CLI. It builds dist/ first when a fresh clone has not been built yet, so
// `npx mockhive ...` works right after `npm ci`. (The project has no install-time `prepare` script:
// npm 11 refuses `npx <own bin>` for a package that has one.)
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = new URL('../dist/src/cli/index.js', import.meta.url);

if (!existsSync(cli)) {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  // Everything on stderr: stdout may be a protocol stream (`mockhive mcp`).
  process.stderr.write('mockhive: building dist/ (first run)...\n');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: ['ignore', 2, 2] });
}
await import(cli.href);
