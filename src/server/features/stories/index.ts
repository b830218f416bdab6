/**
 * The stories feature: Tea's anonymous story community (stories, replies, support, reports and their
 * moderation, authors only as HMAC tags). Other features (the moderation console) call down through these
 * exports; none reads the story tables.
 */
export { storiesRoutes, storiesModerationRoutes } from './routes';
export { loadAuthorKey } from './author-key';
/** The Tea moderation service: list reported, hide, restore, delete. */
/** Her own counts (badges), her replies for her export and their deletion with her account (decisions/0021). */
export { storyAuthorship, type StoryAuthorship } from './activity';
