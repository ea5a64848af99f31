// `npm start`: build every part whose sources changed since its last build (always a production
// build, whatever NODE_ENV says), then run the server (API + web app on one port).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildParts } from './build-state.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

if (!buildParts(root, { onlyChanged: true })) process.exit(1);

const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
