import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * The address learners reach the app at, for links the api hands out (the calendar feed) and
 * for the socket in the CSP. PUBLIC_URL when set; otherwise the address the app listens on. Never
 * the request's Host header: anyone can write that, and the link would point to their site.
 */
export function publicUrl(app: FastifyInstance, configured: string | undefined): string {
  if (configured) return configured.replace(/\/+$/, '');
  const address = app.server.address() as AddressInfo | null;
  if (!address) return 'http://127.0.0.1';
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
