// The import rules of the layout (docs/architecture.md): one direction, http/ → concern folders →
// store/ and workers/, and no circle anywhere, type-only imports included. `npm run lint` runs it.
const CONCERNS = '^src/(accounts|billing|generation|detect|prompt)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle, even of type-only imports: move what both sides share into a leaf file.',
      from: { path: '^(src|workers)/' },
      to: { circular: true },
    },
    {
      name: 'workers-are-pure',
      severity: 'error',
      comment: 'Code the worker threads run imports only workers/ and packages.',
      from: { path: '^workers/' },
      to: { path: '^src/' },
    },
    {
      name: 'concerns-below-http',
      severity: 'error',
      comment: 'Accounts, billing, generation, detection and prompts know nothing of HTTP.',
      from: { path: `${CONCERNS}|^src/store/` },
      to: { path: '^src/http/' },
    },
    {
      name: 'store-is-a-leaf',
      severity: 'error',
      comment: 'The data-access layer imports no concern.',
      from: { path: '^src/store/' },
      to: { path: `${CONCERNS}|^src/(http|cli)/` },
    },
    {
      name: 'entry-points-on-top',
      severity: 'error',
      comment:
        'Only the process entry points wire everything; nothing imports them (CLI modules import each other).',
      from: { path: '^src/', pathNot: '^src/(server\\.ts$|cli/)' },
      to: { path: '^src/(server\\.ts|cli/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(dist|test|bench)/' },
  },
};
