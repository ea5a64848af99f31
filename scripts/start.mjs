// `npm start`: build what is not built yet, then run the server (API + web app on one port).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const parts = [
  { workspace: 'packages/contract', output: 'packages/contract/dist/index.js' },
  { workspace: 'apps/server', output: 'apps/server/dist/main.js' },
  { workspace: 'apps/web', output: 'apps/web/dist/index.html' },
];

for (const { workspace, output } of parts) {
  if (existsSync(new URL(output, `file://${root}`))) continue;
  console.log(`构建 ${workspace} ...`);
  const result = spawnSync(npm, ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`构建 ${workspace} 失败`);
    process.exit(result.status ?? 1);
  }
}

const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
