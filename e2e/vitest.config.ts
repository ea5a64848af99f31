import { defineConfig } from 'vitest/config';

/**
 * Browser end-to-end tests: Debian's Chromium driven by playwright-core against the built web app
 * served by the real server on a fresh database. Files run one after another (2 cores).
 */
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // On a failure, what the test's pages showed (support/failures.ts).
    setupFiles: ['support/failures.ts'],
    // The demo database seeded once, copied for each file's server (support/template.ts).
    globalSetup: ['support/template.ts'],
  },
});
