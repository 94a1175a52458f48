/**
 * Files that judge how fast something answers (a probe within 0.5 s while a burst lands): they run after the rest, one
 * at a time, on cores no other test file is loading. `npm test` runs the `shared` group, then the `alone` group
 * (MAILPLANE_TEST_GROUP); unset, jest runs whatever it is given.
 */
const ALONE = ['<rootDir>/test/burst.error.test.ts'];
const group = process.env.MAILPLANE_TEST_GROUP;

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  // Workspace packages from their TypeScript source, as every platform process loads them (platform/node-flags.ts).
  testEnvironmentOptions: { customExportConditions: ['mailplane-source', 'node', 'node-addons'] },
  transform: { '^.+\\.ts$': ['@swc/jest'] },
  testMatch:
    group === 'alone'
      ? ALONE
      : ['<rootDir>/{libs,services}/*/test/**/*.test.ts', '<rootDir>/test/**/*.test.ts', '<rootDir>/sdk/test/**/*.test.ts'],
  // The compiled tree the spawned processes run (test/support/global-setup.ts) is no source of jest's.
  modulePathIgnorePatterns: ['<rootDir>/.build'],
  testPathIgnorePatterns: group === 'shared' ? ['/node_modules/', ...ALONE] : ['/node_modules/'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  setupFiles: ['<rootDir>/test/support/worker-env.ts'],
  testTimeout: 30000,
  // Two files at a time on two cores, each worker with a broker and a database of its own (global-setup.ts), in a
  // worker that is replaced once a file leaves it holding more than this: a process accumulates every file's modules.
  maxWorkers: group === 'alone' ? 1 : 2,
  workerIdleMemoryLimit: '1GB',
};
