import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * A thread of the ingest API running `<name>` of this folder: its build (`<name>.js`) or, when
 * this module runs from the TypeScript sources (tests, `npm run dev`), `<name>.ts` compiled by tsx
 * as it loads.
 */
export function spawnIngestThread(
  name: 'writer-thread' | 'parse-thread',
  workerData: unknown,
): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, here), { workerData });
  const tsxDir = createRequire(here)
    .resolve('tsx/package.json')
    .replace(/package\.json$/, '');
  const tsxApi = pathToFileURL(`${tsxDir}dist/esm/api/index.mjs`).href;
  const entry = new URL(`./${name}.ts`, here).href;
  const source = `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(source, { eval: true, workerData, execArgv: ['--conditions=source'] });
}
