// `npm test`: the whole suite — lint and types (side by side: one core each), unit + API tests
// (SQLite, and PostgreSQL when TEST_DATABASE_URL is set), a fresh build, then the browser
// end-to-end tests against it.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Each stage's steps run at once; a stage starts when the one before it has passed. */
const stages = [
  [
    ['lint', [npm, 'run', 'lint']],
    ['typecheck', [npm, 'run', 'typecheck']],
  ],
  [['unit and API tests', [npm, 'run', 'test:unit']]],
  [['build', [npm, 'run', 'build']]],
  [['end-to-end tests', [npm, 'run', 'test:e2e']]],
];

/** Run one step; its output as it comes (a step alone) or once it ends (steps side by side). */
function runStep([name, [cmd, ...args]], alone) {
  const started = Date.now();
  if (alone) console.log(`\n=== ${name} ===`);
  const child = spawn(cmd, args, { cwd: root, stdio: alone ? 'inherit' : 'pipe' });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (!alone) console.log(`\n=== ${name} ===\n${output}`);
      if (code === 0) console.log(`✓ ${name} (${seconds}s)`);
      else console.error(`\n✗ ${name} failed after ${seconds}s`);
      resolve(code ?? 1);
    });
  });
}

const only = process.argv.slice(2);
for (const stage of stages) {
  const steps = stage.filter(([name]) => only.length === 0 || only.some((o) => name.startsWith(o)));
  const codes = await Promise.all(steps.map((step) => runStep(step, steps.length === 1)));
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) process.exit(failed);
}
