import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread running the module `name` next to the caller (`here`: its import.meta.url): the
 * build's `<name>.js`, or, when the caller runs from the TypeScript sources (tests, `npm run dev`),
 * `<name>.ts` compiled by tsx as it loads.
 */
export function spawnThread(here: string, name: string, options: WorkerOptions = {}): Worker {
  if (!here.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, here), options);
  const tsxDir = createRequire(here)
    .resolve('tsx/package.json')
    .replace(/package\.json$/, '');
  const tsxApi = pathToFileURL(`${tsxDir}dist/esm/api/index.mjs`).href;
  const entry = new URL(`./${name}.ts`, here).href;
  const source = `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(source, { ...options, eval: true, execArgv: ['--conditions=source'] });
}
