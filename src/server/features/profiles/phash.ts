import { loadSharp } from '../../media/sharp';

/** The grey thumbnail a difference hash compares: 9 columns give 8 left/right comparisons per row. */
const COLUMNS = 9;
const ROWS = 8;
/** A photo whose thumbnail varies less than this (out of 255) is a plain colour: nothing to fingerprint. */
const MIN_CONTRAST = 6;

/**
 * A 64-bit difference hash (dHash): each bit says whether a pixel of an 9×8 grey thumbnail is brighter
 * than its right neighbour. Re-encoding, resizing and mild colour changes keep it (within a few bits);
 * a different picture changes about half of them. Stored signed, as PostgreSQL's bigint is.
 */
export async function perceptualHash(image: Buffer): Promise<bigint | null> {
  const sharp = await loadSharp();
  const pixels = await sharp(image)
    .rotate()
    .grayscale()
    .resize(COLUMNS, ROWS, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  let min = 255;
  let max = 0;
  for (const value of pixels) {
    min = Math.min(min, value);
    max = Math.max(max, value);
  }
  if (max - min < MIN_CONTRAST) return null;
  let hash = 0n;
  for (let row = 0; row < ROWS; row += 1) {
    for (let column = 0; column < COLUMNS - 1; column += 1) {
      const left = pixels[row * COLUMNS + column] ?? 0;
      const right = pixels[row * COLUMNS + column + 1] ?? 0;
      hash = (hash << 1n) | (left > right ? 1n : 0n);
    }
  }
  return BigInt.asIntN(64, hash);
}
