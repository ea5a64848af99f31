// `npm run build`: a production build of every part (contract, server, web), each recorded with
// the hash of its sources so that `npm start` afterwards serves it without building again.
import { fileURLToPath } from 'node:url';
import { buildParts } from './build-state.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!buildParts(root, { onlyChanged: false })) process.exit(1);
