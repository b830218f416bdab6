import type { MessageType } from '../../contract/chat';
import { t } from '@lingui/core/macro';

/**
 * What a message says where only text is shown (the chat list, the offline copy): a photo or voice note as a word
 * in her language, not the server's stored word, and a view-once photo as one.
 */
export function messageText(message: { messageType: MessageType; content: string }, viewOnce: boolean): string {
  if (message.messageType === 'image') return viewOnce ? t`View-once photo` : t`Photo`;
  if (message.messageType === 'voice') return t`Voice message`;
  return message.content;
}
