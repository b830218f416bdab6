import { describe, expect, it } from 'vitest';
import { insertMember, useTestDatabase } from '../../test/direct';
import { reviewAuthor, reviewById, reviewsOfTea, reviewsWrittenBy, toggleLike, upsertReview } from './repository';

/** Tea reviews and their likes straight on the database: no app, no HTTP. */
const db = useTestDatabase();

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute));

describe('upsertReview: one review per member per tea', () => {
  it('replaces her earlier review of the same tea (same id, likes kept) and counts teas, not edits', async () => {
    const [critic, fan] = [await insertMember(db()), await insertMember(db())];
    const id = await upsertReview(db(), critic.id, { teaId: 'oolong', rating: 3, text: 'Fine.' }, at(0));
    await toggleLike(db(), id, fan.id);
    const again = await upsertReview(db(), critic.id, { teaId: 'oolong', rating: 5, text: 'Grew on me.' }, at(5));
    expect(again).toBe(id);
    const row = await reviewById(db(), fan.id, id);
    expect(row).toMatchObject({ likeCount: 1, likedByMe: true });
    expect(row?.review).toMatchObject({ rating: 5, text: 'Grew on me.', createdAt: at(0), updatedAt: at(5) });
    expect(await reviewsWrittenBy(db(), critic.id)).toBe(1);
    await upsertReview(db(), critic.id, { teaId: 'chai', rating: 4, text: '' }, at(6));
    expect(await reviewsWrittenBy(db(), critic.id)).toBe(2);
  });

  it('refuses a rating outside 1 to 5 (the table checks it too)', async () => {
    const critic = await insertMember(db());
    await expect(upsertReview(db(), critic.id, { teaId: 'chai', rating: 6, text: '' }, at(0))).rejects.toThrow();
    expect(await reviewsWrittenBy(db(), critic.id)).toBe(0);
  });
});

describe('reviewsOfTea', () => {
  it('lists one tea newest first (an edit counts as new), with the viewer’s own like', async () => {
    const teaId = `tea-${crypto.randomUUID()}`;
    const [a, b, viewer] = [await insertMember(db()), await insertMember(db()), await insertMember(db())];
    const first = await upsertReview(db(), a.id, { teaId, rating: 4, text: 'A' }, at(1));
    const second = await upsertReview(db(), b.id, { teaId, rating: 2, text: 'B' }, at(2));
    await upsertReview(db(), a.id, { teaId: 'matcha', rating: 5, text: 'other tea' }, at(3));
    await toggleLike(db(), second, viewer.id);
    expect((await reviewsOfTea(db(), viewer.id, teaId)).map((r) => [r.review.id, r.likedByMe])).toEqual([
      [second, true],
      [first, false],
    ]);
    await upsertReview(db(), a.id, { teaId, rating: 5, text: 'A, edited' }, at(4));
    expect((await reviewsOfTea(db(), viewer.id, teaId)).map((r) => r.review.id)).toEqual([first, second]);
    expect((await reviewsOfTea(db(), viewer.id)).some((r) => r.review.teaId === 'matcha')).toBe(true);
  });
});

describe('toggleLike', () => {
  it('likes, then takes the like back, counting every member’s likes', async () => {
    const [critic, fan, other] = [await insertMember(db()), await insertMember(db()), await insertMember(db())];
    const id = await upsertReview(db(), critic.id, { teaId: 'jasmine', rating: 4, text: '' }, at(0));
    expect(await reviewAuthor(db(), id)).toBe(critic.id);
    expect(await toggleLike(db(), id, fan.id)).toEqual({ liked: true, likeCount: 1 });
    expect(await toggleLike(db(), id, other.id)).toEqual({ liked: true, likeCount: 2 });
    expect(await toggleLike(db(), id, fan.id)).toEqual({ liked: false, likeCount: 1 });
  });

  it('keeps one like per member when her two toggles race (they take turns)', async () => {
    const [critic, fan] = [await insertMember(db()), await insertMember(db())];
    const id = await upsertReview(db(), critic.id, { teaId: 'rooibos', rating: 4, text: '' }, at(0));
    const both = await Promise.all([toggleLike(db(), id, fan.id), toggleLike(db(), id, fan.id)]);
    expect(both.map((t) => t?.liked).sort()).toEqual([false, true]);
    expect((await reviewById(db(), fan.id, id))?.likeCount).toBe(0);
  });

  it('answers undefined for a review that does not exist', async () => {
    const fan = await insertMember(db());
    const missing = crypto.randomUUID();
    expect(await reviewAuthor(db(), missing)).toBeUndefined();
    expect(await toggleLike(db(), missing, fan.id)).toBeUndefined();
  });
});
