import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '../../../contract/preferences';
import { createCaches } from '../../db/caches';
import { insertMember, useTestDatabase } from '../../test/direct';
import { createMatch, deleteMatch } from '../../test/matches';
import { blocks, messages, userPreferences, users } from '../../test/tables';
import { createChatRepository, mayWrite, type ChatRepository } from './repository';

/** Who may write to whom, straight on the database: no app, no HTTP. */
const db = useTestDatabase();
let repository: ChatRepository;

beforeAll(() => {
  repository = createChatRepository(db(), createCaches({ singleWriter: true }));
});

async function conversation(options: { recipient?: Parameters<typeof insertMember>[1] } = {}) {
  const sender = await insertMember(db());
  const recipient = await insertMember(db(), options.recipient);
  const matchId = await createMatch(db(), sender.id, recipient.id);
  return { sender, recipient, matchId, message: { senderId: sender.id, recipientId: recipient.id, matchId } };
}

/** What the rule says, and what the insert that applies it does with a message: they must agree. */
async function verdictAndInsert(message: { senderId: string; recipientId: string; matchId: string }) {
  const verdict = await mayWrite(db(), message);
  const stored = await repository.storeMessage({
    ...message,
    content: 'hello',
    messageType: 'text',
    clientMessageId: null,
  });
  expect(stored !== undefined).toBe(verdict.allowed);
  return verdict;
}

async function onlyVerifiedWriters(userId: string) {
  await db().insert(userPreferences).values({
    userId,
    allowMessagesFrom: 'verified',
    lifestyle: DEFAULT_PREFERENCES.lifestyle,
    premium: DEFAULT_PREFERENCES.premium,
    notifications: DEFAULT_PREFERENCES.notifications,
    app: DEFAULT_PREFERENCES.app,
  });
}

describe('mayWrite, and the message insert that applies it', () => {
  it('lets a match write', async () => {
    const { message } = await conversation();
    expect(await verdictAndInsert(message)).toEqual({
      allowed: true,
      recipientActive: true,
      notBlocked: true,
      settingAllows: true,
    });
  });

  it('refuses across a block, whoever blocked whom', async () => {
    const first = await conversation();
    await db().insert(blocks).values({ blockerId: first.recipient.id, blockedUserId: first.sender.id });
    expect(await verdictAndInsert(first.message)).toMatchObject({ allowed: false, notBlocked: false });
    const second = await conversation();
    await db().insert(blocks).values({ blockerId: second.sender.id, blockedUserId: second.recipient.id });
    expect(await verdictAndInsert(second.message)).toMatchObject({ allowed: false, notBlocked: false });
  });

  it('refuses a suspended recipient until the suspension ends', async () => {
    const { recipient, message } = await conversation({
      recipient: { suspendedUntil: new Date(Date.now() + 86_400_000) },
    });
    expect(await verdictAndInsert(message)).toMatchObject({ allowed: false, recipientActive: false, notBlocked: true });
    await db()
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, recipient.id));
    expect((await verdictAndInsert(message)).allowed).toBe(true);
  });

  it('refuses a recipient who no longer exists', async () => {
    const { recipient, message } = await conversation();
    await db().delete(users).where(eq(users.id, recipient.id));
    expect(await mayWrite(db(), message)).toMatchObject({ allowed: false, recipientActive: false });
  });

  it('keeps her first-message setting: an unverified member cannot open, a verified one can', async () => {
    const { recipient, message } = await conversation();
    await onlyVerifiedWriters(recipient.id);
    expect(await verdictAndInsert(message)).toEqual({
      allowed: false,
      recipientActive: true,
      notBlocked: true,
      settingAllows: false,
    });
    await db().update(users).set({ isVerified: true }).where(eq(users.id, message.senderId));
    expect(await verdictAndInsert(message)).toMatchObject({ allowed: true, settingAllows: true });
  });

  it('opens a conversation once she has written in it herself, and only that one', async () => {
    const { recipient, matchId, message } = await conversation();
    await onlyVerifiedWriters(recipient.id);
    const other = await insertMember(db());
    const otherMatch = await createMatch(db(), other.id, recipient.id);
    const fromOther = { senderId: other.id, recipientId: recipient.id, matchId: otherMatch };
    expect((await mayWrite(db(), message)).settingAllows).toBe(false);
    await db().insert(messages).values({ matchId, senderId: recipient.id, content: 'hi, write back' });
    expect(await verdictAndInsert(message)).toMatchObject({ allowed: true, settingAllows: true });
    expect(await verdictAndInsert(fromOther)).toMatchObject({ allowed: false, settingAllows: false });
  });
});

describe('storing messages', () => {
  it('stores a repeated clientMessageId once', async () => {
    const { message } = await conversation();
    const text = { ...message, content: 'once', messageType: 'text' as const, clientMessageId: 'c-1' };
    expect(await repository.storeMessage(text)).toMatchObject({ content: 'once', clientMessageId: 'c-1' });
    expect(await repository.storeMessage(text)).toBeUndefined();
  });

  it('fails a message into a match that was dissolved (unmatched) meanwhile, on its foreign key', async () => {
    const { matchId, message } = await conversation();
    await deleteMatch(db(), matchId);
    await expect(
      repository.storeMessage({ ...message, content: 'too late', messageType: 'text', clientMessageId: null }),
    ).rejects.toMatchObject({ cause: { code: '23503' } });
  });

  it('remembers a pair for its members only, and forgets it', async () => {
    const { sender, recipient, matchId } = await conversation();
    const outsider = await insertMember(db());
    expect(await repository.conversationPair(matchId, sender.id)).toMatchObject({ id: matchId });
    await deleteMatch(db(), matchId);
    // Remembered: membership never changes while the match lasts (the insert re-checks everything else).
    expect(await repository.conversationPair(matchId, recipient.id)).toMatchObject({ id: matchId });
    expect(await repository.conversationPair(matchId, outsider.id)).toBeUndefined();
    repository.forgetConversationsBetween([recipient.id, sender.id]);
    expect(await repository.conversationPair(matchId, sender.id)).toBeUndefined();
  });
});
