export { markMessageRead, sendMessage, type ChatDeps } from './messages';
export {
  conversationSummaries,
  createChatRepository,
  matchHasMessages,
  messagesWrittenBy,
  twoWayConversations,
  unreadConversationCount,
  type ChatRepository,
} from './repository';
export { recentMessagesForReport } from './report-excerpt';
export { chatRoutes } from './routes';
export { chatMediaRoutes } from './media-routes';
export { chatSubscriptions } from './subscriptions';
export { mediaUploadedBy } from './media';
export { createNsfwClassifier, type NudityClassifier } from './nudity';
