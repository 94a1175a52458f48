import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/** The workspace package (root package.json's `workspaces`: libs/*, services/*, sdk) a file belongs to, if any. */
function packageOf(file) {
  const [top, name, ...rest] = path.relative(ROOT, file).split(path.sep);
  if (top === 'sdk') return 'sdk';
  return (top === 'libs' || top === 'services') && rest.length > 0 ? name : undefined;
}

/** A package's code reaches another package by its name (`@mailplane/sdk`), never by a relative path into its folder. */
const packageBoundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = packageOf(context.filename);
    const check = (node) => {
      const source = node.source?.value;
      if (from === undefined || typeof source !== 'string' || !source.startsWith('.')) return;
      const to = packageOf(path.resolve(path.dirname(context.filename), source));
      if (to !== undefined && to !== from) {
        context.report({ node: node.source, message: `'${source}' reaches into another package: import '@mailplane/${to}'.` });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

const storeOperator = {
  selector: 'Property > :matches(Identifier, Literal).key[name=/^\\$/], Property > Literal.key[value=/^\\$/]',
  message: 'Store query operators belong in data-access/: add a named repository function.',
};

export default tseslint.config(
  { ignores: ['node_modules/', '.build*/', 'data/', 'coverage/', 'sdk/dist/', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { mailplane: { rules: { 'package-boundaries': packageBoundaries } } },
    rules: {
      'mailplane/package-boundaries': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read the environment in a config module only.' },
      ],
    },
  },
  {
    files: ['**/config.ts', 'bench/**', 'test/**', '**/test/**', 'scripts/**', 'bin/**'],
    rules: { 'no-restricted-properties': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['services/*/src/domain/**/*.ts', 'services/*/src/*/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['express', 'amqplib', 'mongodb', 'pg', 'better-sqlite3'].map((name) => ({
            name,
            message: 'domain/ knows nothing of HTTP, the broker client or the store engine.',
          })),
        },
      ],
    },
  },
  {
    files: ['services/*/src/**/*.ts'],
    ignores: ['**/data-access/**'],
    rules: { 'no-restricted-syntax': ['error', storeOperator] },
  },
);
