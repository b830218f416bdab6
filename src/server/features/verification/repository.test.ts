import { describe, expect, it } from 'vitest';
import { insertMember, useTestDatabase } from '../../test/direct';
import { photos } from '../../test/tables';
import {
  analysesOf,
  deleteSelfie,
  hasAnalysis,
  insertAnalysis,
  pendingSelfieOf,
  pendingSelfies,
  selfieById,
  storeSelfie,
  updateVerification,
  upsertVerification,
  verificationOf,
} from './repository';

/** Verification's statements straight on the database: no app, no HTTP. */
const db = useTestDatabase();

async function photoOf(userId: string, position = 0): Promise<string> {
  const [row] = await db()
    .insert(photos)
    .values({ userId, position, largeKey: `large-${position}`, smallKey: `small-${position}` })
    .returning({ id: photos.id });
  if (!row) throw new Error('photo not inserted');
  return row.id;
}

function analysis(photoId: string, userId: string, qualityScore = 80) {
  return { photoId, userId, width: 1080, height: 1080, sharpness: 120, brightness: 128, qualityScore, faceCount: 1 };
}

describe('her verification row', () => {
  it('is made by the first upsert and changed by the next, other columns kept', async () => {
    const member = await insertMember(db());
    expect(await verificationOf(db(), member.id)).toBeUndefined();
    await upsertVerification(db(), member.id, { instagramHandle: 'ana', tiktokHandle: null });
    await upsertVerification(db(), member.id, { showSocialHandles: true });
    expect(await verificationOf(db(), member.id)).toMatchObject({
      status: 'not_started',
      instagramHandle: 'ana',
      showSocialHandles: true,
    });
  });

  it('an update makes a missing row from the defaults, then sets exactly the changes', async () => {
    const member = await insertMember(db());
    await updateVerification(db(), member.id, { status: 'rejected', notes: 'blurry' });
    expect(await verificationOf(db(), member.id)).toMatchObject({
      status: 'rejected',
      notes: 'blurry',
      showSocialHandles: false,
    });
    await updateVerification(db(), member.id, { notes: null });
    expect(await verificationOf(db(), member.id)).toMatchObject({ status: 'rejected', notes: null });
  });
});

describe('pose selfies', () => {
  it('a stored selfie sets her row pending and clears the note; a second one of hers is refused', async () => {
    const member = await insertMember(db());
    await upsertVerification(db(), member.id, { pose: 'wave', notes: 'try again' });
    await storeSelfie(db(), { userId: member.id, pose: 'wave', storageKey: 'selfie-1' });
    expect(await verificationOf(db(), member.id)).toMatchObject({ status: 'pending', notes: null });
    expect(await pendingSelfieOf(db(), member.id)).toMatchObject({ pose: 'wave', storageKey: 'selfie-1' });
    await expect(storeSelfie(db(), { userId: member.id, pose: 'wave', storageKey: 'selfie-2' })).rejects.toThrow();
    expect((await pendingSelfieOf(db(), member.id))?.storageKey).toBe('selfie-1');
  });

  it('the queue is oldest first, and a selfie is taken off it once', async () => {
    const [first, second] = await Promise.all([insertMember(db()), insertMember(db())]);
    await storeSelfie(db(), { userId: first.id, pose: 'thumbs_up', storageKey: 'first' });
    await storeSelfie(db(), { userId: second.id, pose: 'peace', storageKey: 'second' });
    const queue = (await pendingSelfies(db())).map((row) => row.userId);
    expect(queue.filter((id) => id === first.id || id === second.id)).toEqual([first.id, second.id]);

    const request = await pendingSelfieOf(db(), first.id);
    expect(await selfieById(db(), request!.id)).toEqual(request);
    expect(await deleteSelfie(db(), request!.id)).toEqual({ userId: first.id, storageKey: 'first' });
    expect(await deleteSelfie(db(), request!.id)).toBeUndefined();
    expect(await selfieById(db(), request!.id)).toBeUndefined();
  });
});

describe('photo analyses', () => {
  it('keeps the first measurement of a photo and reads only the photos asked for', async () => {
    const member = await insertMember(db());
    const [measured, other] = [await photoOf(member.id, 0), await photoOf(member.id, 1)];
    expect(await hasAnalysis(db(), measured)).toBe(false);
    await insertAnalysis(db(), analysis(measured, member.id, 80));
    await insertAnalysis(db(), analysis(measured, member.id, 10));
    expect(await hasAnalysis(db(), measured)).toBe(true);
    expect(await analysesOf(db(), [measured, other])).toEqual([
      expect.objectContaining({ photoId: measured, qualityScore: 80, qualityReasons: [] }),
    ]);
    expect(await analysesOf(db(), [])).toEqual([]);
  });
});
