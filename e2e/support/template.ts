/**
 * Global set-up of the browser tests (vitest.config.ts): the demo database is seeded once, by the
 * built server on a new data folder, and every test file's server starts on a copy of it
 * (server.ts `startServer`) instead of seeding its own — the seeding was most of each file's
 * set-up. Each file still gets its own server and its own copy, so files cannot see each other's
 * changes.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, spawnServer, TEMPLATE_ENV } from './server.ts';

export async function setup(): Promise<() => void> {
  // No built server (a typecheck-only run, or no browser): the files seed their own as before.
  if (!existsSync(new URL('../../apps/server/dist/main.js', import.meta.url))) return () => {};
  const dir = mkdtempSync(join(tmpdir(), 'health-e2e-template-'));
  const started = performance.now();
  const server = await spawnServer(await freePort(), { DATA_DIR: dir });
  // The graceful stop closes the database, so the copies start from a checkpointed file.
  await server.stop();
  console.log(
    `e2e: demo database seeded once in ${((performance.now() - started) / 1000).toFixed(1)} s (${dir})`,
  );
  // Read by the test files' processes, which start after this set-up.
  process.env[TEMPLATE_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
