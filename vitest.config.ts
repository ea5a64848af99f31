import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contract = fileURLToPath(new URL('./packages/contract/src/index.ts', import.meta.url));

/** Unit and API tests (contract, server, web helpers). End-to-end tests live in e2e/. */
export default defineConfig({
  resolve: { alias: { '@health/contract': contract } },
  test: {
    // Both cores (Vitest's default leaves one free): the files share nothing — each app has its
    // own database — and most of a file's time is spent waiting on its database.
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
          // On PostgreSQL each test database is a copy of one migrated once.
          globalSetup: ['apps/server/test/helpers/postgres-template.ts'],
          // The files of a worker share their modules: importing the app (Fastify, every route
          // and its schemas) once a worker instead of once a file. They share no state — each
          // builds its own app on its own database.
          isolate: false,
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
