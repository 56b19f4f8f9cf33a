/**
 * The Node flags of a test's child process that runs TypeScript (the CLI, a server): the test
 * process's own loader, so that every process transpiles a file alike. Under tap that is tap's
 * TypeScript loader; coverage of a file is merged across processes by byte range, and a child on
 * another loader (tsx) made the counted figures change from run to run. Run directly
 * (`node --import tsx test/….test.ts`), it is tsx. tap's coverage hook reaches children through
 * NODE_OPTIONS, so it is left out here.
 */
const own = process.execArgv.filter((arg) => !arg.includes('@tapjs/processinfo'));

export const TS_NODE_ARGS: readonly string[] = own.some((arg) => /typescript|tsx/.test(arg))
  ? own
  : ['--import', 'tsx'];
