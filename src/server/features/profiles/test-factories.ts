import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import exifr from 'exifr';
import sharp from 'sharp';
import { form } from '../../test/multipart';

/*
 * Real image files made in the test, and tools to look inside what the server publishes.
 */

export const GPS = { latitude: 45.52, longitude: -122.675 };
const XMP_CREATOR = 'Planted XMP Creator';

/**
 * A JPEG as a phone writes it: landscape pixels with EXIF orientation 6 (rotate 90° to view),
 * GPS coordinates, a camera make and an XMP creator.
 */
export async function jpegWithGps(width = 1600, height = 1200): Promise<Buffer> {
  const jpeg = await sharp({ create: { width, height, channels: 3, background: '#a8427a' } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PlantedCam', Model: 'GPS Tester' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '45/1 31/1 12/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '122/1 40/1 30/1',
      },
    })
    .withXmp(
      '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">' +
        '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" ' +
        `xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>${XMP_CREATOR}</dc:creator></rdf:Description>` +
        '</rdf:RDF></x:xmpmeta><?xpacket end="w"?>',
    )
    .toBuffer();
  return jpeg;
}

/** A small photo of the given type, with a random colour so every upload differs. */
export async function smallImage(
  format: 'png' | 'jpeg' | 'webp' | 'avif' = 'png',
  width = 40,
  height = 30,
): Promise<Buffer> {
  const [r = 0, g = 0, b = 0] = randomBytes(3);
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .toFormat(format)
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * A well-formed PNG whose header declares width×height RGB pixels, carrying one tiny IDAT.
 * It is a few dozen bytes, but decoding it would need width×height×3 bytes of memory.
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 0, 0, 0]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
    '<script>alert(document.cookie)</script><rect width="10" height="10" fill="red"/></svg>',
);

export interface FilePart {
  field?: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body of files (field `photo` unless named), as a browser would send it. */
export function multipart(parts: FilePart[]): { payload: Buffer; headers: Record<string, string> } {
  return form(parts.map(({ field, ...file }) => ({ name: field ?? 'photo', ...file })));
}

/** The chunk ids of a RIFF/WebP file, in order. */
function webpChunks(data: Buffer): Array<{ id: string; data: Buffer }> {
  if (data.toString('latin1', 0, 4) !== 'RIFF' || data.toString('latin1', 8, 12) !== 'WEBP')
    throw new Error('not a WebP file');
  const chunks: Array<{ id: string; data: Buffer }> = [];
  for (let at = 12; at + 8 <= data.length;) {
    const size = data.readUInt32LE(at + 4);
    chunks.push({ id: data.toString('latin1', at, at + 4), data: data.subarray(at + 8, at + 8 + size) });
    at += 8 + size + (size % 2);
  }
  return chunks;
}

/** Chunks that only carry image data; anything else in a WebP is metadata. */
const IMAGE_CHUNKS = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF']);

/**
 * Everything metadata-like in a WebP. exifr cannot open WebP files, so the EXIF chunk (a TIFF
 * structure behind an optional 'Exif\0\0' prefix) is handed to exifr on its own.
 */
export async function webpMetadata(
  data: Buffer,
): Promise<{ chunks: string[]; exif: Record<string, unknown> | undefined }> {
  const chunks = webpChunks(data);
  const exifChunk = chunks.find((c) => c.id === 'EXIF');
  let exif: Record<string, unknown> | undefined;
  if (exifChunk) {
    const tiff = exifChunk.data.toString('latin1', 0, 4) === 'Exif' ? exifChunk.data.subarray(6) : exifChunk.data;
    exif = (await exifr.parse(tiff, true)) as Record<string, unknown> | undefined;
  }
  return { chunks: chunks.map((c) => c.id).filter((id) => !IMAGE_CHUNKS.has(id)), exif };
}

/** Strings from the planted metadata that must not survive anywhere in a published file. */
export const PLANTED_STRINGS = ['PlantedCam', 'GPS Tester', XMP_CREATOR, 'Exif', 'xmpmeta'];
