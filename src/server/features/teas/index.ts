/**
 * The teas feature: the tea catalogue (varieties and how to brew them) and members' reviews of it, shown on
 * Tea's tea tab. Features above call down through these exports; none reads the review tables.
 */
export { teasRoutes } from './routes';
/** Her review count (the Tea Critic badge). */
export { reviewsWrittenBy } from './repository';
