import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

// Text the browser downloads; images and fonts are compressed already and stay as they are.
const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|map)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

/**
 * Writes a Brotli (.br, best quality) and a gzip (.gz) copy beside every text file of the build,
 * once, so the server sends the one the browser accepts and compresses nothing per request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'learnboost-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Last, and only once every other plugin's closeBundle is done: the service worker (sw.js,
    // workbox-*.js) is written there, and must be compressed whole, not while it is being written.
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of filesUnder(outDir).filter((f) => TEXT.test(f))) {
          const bytes = readFileSync(file);
          writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
          writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        }
      },
    },
  };
}
