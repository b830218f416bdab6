export { forgetConversationsBetween } from './access';
export { markMessageRead, sendMessage, type ChatDeps } from './messages';
export { chatActivityOf, type ChatActivity } from './activity';
export { conversationSummaries, matchHasMessages, twoWayConversations } from './queries';
export { recentMessagesForReport } from './report-excerpt';
export { chatRoutes } from './routes';
export { messagesWrittenBy } from './personal-data';
