/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['@swc/jest'] },
  testMatch: ['<rootDir>/{libs,services}/*/test/**/*.test.ts', '<rootDir>/test/**/*.test.ts', '<rootDir>/sdk/test/**/*.test.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 30000,
  // One test file at a time (the suites start platforms, brokers and databases; two cores), in a worker that is
  // replaced once a file leaves it holding more than this: a single process accumulates every file's modules.
  maxWorkers: 1,
  workerIdleMemoryLimit: '1GB',
};
