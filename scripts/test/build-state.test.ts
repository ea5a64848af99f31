import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inputsHash, PARTS, recordBuild, staleReason } from '../build-state.mjs';

const web = PARTS.find((p) => p.workspace === 'apps/web')!;
const server = PARTS.find((p) => p.workspace === 'apps/server')!;

function write(root: string, file: string, text: string): void {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
}

/** What `npm start` decides for a part: build (with the reason) or serve as it is. */
function decide(root: string, part: (typeof PARTS)[number]): string | null {
  return staleReason(root, part, inputsHash(root, part));
}

/** As `npm start` does after a successful build. */
function build(root: string, part: (typeof PARTS)[number]): void {
  write(root, part.output, 'built');
  recordBuild(root, part, inputsHash(root, part));
}

describe('npm start: build only when the sources changed', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'build-state-'));
    write(root, 'package.json', '{}');
    write(root, 'package-lock.json', '{"lockfileVersion":3}');
    write(root, 'tsconfig.base.json', '{}');
    write(root, 'packages/contract/src/index.ts', 'export const a = 1;');
    write(root, 'apps/web/src/main.tsx', 'console.log(1);');
    write(root, 'apps/web/index.html', '<div id="root"></div>');
    write(root, 'apps/server/src/main.ts', 'export {};');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds what was never built, then nothing while no source changes', () => {
    expect(decide(root, web)).toBe('尚未构建');
    build(root, web);
    expect(decide(root, web)).toBeNull();
    expect(decide(root, web)).toBeNull();
  });

  it('builds again after an edit, a new file, a deleted file, a lockfile or contract change', () => {
    const changes: (() => void)[] = [
      () => write(root, 'apps/web/src/main.tsx', 'console.log(2);'),
      () => write(root, 'apps/web/src/features/new.ts', 'export {};'),
      () => rmSync(join(root, 'apps/web/src/features/new.ts')),
      () => write(root, 'package-lock.json', '{"lockfileVersion":3,"x":1}'),
      () => write(root, 'packages/contract/src/index.ts', 'export const a = 2;'),
      () => write(root, 'apps/web/vite.config.ts', 'export default {};'),
    ];
    build(root, web);
    for (const change of changes) {
      change();
      expect(decide(root, web)).toBe('源代码已更改');
      build(root, web);
      expect(decide(root, web)).toBeNull();
    }
  });

  it('a web change does not rebuild the server; an output built elsewhere is rebuilt once', () => {
    build(root, web);
    build(root, server);
    write(root, 'apps/web/src/main.tsx', 'console.log(3);');
    expect(decide(root, server)).toBeNull();
    // `npm run build` (tests, CI) leaves no record: its sources are unknown, so build once.
    rmSync(join(root, web.outDir, '.build-inputs'));
    expect(decide(root, web)).toBe('构建来源未知');
    // Files of the output, dependencies and VCS metadata are not inputs.
    build(root, web);
    write(root, 'apps/web/dist/assets/x.js', '1');
    write(root, 'apps/web/node_modules/x/index.js', '1');
    expect(decide(root, web)).toBeNull();
  });
});

describe('the web build', () => {
  it('is a production build even with NODE_ENV=development', () => {
    const webDir = fileURLToPath(new URL('../../apps/web/', import.meta.url));
    const outDir = mkdtempSync(join(tmpdir(), 'web-build-'));
    try {
      const result = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
        cwd: webDir,
        env: { ...process.env, NODE_ENV: 'development' },
        encoding: 'utf8',
      });
      expect(result.status, result.stderr).toBe(0);
      const assets = join(outDir, 'assets');
      const chunks = readdirSync(assets)
        .filter((f) => f.endsWith('.js'))
        .map((name) => ({ name, code: readFileSync(join(assets, name), 'utf8') }));
      const chunksWith = (text: string) =>
        chunks.filter((c) => c.code.includes(text)).map((c) => c.name);
      // React's development runtime: jsxDEV calls carrying each element's source file.
      expect(chunksWith('jsxDEV')).toEqual([]);
      expect(chunksWith(webDir)).toEqual([]);
      // The production runtime throws minified errors pointing to react.dev/errors.
      expect(chunksWith('react.dev/errors/').length).toBeGreaterThan(0);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  }, 120_000);
});
