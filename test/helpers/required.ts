/**
 * The one policy for tests that need an outside service (a database server, a browser): under CI=true
 * a missing service fails the test; elsewhere the test is skipped with a message saying how to enable it.
 */
import type { Test } from 'tap';

/** True when the service is there (`missing` undefined); otherwise fails (CI) or skips `t` with `missing`. */
export function requireService(t: Test, name: string, missing: string | undefined): boolean {
  if (missing === undefined) return true;
  if (process.env.CI === 'true') t.fail(missing);
  else t.pass(`${name} tests skipped`, { skip: missing });
  return false;
}
