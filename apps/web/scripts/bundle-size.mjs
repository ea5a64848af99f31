#!/usr/bin/env node
/**
 * Gzip size of the JavaScript each screen loads, from the build's chunk graph
 * (dist/.vite/manifest.json): the entry plus the lazy chunks of the screen and everything they
 * import statically. Usage: node scripts/bundle-size.mjs [distDir] (after `vite build`).
 * Budgets (ARCHITECTURE.md): /login ≤ 250 KB, logged-in landing ≤ 450 KB, a page's own chunk ≤ 100 KB.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? new URL('../dist', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const gz = new Map();
const size = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(dist, file))).length);
  return gz.get(file);
};
const keyOf = (suffix) => {
  const key = Object.keys(manifest).find((k) => k.endsWith(suffix));
  if (!key) throw new Error(`no chunk for ${suffix}`);
  return key;
};
/** The chunk and its static imports, transitively. */
function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}
function screen(name, lazyModules) {
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const keys = closure([entry, ...lazyModules.map(keyOf)]);
  const files = [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const total = files.reduce((n, f) => n + size(f), 0);
  console.log(`${name}: ${(total / 1024).toFixed(1)} KB gzip JS in ${files.length} files`);
  for (const f of files.sort((a, b) => size(b) - size(a))) {
    console.log(`  ${(size(f) / 1024).toFixed(1).padStart(7)} KB  ${f}`);
  }
  return total;
}

const login = screen('/login', ['features/auth/pages/LoginPage.tsx']);
const landing = screen('logged-in landing (/sysset_home/basic)', [
  'app/layout/Layout.tsx',
  'features/home/pages/OverviewPage.tsx',
  'features/home/components/TrendChart.tsx',
]);
const ok = login <= 250 * 1024 && landing <= 450 * 1024;
console.log(ok ? 'within budget' : 'OVER BUDGET');
process.exitCode = ok ? 0 : 1;
