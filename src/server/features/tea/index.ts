/**
 * The tea feature: the anonymous story community, tea varieties and reviews. Other features (the
 * moderation console) call down through these exports; none reads the tea tables.
 */
export { teaRoutes, teaModerationRoutes } from './routes';
export { loadAuthorKey } from './author-key';
/** The Tea moderation service: list reported, hide, restore, delete. */
export { listReportedStories, hideStory, restoreStory, deleteStoryAsModerator } from './moderation';
export { teaStats } from './stories';
/** Her own counts (badges), her replies for her export and their deletion with her account (decisions/0021). */
export { teaAuthorship, type TeaActivity, type TeaAuthorship } from './activity';
