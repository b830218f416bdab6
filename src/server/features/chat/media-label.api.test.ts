import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Message } from '../../../contract/chat';
import type { MediaUpload } from '../../../contract/chat-media';
import { createTestApp, signUp, type TestApp } from '../../test/harness';
import { createMatch } from '../../test/matches';
import { multipart } from '../profiles/test-factories';
import { createNsfwClassifier, type NudityClassifier } from './nudity';

/*
 * The nudity label. No explicit image is committed to this repository, so the label's path through the
 * API is shown with a classifier that answers from the photo's colour (the real one is checked below on
 * a real photo: it loads offline from the npm package and does not label it).
 */
const redMeansExplicit: NudityClassifier = {
  async isLikelyExplicit(image) {
    const { dominant } = await sharp(image).stats();
    return dominant.r > 200 && dominant.g < 80;
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { nudityClassifier: redMeansExplicit });
});
afterAll(() => t.close());

const solid = (background: string) =>
  sharp({ create: { width: 300, height: 200, channels: 3, background } })
    .jpeg()
    .toBuffer();

describe('the nudity label', () => {
  it('a photo the classifier calls likely explicit reaches the recipient labelled; others do not', async () => {
    const a = await signUp(t.app, { name: 'Sol' });
    const b = await signUp(t.app, { name: 'Tess' });
    const matchId = await createMatch(t.database.db, a.user.id, b.user.id);
    const sendImage = async (data: Buffer) => {
      const { payload, headers } = multipart([{ field: 'file', filename: 'p.jpg', contentType: 'image/jpeg', data }]);
      const media = (await a.request('POST', `/api/matches/${matchId}/media`, payload, headers)).json<MediaUpload>();
      const sent = await a.request('POST', '/api/messages', { matchId, messageType: 'image', mediaId: media.mediaId });
      return sent.json<Message>();
    };
    expect((await sendImage(await solid('#f01010'))).media?.explicit).toBe(true);
    expect((await sendImage(await solid('#10a0f0'))).media?.explicit).toBe(false);
  });

  it('the real classifier (nsfwjs MobileNetV2 on the WASM backend) runs offline and leaves an ordinary photo unlabelled', async () => {
    const classifier = createNsfwClassifier();
    const photo = await sharp('src/server/features/verification/fixtures/portrait-public-domain.jpg').toBuffer();
    expect(await classifier.isLikelyExplicit(photo)).toBe(false);
  }, 60_000);
});
