import type { Sharp } from 'sharp';
import { loadSharp } from '../../media/sharp';
import { MAX_PHOTO_PIXELS } from '../../../contract/profiles';
import { AppError } from '../../http/errors';
import { localText } from '../../i18n';

type ImageType = 'jpeg' | 'png' | 'webp' | 'heif';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** ISO-BMFF major brands of HEIF images: HEIC (HEVC-coded) and AVIF (AV1-coded). */
const HEIF_BRANDS = new Set([
  'heic',
  'heix',
  'hevc',
  'hevx',
  'heim',
  'heis',
  'hevm',
  'hevs',
  'mif1',
  'msf1',
  'avif',
  'avis',
]);

/** The two published sizes: width bound, with the height bounded at twice that for very tall images. */
const RENDITIONS = {
  large: { width: 1080, quality: 82 },
  small: { width: 320, quality: 76 },
} as const;

/** Decoding is the memory-hungry part; at most this many photos are decoded at once per process. */
const MAX_CONCURRENT_DECODES = 2;

/** What a file really is, from its first bytes. Its name and declared content type are not trusted. */
export function sniffImageType(data: Buffer): ImageType | undefined {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  if (
    data.length >= 12 &&
    data.toString('latin1', 4, 8) === 'ftyp' &&
    HEIF_BRANDS.has(data.toString('latin1', 8, 12))
  ) {
    return 'heif';
  }
  return undefined;
}

interface PhotoRenditions {
  large: Buffer;
  small: Buffer;
}

const unsupportedImage = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', localText('photosMustBeJpeg'));
const tooManyPixels = () =>
  new AppError(
    413,
    'PAYLOAD_TOO_LARGE',
    localText('photosAtMostMegapixels', { megapixels: MAX_PHOTO_PIXELS / 1_000_000 }),
  );

/** A file that looked like an image by its first bytes but cannot be decoded. */
function unreadable(type: ImageType): AppError {
  // The bundled libvips decodes AV1-coded HEIF (AVIF) only; HEVC-coded HEIC has no decoder here.
  if (type === 'heif') {
    return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', localText('thisHeicPhotoCant'));
  }
  return new AppError(400, 'BAD_REQUEST', localText('thisPhotoCouldNot'));
}

/**
 * Turns an upload into the two WebP renditions that get published: auto-rotated from EXIF, and with
 * every byte of metadata (EXIF incl. GPS, XMP, IPTC, ICC) left behind, because sharp writes none
 * unless asked to (no withMetadata()). The upload itself is never stored.
 */
export async function renderPhoto(data: Buffer): Promise<PhotoRenditions> {
  const { type } = await checkedHeader(data);
  return withDecodeSlot(async () => {
    const source = await decoder(data);
    const render = ({ width: w, quality }: { width: number; quality: number }) =>
      source
        .clone()
        .resize({ width: w, height: w * 2, fit: 'inside', withoutEnlargement: true })
        .webp({ quality })
        .toBuffer();
    try {
      const [large, small] = await Promise.all([render(RENDITIONS.large), render(RENDITIONS.small)]);
      return { large, small };
    } catch (error) {
      throw decodeFailure(error, type);
    }
  });
}

interface ChatImage {
  /** WebP, its long side at most `maxSide`, no metadata. */
  image: Buffer;
  width: number;
  height: number;
  /** A ~24 px wide, blurred WebP as a data URL: what the recipient sees before she taps. */
  placeholder: string;
}

/**
 * A photo sent in a chat, through the same checks and re-encode as a profile photo (sniffed type,
 * header-only pixel check, decode limit, EXIF/GPS/XMP/ICC dropped), at chat size.
 */
export async function renderChatImage(data: Buffer, maxSide: number): Promise<ChatImage> {
  const { type } = await checkedHeader(data);
  return withDecodeSlot(async () => {
    const source = await decoder(data);
    try {
      const { data: image, info } = await source
        .clone()
        .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      const tiny = await source
        .clone()
        .resize({ width: 24, height: 24, fit: 'inside' })
        .blur(2)
        .webp({ quality: 40 })
        .toBuffer();
      return {
        image,
        width: info.width,
        height: info.height,
        placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
      };
    } catch (error) {
      throw decodeFailure(error, type);
    }
  });
}

/** The sniffed type and the size from the header alone: a 30000×30000 PNG is refused without decoding a pixel. */
async function checkedHeader(data: Buffer): Promise<{ type: ImageType; width: number; height: number }> {
  const type = sniffImageType(data);
  if (!type) throw unsupportedImage();
  let width: number;
  let height: number;
  try {
    const sharp = await loadSharp();
    const meta = await sharp(data, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) throw unreadable(type);
    width = meta.width;
    height = meta.height;
  } catch (error) {
    throw error instanceof AppError ? error : unreadable(type);
  }
  if (width * height > MAX_PHOTO_PIXELS) throw tooManyPixels();
  return { type, width, height };
}

/** limitInputPixels again: the header check and the decoder must agree, whatever the header says. */
async function decoder(data: Buffer): Promise<Sharp> {
  const sharp = await loadSharp();
  return sharp(data, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' }).rotate();
}

function decodeFailure(error: unknown, type: ImageType): AppError {
  if (error instanceof Error && /pixel limit/i.test(error.message)) return tooManyPixels();
  return unreadable(type);
}

let decoding = 0;
const waiting: Array<() => void> = [];

async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (decoding >= MAX_CONCURRENT_DECODES) await new Promise<void>((resolve) => waiting.push(resolve));
  else decoding += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // The slot passes straight to the next waiter, so `decoding` only drops when nobody waits.
    if (next) next();
    else decoding -= 1;
  }
}
