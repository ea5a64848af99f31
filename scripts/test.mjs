// `npm test`: the whole suite — lint, types, unit + API tests (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set), a fresh build, then the browser end-to-end tests against it.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const steps = [
  ['lint', [npm, 'run', 'lint']],
  ['typecheck', [npm, 'run', 'typecheck']],
  ['unit and API tests', [npm, 'run', 'test:unit']],
  ['build', [npm, 'run', 'build']],
  ['end-to-end tests', [npm, 'run', 'test:e2e']],
];

const only = process.argv.slice(2);
for (const [name, [cmd, ...args]] of steps) {
  if (only.length > 0 && !only.some((o) => name.startsWith(o))) continue;
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${name} (${seconds}s)`);
}
