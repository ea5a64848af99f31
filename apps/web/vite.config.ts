import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { DEFAULT_PRODUCT_TITLE } from '../../packages/contract/src/constants.js';

const contract = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));

/**
 * Chunking: react + react-router form one long-cached chunk; echarts/zrender form one chunk that
 * only the home page's chart imports. antd is deliberately NOT forced into one chunk: Rollup splits
 * it by use, so /login only downloads the components the login form needs and each lazy page adds
 * the components it uses (a single antd chunk would put every component of every page on /login).
 */
function manualChunks(id: string): string | undefined {
  if (!id.includes('/node_modules/')) return undefined;
  if (
    /\/node_modules\/(react|react-dom|scheduler|react-router|cookie|set-cookie-parser)\//.test(id)
  ) {
    return 'react';
  }
  if (/\/node_modules\/(echarts|zrender)\//.test(id)) return 'echarts';
  return undefined;
}

const contractDir = fileURLToPath(new URL('../../packages/contract/src/', import.meta.url));

/**
 * The contract builds its zod schemas at module top level (`export const x = z.object(...)`).
 * Bundlers must assume such calls have side effects, so every schema — and zod with it, ~55 KB
 * gzip — would land in /login although the shell only uses the contract's types and constants.
 * This marks those initialisers pure (a `@__PURE__` IIFE), so unused schemas are dropped.
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
            declarations?: { init?: { start: number; end: number } | null }[];
          };
          declarations?: { init?: { start: number; end: number } | null }[];
        }[];
      };
      const inits: { start: number; end: number }[] = [];
      for (const node of ast.body) {
        const decl = node.type === 'ExportNamedDeclaration' ? node.declaration : node;
        if (decl?.type !== 'VariableDeclaration') continue;
        for (const d of decl.declarations ?? []) {
          if (d.init && /\bz\./.test(code.slice(d.init.start, d.init.end))) inits.push(d.init);
        }
      }
      if (inits.length === 0) return null;
      let out = code;
      for (const { start, end } of inits.sort((x, y) => y.start - x.start)) {
        out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
      }
      return { code: out, map: null };
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

export default defineConfig({
  plugins: [react(), productTitle(), pureContractSchemas()],
  resolve: { alias: { '@health/contract': contract } },
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
      output: { manualChunks },
    },
  },
});
