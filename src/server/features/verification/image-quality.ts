import { loadSharp } from '../../media/sharp';

/** Shorter side below this (in stored pixels) is too small to recognise anyone. */
const MIN_SHORT_SIDE = 400;
/** Variance of the Laplacian below this is blurry (grey levels², measured at up to 1080 px). */
const MIN_SHARPNESS = 60;
/** Mean luminance outside this band is too dark / too bright. */
const MIN_BRIGHTNESS = 55;
const MAX_BRIGHTNESS = 215;
/** Measured at this size at most, so every photo is judged at a comparable scale. */
const MEASURE_SIZE = 1080;

interface ImageQuality {
  width: number;
  height: number;
  sharpness: number;
  brightness: number;
  qualityScore: number;
  reasons: string[];
}

/**
 * Quality measured from the pixels: resolution, sharpness as the variance of a 4-neighbour Laplacian
 * of the grey image (edges make it large, blur flattens it) and exposure as the histogram's mean.
 */
export async function measureQuality(image: Buffer): Promise<ImageQuality> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(image)
    .rotate()
    .resize(MEASURE_SIZE, MEASURE_SIZE, { fit: 'inside', withoutEnlargement: true })
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const brightness = histogramMean(data);
  const sharpness = laplacianVariance(data, width, height);

  const reasons: string[] = [];
  if (Math.min(width, height) < MIN_SHORT_SIDE) reasons.push('too small');
  if (sharpness < MIN_SHARPNESS) reasons.push('blurry');
  if (brightness < MIN_BRIGHTNESS) reasons.push('too dark');
  if (brightness > MAX_BRIGHTNESS) reasons.push('too bright');

  const resolutionPart = Math.min(1, Math.min(width, height) / 800);
  // Sharpness spans orders of magnitude (a few for blur, thousands for fine detail): scored on a log scale.
  const sharpnessPart = Math.min(1, Math.log10(1 + sharpness) / Math.log10(1 + MIN_SHARPNESS * 5));
  const exposurePart = Math.max(0, 1 - Math.max(0, Math.abs(brightness - 128) - 40) / 88);
  const score = Math.round(((resolutionPart + sharpnessPart + exposurePart) / 3) * 100);
  // A photo that fails a check never scores as a pass (50 and up).
  const qualityScore = reasons.length > 0 ? Math.min(score, 49) : score;
  return { width, height, sharpness, brightness, qualityScore, reasons };
}

function histogramMean(grey: Buffer): number {
  const histogram = new Array<number>(256).fill(0);
  for (const value of grey) histogram[value] = (histogram[value] ?? 0) + 1;
  let sum = 0;
  for (let level = 0; level < 256; level += 1) sum += level * (histogram[level] ?? 0);
  return grey.length === 0 ? 0 : sum / grey.length;
}

function laplacianVariance(grey: Buffer, width: number, height: number): number {
  if (width < 3 || height < 3) return 0;
  let sum = 0;
  let sumSquares = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      const i = y * width + x;
      const value =
        (grey[i - 1] ?? 0) + (grey[i + 1] ?? 0) + (grey[i - width] ?? 0) + (grey[i + width] ?? 0) - 4 * (grey[i] ?? 0);
      sum += value;
      sumSquares += value * value;
      n += 1;
    }
  }
  const mean = sum / n;
  return sumSquares / n - mean * mean;
}
