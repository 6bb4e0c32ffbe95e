/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  testMatch: ['**/?(*.)+(spec|test).[jt]s?(x)'],
  globalSetup: '<rootDir>/test/jest.shard-setup.js',
  testSequencer: '<rootDir>/test/jest.shard-setup.js',
  reporters: ['default'],
  cacheDirectory: '<rootDir>/.jest-cache',
}
