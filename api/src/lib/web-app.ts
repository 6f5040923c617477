import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// From api/src/lib the repo root is three levels up; from the bundled api/dist, two.
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = here.includes(`${path.sep}src${path.sep}`)
  ? path.resolve(here, '../../..')
  : path.resolve(here, '../..');
export const defaultWebDist = path.join(repoRoot, 'web', 'dist');

/**
 * Serves the built web app at / (one origin with the api). Client routes fall back to
 * index.html; anything else unknown answers 404 JSON.
 */
export async function serveWebApp(
  app: FastifyInstance,
  where: { webDist: string } | { devWebUrl: string },
): Promise<void> {
  if ('devWebUrl' in where) return pointToDevServer(app, where.devWebUrl);
  const { webDist } = where;
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // The build wrote .br and .gz beside each text file: sent as the browser accepts, with
      // Content-Encoding and Vary, and no compression work per request.
      preCompressed: true,
      // Ours below, not the plugin's max-age=0 for everything.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Vite fingerprints assets, so they never change; index.html must always be fresh.
        // The service worker (sw.js) is no-cache too: a browser checks it on every visit, so a
        // new version is found at once (browsers cap a worker's cache at a day anyway).
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (filePath.endsWith('.webmanifest')) res.setHeader('content-type', 'application/manifest+json');
        // A text file has .br and .gz copies: caches must keep one answer per Accept-Encoding.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  } else {
    app.log.warn({ webDist }, 'web app not built: run `pnpm build` to serve it at /');
  }
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '';
    // A missing file (a stale /assets/app-1234.js) must be a 404, not the page in its place.
    const looksLikeFile = /\.[a-z0-9]+$/i.test(pathname) || pathname.startsWith('/assets/');
    const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !pathname.startsWith('/api') && !looksLikeFile;
    if (hasWeb && wantsPage) return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    return reply.code(404).send({ error: 'Not found' });
  });
}

/**
 * Under `pnpm dev` the app is Vite's, with hot reload: a page asked of the api's own port (an old
 * bookmark, the port a newcomer guessed) is sent there, never to a stale build.
 */
function pointToDevServer(app: FastifyInstance, devWebUrl: string): void {
  const base = devWebUrl.replace(/\/$/, '');
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '';
    if ((req.method === 'GET' || req.method === 'HEAD') && !pathname.startsWith('/api')) {
      return reply.redirect(`${base}${req.url}`, 307);
    }
    return reply.code(404).send({ error: 'Not found' });
  });
}
