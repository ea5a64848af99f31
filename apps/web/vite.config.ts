import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { DEFAULT_PRODUCT_TITLE } from '../../packages/contract/src/constants.js';

const contract = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));
const nativeResizeObserver = fileURLToPath(
  new URL('./src/shared/vendor/resize-observer.ts', import.meta.url),
);
// react-router's package exports resolve to its development build in every condition (its own
// Vite plugin swaps in dist/production); the production build drops the development warnings.
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/**
 * Chunking (Rolldown's code-splitting groups; a higher priority captures a module first):
 * - react + react-router form one long-cached chunk; zod one chunk that only pages validating forms
 *   import; echarts is left to the automatic split, so the home chart's line series does not
 *   bring the check-in page's bar series (each chart imports only its parts from echarts/core);
 * - one chunk per contract module: the shell and /login use constants, the catalogue and helpers,
 *   and must not download a module's zod schemas (and zod) because some page uses that module too.
 * antd is deliberately NOT forced into one chunk: it is split by use, so /login only downloads the
 * components the login form needs and each lazy page adds the components it uses.
 */
const chunkGroups = [
  {
    name: 'react',
    test: /\/node_modules\/(react|react-dom|scheduler|react-router|cookie|set-cookie-parser)\//,
    priority: 30,
  },
  { name: 'zod', test: /\/node_modules\/zod\//, priority: 30 },
  {
    name: (id: string) => `contract-${/\/([\w-]+)\.ts$/.exec(id)?.[1] ?? 'module'}`,
    // Not the barrel (index.ts): as a chunk of its own it would import every module's chunk.
    test: /\/packages\/contract\/src\/(?!index\.ts$)[\w-]+\.ts$/,
    priority: 20,
    // Each module alone (not with the modules it imports): the contract is pure, so the order in
    // which its chunks run does not matter.
    includeDependenciesRecursively: false,
  },
];

const contractDir = fileURLToPath(new URL('../../packages/contract/src/', import.meta.url));

/**
 * The contract builds its zod schemas at module top level (`export const x = z.object(...)`).
 * Bundlers must assume such calls have side effects, so every schema — and zod with it, ~55 KB
 * gzip — would land in /login although the shell only uses the contract's types and constants.
 * This marks those initialisers pure (a `@__PURE__` IIFE), so unused schemas are dropped.
 * (`sideEffects: false` would not do: the contract is aliased to its sources, and it works per
 * module, while the shell does use a few constants of the modules that hold schemas.)
 */
function pureContractSchemas(): Plugin {
  return {
    name: 'pure-contract-schemas',
    apply: 'build',
    transform(code, id) {
      if (!id.startsWith(contractDir)) return null;
      const ast = this.parse(code) as unknown as {
        body: {
          type: string;
          declaration?: {
            type: string;
            declarations?: { init?: { type: string; start: number; end: number } | null }[];
          };
          declarations?: { init?: { type: string; start: number; end: number } | null }[];
        }[];
      };
      const inits: { start: number; end: number }[] = [];
      for (const node of ast.body) {
        const decl = node.type === 'ExportNamedDeclaration' ? node.declaration : node;
        if (decl?.type !== 'VariableDeclaration') continue;
        for (const d of decl.declarations ?? []) {
          // Schemas (`z.object(...)`) and schemas derived by a call (`listQuerySchema.extend(...)`,
          // `pageOf(item)`): the contract has no top-level call with a side effect.
          const init = d.init;
          if (
            init &&
            (init.type === 'CallExpression' || /\bz\./.test(code.slice(init.start, init.end)))
          )
            inits.push(init);
        }
      }
      // The contract has no side effects: a module (the index barrel too) is included only for
      // the exports something uses, and imports through the barrel go straight to the module.
      if (inits.length === 0) return { code, map: null, moduleSideEffects: false };
      let out = code;
      for (const { start, end } of inits.sort((x, y) => y.start - x.start)) {
        out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
      }
      return { code: out, map: null, moduleSideEffects: false };
    },
  };
}

const formLabelTooltip = fileURLToPath(
  new URL('./src/shared/vendor/form-label-tooltip.tsx', import.meta.url),
);

/**
 * antd's form label imports Tooltip for its `tooltip` prop: that import (only) loads Tooltip on
 * demand (src/shared/vendor/form-label-tooltip.tsx), so a form without label tooltips — /login —
 * does not download the popup machinery.
 */
function lazyFormLabelTooltip(): Plugin {
  return {
    name: 'lazy-form-label-tooltip',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '../tooltip' && importer?.endsWith('/antd/es/form/FormItemLabel.js'))
        return formLabelTooltip;
      return null;
    },
  };
}

/**
 * Libraries that only some pages need, by module path. The bench (bench/run.ts) checks that no chunk
 * holding one loads on /login or the landing unless that page uses it.
 */
const HEAVY_PARTS: Record<string, RegExp> = {
  echarts: /\/node_modules\/(echarts|zrender)\//,
  tiptap: /\/node_modules\/(@tiptap\/|prosemirror-)/,
  'ECG viewer': /\/apps\/web\/src\/shared\/ecg\//,
};

/** dist/.vite/heavy-chunks.json: which chunk files hold which of HEAVY_PARTS (Vite's manifest does not say). */
function heavyChunks(): Plugin {
  return {
    name: 'heavy-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const found: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const parts = Object.keys(HEAVY_PARTS).filter((part) =>
          chunk.moduleIds.some((id) => HEAVY_PARTS[part]!.test(id)),
        );
        if (parts.length > 0) found[chunk.fileName] = parts;
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/heavy-chunks.json',
        source: `${JSON.stringify(found, null, 2)}\n`,
      });
    },
  };
}

/** index.html's <title> comes from the contract's product title (one place). */
function productTitle(): Plugin {
  return {
    name: 'product-title',
    transformIndexHtml: (html) => html.replace('%PRODUCT_TITLE%', DEFAULT_PRODUCT_TITLE),
  };
}

export default defineConfig(({ command }) => {
  // A build is always a production build: NODE_ENV=development in the shell (a developer's profile,
  // a CI image) would otherwise give React's development runtime, jsxDEV with source paths and all.
  // Vite reads NODE_ENV after loading this file, so setting it here decides the build's mode.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [
      react(),
      productTitle(),
      pureContractSchemas(),
      lazyFormLabelTooltip(),
      heavyChunks(),
    ],
    resolve: {
      alias: [
        { find: '@health/contract', replacement: contract },
        ...(command === 'build'
          ? [
              { find: /^resize-observer-polyfill$/, replacement: nativeResizeObserver },
              { find: /^react-router$/, replacement: reactRouterProduction },
            ]
          : []),
      ],
    },
    server: {
      port: 5173,
      proxy: {
        '/api': { target: 'http://localhost:8080', changeOrigin: true },
        '/uploads': { target: 'http://localhost:8080', changeOrigin: true },
      },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      chunkSizeWarningLimit: 800,
      // dist/.vite/manifest.json: which chunks each lazy page loads (bench/ checks page budgets).
      manifest: true,
      rollupOptions: {
        output: { codeSplitting: { groups: chunkGroups } },
        // rc-field-form (antd's form state) declares no `sideEffects`, so importing its index for
        // FormProvider — which antd's ContextIsolator does, under every popup — keeps the whole
        // form machinery and validator (~14 KB gzip) on pages without a form, such as the landing.
        // Its modules have no side effects beyond the index's static fields on its own Form.
        treeshake: {
          moduleSideEffects: (id: string) => !/\/node_modules\/rc-field-form\//.test(id),
        },
      },
    },
  };
});
