/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['@swc/jest'] },
  testMatch: ['<rootDir>/{libs,services}/*/test/**/*.test.ts', '<rootDir>/test/**/*.test.ts', '<rootDir>/sdk/test/**/*.test.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  setupFiles: ['<rootDir>/test/support/worker-env.ts'],
  testTimeout: 30000,
  // Two files at a time on two cores, each worker with a broker and a database of its own (global-setup.ts), in a
  // worker that is replaced once a file leaves it holding more than this: a process accumulates every file's modules.
  maxWorkers: 2,
  workerIdleMemoryLimit: '1GB',
};
