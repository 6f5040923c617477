import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * The api's answers compressed for the clients that accept it, in one place, so `pnpm start`
 * has it with nothing in front (behind nginx, nginx must not compress again: README).
 * - Brotli at quality 1, else gzip at level 1: on this 2-core machine a 1,000-card page (487 kB
 *   of JSON) takes 1.0 ms at Brotli 1 (72 kB), 3.1 ms at Brotli 4 (73 kB), 2.0 ms at gzip 1
 *   (80 kB) and 3.6 ms at gzip 6 (75 kB): the lowest levels keep nearly all the gain.
 * - Streams (export.json, revlog.csv) are compressed as they go. What is compressed already
 *   (an .apkg, images) or is not compressible by its type is sent as it is, and so are the built
 *   web app's files, which the build compressed once (their Content-Encoding is set).
 * - Server-sent events (the agent) write to the socket themselves and are not touched, nor is
 *   Socket.IO, whose messages are small (engine.io's perMessageDeflate stays off).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_FROM_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
  });
}
