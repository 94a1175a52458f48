import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const storeOperator = {
  selector: 'Property > :matches(Identifier, Literal).key[name=/^\\$/], Property > Literal.key[value=/^\\$/]',
  message: 'Store query operators belong in data-access/: add a named repository function.',
};

export default tseslint.config(
  { ignores: ['node_modules/', 'data/', 'coverage/', 'sdk/dist/', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
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
      'no-restricted-syntax': ['error', storeOperator],
    },
  },
);
