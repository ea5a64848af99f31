import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** Build the server and the web app when either is missing (benchmarks run the built product). */
export function ensureBuilt(): void {
  if (
    !existsSync(`${root}apps/server/dist/main.js`) ||
    !existsSync(`${root}apps/web/dist/index.html`)
  ) {
    const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}
