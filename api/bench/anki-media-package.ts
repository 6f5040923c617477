// The upload bench's package (test/fixtures/anki/scanned-images.ts):
// `node --import tsx bench/anki-media-package.ts <images> <bytes per image> <out.apkg>`.
import { writeFileSync } from 'node:fs';
import { scannedImagesPackage } from '../test/fixtures/anki/scanned-images';

const [images, size, out] = [Number(process.argv[2]), Number(process.argv[3]), process.argv[4] as string];
writeFileSync(out, await scannedImagesPackage(images, size));
