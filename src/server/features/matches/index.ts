// The matches feature's public surface: swipes, matches and likes, as other features may use them.
export { swipedBy } from './counts';
export {
  countPendingLikes,
  likeCommentsBetween,
  listPendingItemLikes,
  listPendingLikes,
  type LikeComment,
  type PendingItemLike,
  type PendingLike,
} from './likes-received';
export { limitsFrom, swipeUsage } from './limits';
export { matchRoutes } from './routes';
export {
  areMatched,
  countMatches,
  findMatchForMember,
  matchCounts,
  matchPartnerIds,
  orderedPair,
  otherMember,
  type MatchRow,
} from './service';
export { createPendingMatches } from './swipes';
export { swipesAndMatchesOf } from './personal-data';
export { notUnmatchedWith } from './unmatch';
export { matchIdsOfMember } from './member-matches';
export { matchesWithPartner, swipedOnSince } from './people-met';
