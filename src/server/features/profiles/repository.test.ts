import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertMember, useTestDatabase } from '../../test/direct';
import {
  answersPrompt,
  clearExpiredVoices,
  countProfileViews,
  deletePhotoOf,
  deleteStatus,
  hasTwoPhotos,
  insertPhotoWithin,
  insertProfileView,
  NEAR_DUPLICATE_BITS,
  NO_VOICE,
  photoOfMember,
  photoOwnersNearHash,
  photosCopiedFromOthers,
  photosOfMember,
  reorderPhotoRows,
  replaceStatusRow,
  statusOf,
} from './repository';

/** Profiles' statements and fragments straight on the database: no app, no HTTP. */
const db = useTestDatabase();

const HOUR = 60 * 60_000;
let keys = 0;

/** A photo of hers under fresh keys, `phash` as given (null: too flat to fingerprint). */
async function addPhoto(userId: string, phash: bigint | null = null, max = 6): Promise<string> {
  keys += 1;
  const added = await insertPhotoWithin(
    db(),
    { userId, largeKey: `large-${keys}`, smallKey: `small-${keys}`, phash },
    max,
  );
  if (added.outcome !== 'added' || !added.id) throw new Error('photo not added');
  return added.id;
}

/** The value of a fragment, selected on its own. */
async function valueOf<T>(fragment: SQL<T>): Promise<T | undefined> {
  const [row] = await db()
    .select({ value: fragment })
    .from(sql`(select 1) as one`);
  return row?.value;
}

const uuid = (id: string) => sql`${id}::uuid`;

describe('photos', () => {
  it('adds each photo last, up to the cap, and nothing beyond it', async () => {
    const ana = await insertMember(db());
    const first = await addPhoto(ana.id, null, 2);
    const second = await addPhoto(ana.id, null, 2);
    const refused = await insertPhotoWithin(db(), { userId: ana.id, largeKey: 'l', smallKey: 's', phash: null }, 2);
    expect(refused).toEqual({ outcome: 'full' });
    expect((await photosOfMember(db(), ana.id)).map((p) => [p.id, p.position])).toEqual([
      [first, 0],
      [second, 1],
    ]);
  });

  it('deletes only her own photo and numbers the rest from 0', async () => {
    const [ana, bea] = await Promise.all([insertMember(db()), insertMember(db())]);
    const [first, second, third] = [await addPhoto(ana.id), await addPhoto(ana.id), await addPhoto(ana.id)];
    expect(await deletePhotoOf(db(), bea.id, first)).toBeUndefined();
    expect(await deletePhotoOf(db(), ana.id, first)).toEqual({
      largeKey: expect.stringMatching(/^large-/),
      smallKey: expect.stringMatching(/^small-/),
    });
    expect((await photosOfMember(db(), ana.id)).map((p) => [p.id, p.position])).toEqual([
      [second, 0],
      [third, 1],
    ]);
  });

  it('reorders only when the list names each of her photos exactly once', async () => {
    const [ana, bea] = await Promise.all([insertMember(db()), insertMember(db())]);
    const [a, b] = [await addPhoto(ana.id), await addPhoto(ana.id)];
    const hers = await addPhoto(bea.id);
    expect(await reorderPhotoRows(db(), ana.id, [a])).toBe(false);
    expect(await reorderPhotoRows(db(), ana.id, [a, a])).toBe(false);
    expect(await reorderPhotoRows(db(), ana.id, [b, hers])).toBe(false);
    expect((await photosOfMember(db(), ana.id)).map((p) => p.id)).toEqual([a, b]);
    expect(await reorderPhotoRows(db(), ana.id, [b, a])).toBe(true);
    expect((await photosOfMember(db(), ana.id)).map((p) => p.id)).toEqual([b, a]);
  });

  it('finds a copy of a picture another account published first, and who holds a near hash', async () => {
    const [original, copier, stranger] = await Promise.all([
      insertMember(db()),
      insertMember(db()),
      insertMember(db()),
    ]);
    // Only this test's photos have hashes; the copy differs in exactly NEAR_DUPLICATE_BITS bits.
    const hash = 0x7a5c_3e00_0000_0000n;
    const near = hash ^ ((1n << BigInt(NEAR_DUPLICATE_BITS)) - 1n);
    const far = hash ^ 0x00ff_ff00_0000_0000n;
    await addPhoto(original.id, hash);
    const copy = await addPhoto(copier.id, near);
    await addPhoto(stranger.id, far);
    expect(await photosCopiedFromOthers(db(), copier.id)).toEqual(new Set([copy]));
    // The first to publish it copied nobody.
    expect(await photosCopiedFromOthers(db(), original.id)).toEqual(new Set());
    expect(await photosCopiedFromOthers(db(), stranger.id)).toEqual(new Set());
    expect(await photoOwnersNearHash(db(), hash)).toEqual(new Set([original.id, copier.id]));
  });
});

