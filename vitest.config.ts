import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contract = fileURLToPath(new URL('./packages/contract/src/index.ts', import.meta.url));

/** Unit and API tests (contract, server, web helpers). End-to-end tests live in e2e/. */
export default defineConfig({
  resolve: { alias: { '@health/contract': contract } },
  test: {
    // Vitest's default is one worker fewer than the cores: a single one on a 2-core machine,
    // where the files ran one after another while much of their time waits on PostgreSQL, child
    // processes and timers.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'contract', include: ['packages/contract/test/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          // Drops the files' PostgreSQL schemas once all have run (helpers/test-schemas.ts).
          globalSetup: ['apps/server/test/helpers/test-schemas.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: { name: 'web', include: ['apps/web/test/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'scripts', include: ['scripts/test/**/*.test.ts'] },
      },
    ],
  },
});
