/**
 * Builds the playground page (web/) into dist/web/ with esbuild: one minified script and one
 * stylesheet, named by content hash so they can be cached for good, the page that references them,
 * and manifest.json listing the files the server may serve. `npm run build` runs it; tests call
 * buildPlayground() so a fresh clone needs no earlier step.
 */
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Where the server looks for the page (src/http/routes/playground.ts). */
export const PLAYGROUND_DIR = join(ROOT, 'dist', 'web');

/** What the build wrote: the served files and their sizes in bytes. */
export interface PlaygroundBuild {
  dir: string;
  files: Record<string, number>;
}

/** Bundles web/src into `outDir` and writes the page and its manifest (each file by an atomic rename). */
export async function buildPlayground(outDir = PLAYGROUND_DIR): Promise<PlaygroundBuild> {
  const result = await build({
    entryPoints: [join(ROOT, 'web/src/main.ts'), join(ROOT, 'web/src/styles.css')],
    bundle: true,
    minify: true,
    format: 'esm',
    // Chromium, Firefox and Safari of 2023 on: streams, top-level await and :focus-visible.
    target: ['chrome110', 'firefox115', 'safari16'],
    entryNames: '[name]-[hash]',
    outdir: outDir,
    write: false,
    legalComments: 'none',
    logLevel: 'warning',
  });
  const outputs = result.outputFiles.map((file) => ({ name: basename(file.path), bytes: file.contents }));
  const script = outputs.find((o) => o.name.endsWith('.js'))!.name;
  const style = outputs.find((o) => o.name.endsWith('.css'))!.name;
  const template = await readFile(join(ROOT, 'web/index.html'), 'utf8');
  const page = template.replace('%SCRIPT%', script).replace('%STYLE%', style);
  outputs.push({ name: 'index.html', bytes: Buffer.from(page) });

  const files: Record<string, number> = {};
  for (const output of outputs) files[output.name] = output.bytes.byteLength;
  outputs.push({ name: 'manifest.json', bytes: Buffer.from(JSON.stringify({ files }, null, 2)) });

  await mkdir(outDir, { recursive: true });
  // Renames keep a page that a running server or a parallel test reads whole at every moment.
  for (const output of outputs) {
    const target = join(outDir, output.name);
    const temporary = `${target}.${process.pid}.tmp`;
    await writeFile(temporary, output.bytes);
    await rename(temporary, target);
  }
  return { dir: outDir, files };
}

/** Removes the earlier builds' hashed files that the new manifest does not list. */
async function pruneStale(built: PlaygroundBuild): Promise<void> {
  for (const name of await readdir(built.dir)) {
    if (name !== 'manifest.json' && !Object.hasOwn(built.files, name) && !name.endsWith('.tmp')) {
      await rm(join(built.dir, name));
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const built = await buildPlayground();
  await pruneStale(built);
  const total = Object.values(built.files).reduce((sum, bytes) => sum + bytes, 0);
  process.stdout.write(`playground: ${relative(ROOT, built.dir)}/ (${(total / 1024).toFixed(1)} KiB)\n`);
}
