// One linter (ESLint with typescript-eslint's type-aware rules) and one formatter (Prettier, which
// owns all layout: eslint-config-prettier turns off the stylistic rules that would fight it).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'coverage/', '.tap/', 'tap-snapshots/'] },
  js.configs.recommended,
  { languageOptions: { globals: globals.node } },
  ...tseslint.configs.recommended,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      eqeqeq: ['error', 'smart'],
    },
  },
  // No function over 120 lines (blank lines and comments count): a longer one is split into named steps.
  { files: ['src/**/*.ts', 'workers/**/*.ts'], rules: { 'max-lines-per-function': ['error', { max: 120 }] } },
  // The playground's sources run in the browser (web/src/tsconfig.json gives them the DOM types).
  { files: ['web/src/**/*.ts'], languageOptions: { globals: globals.browser } },
  // tap tracks its own subtests: top-level `t.test(...)` is not awaited by design.
  { files: ['test/**/*.ts'], rules: { '@typescript-eslint/no-floating-promises': 'off' } },
  { files: ['**/*.js', '**/*.cjs'], ...tseslint.configs.disableTypeChecked },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' } },
  prettier,
);
