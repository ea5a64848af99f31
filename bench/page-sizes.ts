/**
 * The web build's JavaScript by page, from Vite's build manifest (apps/web/dist/.vite): what
 * `npm run bench -- --sizes` holds each lazy page to, and what `bench:decorate` prints of the
 * page builder.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { root } from './build.ts';

/** A built file's size in KB, gzipped at level 9 (a file of apps/web/dist). */
export const gzipKb = (file: string) =>
  gzipSync(readFileSync(`${root}apps/web/dist/${file}`), { level: 9 }).length / 1024;

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export const readManifest = () =>
  JSON.parse(readFileSync(`${root}apps/web/dist/.vite/manifest.json`, 'utf8')) as Record<
    string,
    ManifestChunk
  >;

/** A manifest key and every chunk it imports statically, itself included. */
function closureOf(
  manifest: Record<string, ManifestChunk>,
  key: string,
  seen = new Set<string>(),
): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closureOf(manifest, dep, seen);
  return seen;
}

/** What the shell's entry loads statically (every page has it already). */
function shellOf(manifest: Record<string, ManifestChunk>): Set<string> {
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  return entry ? closureOf(manifest, entry) : new Set<string>();
}

/** A page's name as the size tables print it: its path under src/features (or src). */
const pageName = (src: string) => src.replace(/^(.*\/)?src\/(features\/)?/, '');

/**
 * Each lazy page's own JavaScript: its chunk plus the statically imported chunks no other page and
 * not the shell's entry load. What several pages share (antd's table, the list page pattern) is
 * downloaded once and not charged to any one page.
 */
export function pageOwnSizes(): { page: string; kb: number }[] {
  const manifest = readManifest();
  const closure = (key: string) => closureOf(manifest, key);
  const shell = shellOf(manifest);
  const pages = Object.keys(manifest).filter(
    (k) =>
      manifest[k]?.isDynamicEntry &&
      /(^|\/)src\/(features|app)\/.*Page\.tsx$/.test(manifest[k]?.src ?? k),
  );
  const closures = new Map(pages.map((p) => [p, closure(p)]));
  // Users are counted over every lazily loaded chunk (pages and lazy parts such as the charts or
  // the rich-text editor): what two of them load is shared, not one page's own.
  const lazyEntries = Object.keys(manifest).filter((k) => manifest[k]?.isDynamicEntry);
  const users = new Map<string, number>();
  for (const c of lazyEntries.map((k) => closures.get(k) ?? closure(k)))
    for (const key of c) if (!shell.has(key)) users.set(key, (users.get(key) ?? 0) + 1);
  return pages
    .map((p) => {
      const own = [...closures.get(p)!].filter((k) => !shell.has(k) && users.get(k) === 1);
      const kb = own.reduce((sum, k) => sum + gzipKb(manifest[k]!.file), 0);
      return { page: pageName(manifest[p]?.src ?? p), kb };
    })
    .sort((a, b) => b.kb - a.kb);
}

/**
 * One lazy page (its source path's ending, e.g. `decorate/pages/PageBuilderPage.tsx`): its route
 * chunk, and everything it loads statically beyond the shell (shared chunks included: what opening
 * it first downloads at most), gzip KB. Null when the build has no such page.
 */
export function pageChunk(
  srcEnding: string,
): { file: string; chunkKb: number; beyondShellKb: number; beyondShellFiles: number } | null {
  const manifest = readManifest();
  const key = Object.keys(manifest).find((k) => (manifest[k]?.src ?? k).endsWith(srcEnding));
  if (!key) return null;
  const shell = shellOf(manifest);
  const beyond = [...closureOf(manifest, key)].filter((k) => !shell.has(k));
  return {
    file: manifest[key]!.file,
    chunkKb: gzipKb(manifest[key]!.file),
    beyondShellKb: beyond.reduce((sum, k) => sum + gzipKb(manifest[k]!.file), 0),
    beyondShellFiles: beyond.length,
  };
}
