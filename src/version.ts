/** The service version reported by /api/v1/health, read from package.json at start. */
import { readFileSync } from 'node:fs';

const packageJson = JSON.parse(readFileSync(new URL('../package.json', findRoot()), 'utf8')) as {
  version: string;
};

function findRoot(): URL {
  // Compiled code lives one level deeper (dist/src) than the sources (src).
  const here = new URL('.', import.meta.url);
  return here.pathname.includes('/dist/') ? new URL('../', here) : here;
}

export const VERSION: string = packageJson.version;
