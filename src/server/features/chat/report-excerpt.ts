import type { MediaStorage } from '../../media';
import { otherMember } from '../matches';
import type { MessageCopy, RecentMessages } from '../safety';
import { requireConversation } from './access';
import { latestMessagesWithMedia } from './repository';

const EXTENSIONS: Record<string, string> = { 'image/webp': 'webp', 'audio/webm': 'webm', 'audio/mp4': 'm4a' };

/**
 * The conversation's last `limit` messages, oldest first, for a report filed from it (safety freezes
 * a copy, files included). Only a member of the conversation gets them; anyone else gets the
 * conversation's 404. A photo or voice note comes with a reader of its file while the file exists:
 * a view-once photo not opened yet included (the reporter reports what she was sent; only moderators
 * see the copy), an opened one without (nothing is left to freeze).
 */
export function recentMessagesForReport(store: MediaStorage): RecentMessages {
  return async (db, matchId, userId, limit) => {
    const match = await requireConversation(db, matchId, userId);
    const { rows, media } = await latestMessagesWithMedia(db, match.id, limit);
    const byMessage = new Map(media.map((m) => [m.messageId ?? '', m]));
    const copies = rows.reverse().map((r): MessageCopy => {
      const m = byMessage.get(r.id);
      const key = m?.storageKey;
      return {
        id: r.id,
        senderId: r.senderId,
        content: r.content,
        createdAt: r.createdAt,
        messageType: r.messageType,
        media: m
          ? {
              kind: m.kind,
              contentType: m.contentType,
              extension: EXTENSIONS[m.contentType] ?? 'bin',
              durationMs: m.durationMs,
              waveform: m.waveform,
              viewOnce: m.viewOnce,
              read: key ? () => store.get(key) : null,
            }
          : null,
      };
    });
    return { otherUserId: otherMember(match, userId), messages: copies };
  };
}
