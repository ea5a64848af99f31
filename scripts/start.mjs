// `npm start`: build every part whose sources changed since its last build (always a production
// build, whatever NODE_ENV says), then run the server (API + web app on one port).
import { fileURLToPath } from 'node:url';
import { buildParts } from './build-state.mjs';
import { runServer } from './run-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

if (!buildParts(root, { onlyChanged: true })) process.exit(1);

// Stop signals reach the server once, whatever route they take (run-server.mjs says why).
runServer({ cwd: root, args: ['apps/server/dist/main.js'] });
