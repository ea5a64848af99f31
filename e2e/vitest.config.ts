import { defineConfig } from 'vitest/config';

/**
 * Browser end-to-end tests: Debian's Chromium driven by playwright-core against the built web app
 * served by the real server on a fresh database. Two files at a time: a file's browser and server
 * leave the two cores idle about a third of the time (37 % measured) (waiting on each other, on timers and on the network), and
 * each file has its own server, data folder and browser, so they cannot see each other.
 */
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    // On a failure, what the test's pages showed (support/failures.ts).
    setupFiles: ['support/failures.ts'],
    // The demo database seeded once, copied for each file's server (support/template.ts).
    globalSetup: ['support/template.ts'],
  },
});
