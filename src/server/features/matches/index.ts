// The matches feature's public surface: swipes, matches and likes, as other features may use them.
export {
  areMatched,
  countMatches,
  countPendingLikes,
  createMatchesRepository,
  createPendingMatches,
  findMatchForMember,
  likeCommentsBetween,
  listPendingItemLikes,
  matchCounts,
  matchesWithPartner,
  matchIdsOfMember,
  matchPartnerIds,
  notUnmatchedWith,
  orderedPair,
  swipedBy,
  swipedOnSince,
  type MatchesRepository,
  type MatchRow,
} from './repository';
export { listPendingLikes } from './likes-received';
export { limitsFrom, swipeUsage } from './limits';
export { matchRoutes } from './routes';
export { otherMember } from './service';
export { swipesAndMatchesOf } from './personal-data';
