/**
 * Writes the PWA icons into src/web/public/icons from one SVG mark, with sharp. Run it after
 * changing the mark: `npx tsx scripts/generate-icons.ts`; the PNGs are committed, so a build needs no step.
 * - icon-192/512: the mark on its rounded plum tile (purpose "any");
 * - maskable-512: the mark inside the 80 % safe zone on a full-bleed tile (purpose "maskable");
 * - apple-touch-icon: 180 px, full-bleed (iOS rounds the corners itself);
 * - badge-96: the leaf alone, white on transparent (Android tints notification badges).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.resolve(import.meta.dirname, '../src/web/public/icons');
const PLUM = '#6b2458';
const LEAF = '#cfe3a8';
const leaf = (colour: string) =>
  `<path d="M20 44c0-14 10-24 26-26-1 16-11 26-24 26m0 0c4-8 10-14 16-18" fill="none" stroke="${colour}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>`;

const tile = (rounded: boolean, scale = 1) => {
  const offset = (64 - 64 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" ${rounded ? 'rx="14"' : ''} fill="${PLUM}"/><g transform="translate(${offset} ${offset}) scale(${scale})">${leaf(LEAF)}</g></svg>`;
};
const badge = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><g transform="translate(-4 2) scale(1.15)">${leaf('#ffffff')}</g></svg>`;

const icons: { file: string; svg: string; size: number }[] = [
  { file: 'icon-192.png', svg: tile(true), size: 192 },
  { file: 'icon-512.png', svg: tile(true), size: 512 },
  { file: 'maskable-512.png', svg: tile(false, 0.8), size: 512 },
  { file: 'apple-touch-icon.png', svg: tile(false, 0.9), size: 180 },
  { file: 'badge-96.png', svg: badge, size: 96 },
];

await mkdir(OUT, { recursive: true });
for (const icon of icons) {
  await sharp(Buffer.from(icon.svg), { density: 72 * (icon.size / 64) * 1.2 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(OUT, icon.file));
}
console.log(`wrote ${icons.length} icons to ${path.relative(process.cwd(), OUT)}`);
