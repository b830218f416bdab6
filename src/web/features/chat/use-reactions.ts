import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatApi } from '../../../contract/api/chat';
import { type Message, type ReactionEmoji, type ReactionGroup } from '../../../contract/chat';
import { apiCall } from '../../lib/api';
import { setMessageReactions, toggledReactions } from './chat-cache';

interface ToggleInput {
  message: Message;
  emoji: ReactionEmoji;
}

/**
 * Product §4 reaction toggle: clicking an emoji the user already used removes it, otherwise adds it.
 * Shown at once, replaced by the server's grouped counts, rolled back if the call fails.
 */
export function useToggleReaction(matchId: string, myId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ message, emoji }: ToggleInput) => {
      const mine = message.reactions.some((g) => g.emoji === emoji && g.reactedByMe);
      const call = { params: { id: message.id }, body: { emoji } };
      return mine ? apiCall(chatApi.removeReaction, call) : apiCall(chatApi.addReaction, call);
    },
    onMutate: ({ message, emoji }: ToggleInput): { previous: ReactionGroup[] } => {
      setMessageReactions(queryClient, matchId, message.id, toggledReactions(message.reactions, emoji, myId));
      return { previous: message.reactions };
    },
    onError: (error, { message }, context) => {
      console.warn('Reaction not saved.', error);
      setMessageReactions(queryClient, matchId, message.id, context?.previous ?? message.reactions);
    },
    onSuccess: (result) => setMessageReactions(queryClient, matchId, result.messageId, result.reactions),
  });
}
