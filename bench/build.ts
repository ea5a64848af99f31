import { fileURLToPath } from 'node:url';
import { buildParts } from '../scripts/build-state.mjs';

export const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Build what changed since its last build, as `npm start` does (benchmarks run the built
 * product, and must measure the current sources, not a build from before a `git pull`).
 */
export function ensureBuilt(): void {
  if (!buildParts(root, { onlyChanged: true })) process.exit(1);
}
