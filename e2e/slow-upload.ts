import type { Page } from 'playwright-core';
import sharp from 'sharp';

/*
 * What the upload journeys need to see an upload under way: a photo that stays large as a JPEG, and a page whose
 * uploads crawl.
 */

/** A JPEG of grain, which does not compress: its size follows its pixels and `sigma`. */
export function grainyPhoto(width: number, height: number, { sigma = 40, quality = 90 } = {}): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } },
  })
    .jpeg({ quality })
    .toBuffer();
}

/**
 * The page's uploads at about 2 KB/s, a bad mobile connection: a grainy photo takes minutes, whatever the test
 * does meanwhile. Resolves to a function that puts the network back.
 */
export async function slowUploads(page: Page): Promise<{ slow: () => Promise<void>; restore: () => Promise<void> }> {
  const network = await page.context().newCDPSession(page);
  const conditions = async (uploadThroughput: number) => {
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: uploadThroughput < 0 ? 0 : 50,
      downloadThroughput: -1,
      uploadThroughput,
    });
  };
  const slow = () => conditions(2 * 1024);
  await slow();
  return { slow, restore: () => conditions(-1) };
}
