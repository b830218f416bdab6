import { expect } from 'vitest';
import type { Locator } from 'playwright-core';
import sharp from 'sharp';

/*
 * The photos the profile journeys (profiles.e2e.ts, i18n-profiles.e2e.ts) add on the edit screen, in any language:
 * the screen is found by the caller, in its words.
 */

/** A portrait JPEG that looks like something: a soft gradient with a sun. */
function photo(from: string, to: string, sun: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="900" height="1200" fill="url(#g)"/><circle cx="450" cy="520" r="190" fill="${sun}"/>
    <rect y="860" width="900" height="340" fill="#3a1331" opacity="0.35"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/**
 * Adds two photos, a sunrise then a matcha-green one, through the edit form's file input (`input`), each once
 * the one before shows in `photos` (the form's list of them); returns when both show, loaded.
 */
export async function addTwoPhotos(input: Locator, photos: Locator): Promise<void> {
  const added = [
    { name: 'sunrise.jpg', buffer: await photo('#f5c6a5', '#a8427a', '#fff3c4') },
    { name: 'matcha.jpg', buffer: await photo('#cfe3a8', '#465d24', '#fbf6ee') },
  ];
  for (const [index, file] of added.entries()) {
    await input.setInputFiles({ ...file, mimeType: 'image/jpeg' });
    await expect.poll(() => photos.getByRole('img').count(), { timeout: 15_000 }).toBe(index + 1);
  }
  await expect
    .poll(() =>
      photos.getByRole('img').evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).naturalWidth > 0)),
    )
    .toBe(true);
}
