// Whether a built part (contract, server, web) is the build of the current sources: a SHA-256 of
// every input file (path and content) is stored beside the output after each build, and the part
// is built again when that hash differs (a `git pull`, an edit, a new lockfile) or is missing.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Root files every part depends on: dependency versions and the shared compiler options. */
const ROOT_INPUTS = ['package.json', 'package-lock.json', 'tsconfig.base.json'];
const CONTRACT_INPUTS = [
  'packages/contract/src',
  'packages/contract/package.json',
  'packages/contract/tsconfig.json',
  'packages/contract/tsconfig.build.json',
];

/**
 * The parts `npm start` needs, in build order. `output` proves a build exists; the hash of the
 * inputs is kept in `<outDir>/.build-inputs` (inside the folder the build writes, so deleting the
 * output deletes the record too).
 */
export const PARTS = [
  {
    workspace: 'packages/contract',
    outDir: 'packages/contract/dist',
    output: 'packages/contract/dist/index.js',
    inputs: [...ROOT_INPUTS, ...CONTRACT_INPUTS],
  },
  {
    workspace: 'apps/server',
    outDir: 'apps/server/dist',
    output: 'apps/server/dist/main.js',
    inputs: [
      ...ROOT_INPUTS,
      ...CONTRACT_INPUTS,
      'apps/server/src',
      'apps/server/package.json',
      'apps/server/tsconfig.json',
      'apps/server/tsconfig.build.json',
    ],
  },
  {
    workspace: 'apps/web',
    outDir: 'apps/web/dist',
    output: 'apps/web/dist/index.html',
    inputs: [
      ...ROOT_INPUTS,
      ...CONTRACT_INPUTS,
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      'apps/web/tsconfig.json',
    ],
  },
];

const RECORD = '.build-inputs';
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git']);

/** Every file under `path` (a file or a folder), as paths relative to root, sorted. */
function filesOf(root, path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [path];
  const found = [];
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIPPED_DIRS.has(entry.name)) continue;
    const child = join(path, entry.name);
    if (entry.isDirectory()) found.push(...filesOf(root, child));
    else if (entry.isFile()) found.push(child);
  }
  return found;
}

/** SHA-256 over the sorted input files' paths and contents (a rename or a new file counts too). */
export function inputsHash(root, part) {
  const files = [...new Set(part.inputs.flatMap((p) => filesOf(root, p)))]
    .map((f) => relative(root, join(root, f)).split(sep).join('/'))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * Why the part must be built again, or null when its output is the build of these inputs.
 * `hash` is the current inputs' hash (computed by the caller, once).
 */
export function staleReason(root, part, hash) {
  if (!existsSync(join(root, part.output))) return '尚未构建';
  const recordFile = join(root, part.outDir, RECORD);
  if (!existsSync(recordFile)) return '构建来源未知';
  return readFileSync(recordFile, 'utf8').trim() === hash ? null : '源代码已更改';
}

/** After a successful build: remember which inputs it was built from. */
export function recordBuild(root, part, hash) {
  writeFileSync(join(root, part.outDir, RECORD), `${hash}\n`);
}

/**
 * Build the parts (all, or with `onlyChanged` those whose sources changed since their last build)
 * as production builds, recording each one's inputs. Returns false after a failed build.
 */
export function buildParts(root, { onlyChanged }) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  for (const part of PARTS) {
    const hash = inputsHash(root, part);
    const reason = onlyChanged ? staleReason(root, part, hash) : '完整构建';
    if (reason === null) continue;
    console.log(`构建 ${part.workspace}（${reason}）...`);
    // tsc does not remove the output of deleted sources; vite empties its folder itself.
    rmSync(join(root, part.outDir), { recursive: true, force: true });
    const result = spawnSync(npm, ['run', 'build', '-w', part.workspace], {
      cwd: root,
      stdio: 'inherit',
      // For serving: never React's development runtime (vite.config.ts forces it too).
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) {
      console.error(`构建 ${part.workspace} 失败`);
      return false;
    }
    recordBuild(root, part, hash);
  }
  return true;
}
