// Draws the app's install icons from the favicon's bolt, with Debian's Chromium, into public/icons/.
// Run once when the logo changes (`../api/node_modules/.bin/tsx scripts/make-icons.ts` in web/); the PNGs are committed,
// so a build needs no browser.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const BOLT = 'M17.5 5 9 18h6l-1.5 9L23 14h-6z';

// "any": the favicon's rounded square. "maskable": full bleed, the bolt inside the 80% safe zone.
const svg = (maskable: boolean) =>
  maskable
    ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#4f46e5"/><g transform="translate(16 16) scale(0.7) translate(-16 -16)"><path d="${BOLT}" fill="#fff"/></g></svg>`
    : `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#4f46e5"/><path d="${BOLT}" fill="#fff"/></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const icon of icons) {
  const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
  const body = svg(icon.maskable).replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
  await page.setContent(`<html><body style="margin:0;background:transparent">${body}</body></html>`);
  await page.screenshot({ path: path.join(out, icon.file), omitBackground: true });
  await page.close();
}
await browser.close();
