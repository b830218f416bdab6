import { CHAT_IMAGE_MAX_SIDE, MAX_CHAT_IMAGE_BYTES } from '../../../contract/chat-media';
import { t } from '@lingui/core/macro';

/**
 * The longest side a photo leaves the phone at: twice what the server keeps (CHAT_IMAGE_MAX_SIDE), so its own
 * resize still has detail to work with, while a 12-megapixel camera photo is a few hundred KB on mobile data
 * instead of several MB, and never over the upload limit.
 */
const SEND_MAX_SIDE = CHAT_IMAGE_MAX_SIDE * 2;

/** What she is told about a file the browser cannot open as a picture (a text file named .jpg). */
export const notAPhotoText = () => t`This file isn't a photo we can open. Please choose a JPEG, PNG or WebP photo.`;

/** A photo that cannot be sent, with the words to say why. */
export class PhotoProblem extends Error {}

/** The size to draw a `width` × `height` photo at so its longest side is at most `maxSide` (never enlarged). */
export function scaledSize(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Whether the browser can open the file as a picture (a text file named .jpg cannot). */
export async function canOpenPhoto(file: Blob): Promise<boolean> {
  try {
    (await createImageBitmap(file)).close();
    return true;
  } catch {
    return false;
  }
}

/**
 * The photo as it is uploaded: as picked when it is small enough already, else drawn at SEND_MAX_SIDE as a JPEG
 * (which also leaves its location and camera details behind on the phone; the server strips them either way).
 */
export async function fitPhoto(file: File): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new PhotoProblem(notAPhotoText());
  }
  try {
    if (Math.max(bitmap.width, bitmap.height) <= SEND_MAX_SIDE && file.size <= MAX_CHAT_IMAGE_BYTES) return file;
    const size = scaledSize(bitmap.width, bitmap.height, SEND_MAX_SIDE);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
    if (!blob || blob.size > MAX_CHAT_IMAGE_BYTES) throw new PhotoProblem(t`This photo is too large to send.`);
    return blob;
  } finally {
    bitmap.close();
  }
}