describe("fragments for other features' statements", () => {
  it('hasTwoPhotos: true from the second photo', async () => {
    const ana = await insertMember(db());
    await addPhoto(ana.id);
    expect(await valueOf(hasTwoPhotos(uuid(ana.id)))).toBe(false);
    await addPhoto(ana.id);
    expect(await valueOf(hasTwoPhotos(uuid(ana.id)))).toBe(true);
  });

  it('photoOfMember and answersPrompt name only her own photo and prompt answers', async () => {
    const [ana, bea] = await Promise.all([
      insertMember(db(), { prompts: [{ promptId: 'sunday', answer: 'A long walk' }] }),
      insertMember(db()),
    ]);
    const photoId = await addPhoto(ana.id);
    const [photo] = await photosOfMember(db(), ana.id);
    const largeKey = sql`${photo!.largeKey}`;
    expect(await valueOf(photoOfMember(uuid(ana.id), largeKey))).toBe(photoId);
    expect(await valueOf(photoOfMember(uuid(bea.id), largeKey))).toBeNull();
    expect(await valueOf(answersPrompt(uuid(ana.id), sql`${'sunday'}::text`))).toBe(true);
    expect(await valueOf(answersPrompt(uuid(ana.id), sql`${'boundary'}::text`))).toBe(false);
    expect(await valueOf(answersPrompt(uuid(bea.id), sql`${'sunday'}::text`))).toBe(false);
  });
});

describe('profile views', () => {
  it('counts one view per viewer and day', async () => {
    const [ana, bea, cora] = await Promise.all([insertMember(db()), insertMember(db()), insertMember(db())]);
    await insertProfileView(db(), bea.id, ana.id, '2026-01-01');
    await insertProfileView(db(), bea.id, ana.id, '2026-01-01');
    await insertProfileView(db(), bea.id, ana.id, '2026-01-02');
    await insertProfileView(db(), cora.id, ana.id, '2026-01-01');
    expect(await countProfileViews(db(), ana.id)).toBe(3);
    expect(await countProfileViews(db(), bea.id)).toBe(0);
  });
});

describe('the status', () => {
  const status = (now: Date, voiceKey: string | null) => ({
    text: 'Out for coffee',
    createdAt: now,
    expiresAt: new Date(now.getTime() + 24 * HOUR),
    ...NO_VOICE,
    ...(voiceKey ? { voiceKey, voiceContentType: 'audio/webm', voiceBytes: 100, voiceDurationMs: 1000 } : {}),
  });

  it('replacing names the old voice note only when the new status does not keep it; deleting names hers', async () => {
    const ana = await insertMember(db());
    const now = new Date();
    expect((await replaceStatusRow(db(), ana.id, status(now, 'voice-1'))).oldVoiceKey).toBeNull();
    expect((await replaceStatusRow(db(), ana.id, status(now, 'voice-1'))).oldVoiceKey).toBeNull();
    const replaced = await replaceStatusRow(db(), ana.id, status(now, null));
    expect(replaced).toMatchObject({ row: { userId: ana.id, voiceKey: null }, oldVoiceKey: 'voice-1' });

    await replaceStatusRow(db(), ana.id, status(now, 'voice-2'));
    expect(await deleteStatus(db(), ana.id)).toBe('voice-2');
    expect(await statusOf(db(), ana.id)).toBeUndefined();
    expect(await deleteStatus(db(), ana.id)).toBeNull();
  });

  it('clears the voice notes of expired statuses only, keeping their text', async () => {
    const [expired, live] = await Promise.all([insertMember(db()), insertMember(db())]);
    const now = new Date();
    await replaceStatusRow(db(), expired.id, status(new Date(now.getTime() - 25 * HOUR), `old-${expired.id}`));
    await replaceStatusRow(db(), live.id, status(now, `live-${live.id}`));
    const cleared = await clearExpiredVoices(db(), now);
    expect(cleared).toContain(`old-${expired.id}`);
    expect(cleared).not.toContain(`live-${live.id}`);
    expect(await statusOf(db(), expired.id)).toMatchObject({ text: 'Out for coffee', ...NO_VOICE });
    expect((await statusOf(db(), live.id))?.voiceKey).toBe(`live-${live.id}`);
    expect(await clearExpiredVoices(db(), now)).not.toContain(`old-${expired.id}`);
  });
});
