import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['./tests/setup/flake-reporter.ts'],
    sequence: { shuffle: true },
    reporters: ['default', 'json'],
    outputFile: { json: '.flake/last-run.json' },
  },
});
