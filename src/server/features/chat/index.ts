export { forgetConversationsBetween } from './access';
export { markMessageRead, sendMessage, type ChatDeps } from './messages';
export {
  chatActivityOf,
  conversationSummaries,
  matchHasMessages,
  twoWayConversations,
  type ChatActivity,
} from './queries';
export { recentMessagesForReport } from './report-excerpt';
export { chatRoutes } from './routes';
export { messagesWrittenBy } from './personal-data';
export { unreadConversationCount } from './unread';
