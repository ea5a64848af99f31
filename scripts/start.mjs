// `npm start`: build every part whose sources changed since its last build (always a production
// build, whatever NODE_ENV says), then run the server (API + web app on one port).
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inputsHash, PARTS, recordBuild, staleReason } from './build-state.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

for (const part of PARTS) {
  const hash = inputsHash(root, part);
  const reason = staleReason(root, part, hash);
  if (reason === null) continue;
  console.log(`构建 ${part.workspace}（${reason}）...`);
  // tsc does not remove the output of deleted sources; vite empties its folder itself.
  rmSync(join(root, part.outDir), { recursive: true, force: true });
  const result = spawnSync(npm, ['run', 'build', '-w', part.workspace], {
    cwd: root,
    stdio: 'inherit',
    // The build is for serving: never React's development runtime (vite.config.ts forces it too).
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error(`构建 ${part.workspace} 失败`);
    process.exit(result.status ?? 1);
  }
  recordBuild(root, part, hash);
}

const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
