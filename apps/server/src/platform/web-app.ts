import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Serves the built web app (apps/web/dist) on the API's port: hashed /assets/* cached forever,
 * index.html never cached, and every non-API page path answered with index.html (history
 * fallback) so the client router takes over. index.html gets the API service segment injected
 * into `<meta name="api-base">`, which is how the web finds `/{service}`.
 */

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
const API_BASE_META = /(<meta\s+name=["']api-base["']\s+content=["'])[^"']*(["'])/i;

export interface WebApp {
  sendIndex(reply: FastifyReply): FastifyReply;
}

export function injectApiBase(html: string, apiPrefix: string): string {
  return html.replace(API_BASE_META, `$1${apiPrefix}$2`);
}

/** Register static serving when the web app is built; returns null (and says so) when it is not. */
export async function registerWebApp(
  app: FastifyInstance,
  opts: { webDist: string; apiPrefix: string },
): Promise<WebApp | null> {
  const indexFile = path.join(opts.webDist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(
      { webDist: opts.webDist },
      '未找到前端构建产物（index.html），只提供 API；请先运行 npm run build -w apps/web',
    );
    return null;
  }
  const indexHtml = injectApiBase(fs.readFileSync(indexFile, 'utf8'), opts.apiPrefix);

  await app.register(fastifyStatic, {
    root: opts.webDist,
    prefix: '/',
    index: false,
    cacheControl: false,
    schemaHide: true,
    // index.html is served by sendIndex, with the api-base meta filled in; the build manifest
    // (dist/.vite/, read by bench/) is not for browsers.
    allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/.vite/'),
    setHeaders: (res, filePath) => {
      const relative = path.relative(opts.webDist, filePath).split(path.sep);
      res.setHeader('cache-control', relative[0] === 'assets' ? IMMUTABLE : NO_CACHE);
    },
  });

  const web: WebApp = {
    sendIndex: (reply) =>
      reply
        .code(200)
        .header('cache-control', NO_CACHE)
        .type('text/html; charset=utf-8')
        .send(indexHtml),
  };
  // The root is a folder to the static handler (which would refuse it): answer it explicitly.
  app.get('/', { schema: { hide: true } }, async (_request, reply) => web.sendIndex(reply));
  return web;
}

/** A page path of the client router, as opposed to a missing file such as /assets/x.js. */
export function isHistoryPath(urlPath: string): boolean {
  if (urlPath === '/index.html') return true;
  const last = urlPath.split('/').pop() ?? '';
  return !last.includes('.');
}
