/**
 * The playground page for tests: built from web/ with esbuild once per test process (under a second),
 * so the tests need no earlier `npm run build` and always serve the current sources.
 */
import { buildPlayground, type PlaygroundBuild } from '../../web/build.js';

let built: Promise<PlaygroundBuild> | undefined;

/** Builds the page into dist/web/ (where the server looks), once per process. */
export function ensurePlayground(): Promise<PlaygroundBuild> {
  built ??= buildPlayground();
  return built;
}
