import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { publicUrl } from './public-url';

/**
 * Security headers on every answer, for the one origin that serves the web app and the api. The
 * token lives in localStorage, so the CSP is what stands between an injected script and it:
 * scripts only from the app's own files (no inline script; the theme snippet is /theme.js),
 * connections to itself and its socket, images also from data: and blob: (OCR previews, the CSV
 * export's download link). Styles allow inline: Radix and sonner set style attributes and tags.
 */
export async function registerSecurityHeaders(app: FastifyInstance, configuredPublicUrl?: string): Promise<void> {
  const socketOrigin = () => publicUrl(app, configuredPublicUrl).replace(/^http/, 'ws');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // 'self' covers the same-origin WebSocket in current browsers; the explicit ws(s) origin
        // covers those that read 'self' as http(s) only.
        connectSrc: ["'self'", socketOrigin],
        // The service worker (sw.js) and the install manifest: the app's own files only.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // The app may be served over plain HTTP on a LAN; HSTS belongs to the TLS-terminating proxy.
    strictTransportSecurity: false,
  });
}
