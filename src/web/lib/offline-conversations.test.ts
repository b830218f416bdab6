import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../contract/chat';
import { photoMedia } from './test-media';
import { KEEP_CONVERSATIONS, KEEP_MESSAGES, overflow, toOfflineConversation } from './offline-conversations';

// Its texts are in the catalogue (decision 0023): the source language, English, here.
i18n.loadAndActivate({ locale: 'en', messages: {} });

const message = (i: number, senderId: string, messageType: Message['messageType'] = 'text'): Message => ({
  id: `m${i}`,
  matchId: 'match',
  senderId,
  content: messageType === 'text' ? `text ${i}` : '',
  messageType,
  icebreakerId: null,
  clientMessageId: null,
  createdAt: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
  readAt: null,
  reactions: [],
  media: null,
});

describe('offline copy of a conversation', () => {
  it('keeps her newest messages, oldest first, as text with who sent them and when', () => {
    const messages = Array.from({ length: KEEP_MESSAGES + 5 }, (_, i) => message(i, i % 2 ? 'her' : 'him'));
    const copy = toOfflineConversation('her', 'match', 'Theo', messages, new Date('2026-11-02T00:00:00Z'));
    expect(copy.messages).toHaveLength(KEEP_MESSAGES);
    expect(copy.messages[0]).toEqual({ mine: true, text: 'text 5', at: messages[5]!.createdAt });
    expect(copy.messages.at(-1)?.text).toBe(`text ${KEEP_MESSAGES + 4}`);
    expect(copy).toMatchObject({ matchId: 'match', ownerId: 'her', name: 'Theo', savedAt: '2026-11-02T00:00:00.000Z' });
  });

  it('says what a photo or voice message was instead of keeping its media', () => {
    const copy = toOfflineConversation(
      'her',
      'match',
      'Theo',
      [message(1, 'him', 'image'), message(2, 'her', 'voice')],
      new Date(),
    );
    expect(copy.messages.map((m) => m.text)).toEqual(['Photo', 'Voice message']);
  });

  it('says a view-once photo was one', () => {
    const viewOnce: Message = { ...message(1, 'him', 'image'), media: photoMedia({ viewOnce: true }) };
    const copy = toOfflineConversation('her', 'match', 'Theo', [viewOnce], new Date());
    expect(copy.messages.map((m) => m.text)).toEqual(['View-once photo']);
  });

  it('keeps only the most recently opened conversations', () => {
    const saved = Array.from({ length: KEEP_CONVERSATIONS + 2 }, (_, i) => ({
      matchId: `c${i}`,
      savedAt: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
    }));
    expect(overflow(saved).sort()).toEqual(['c0', 'c1']);
    expect(overflow(saved.slice(0, 3))).toEqual([]);
  });
});
