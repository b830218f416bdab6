/** matches: the server's words in English (../en.ts). */
export const matches = {
  thisProfileIsNot: 'This profile is not available',
  youCannotSwipeOn: 'You cannot swipe on yourself',
  aSuperLikeIs: 'A super like is a like',
  aPassCarriesNo: 'A pass carries no comment or liked item',
  aCommentGoesWith: 'A comment goes with a liked photo or prompt',
  youHaveAlreadySwiped: 'You have already swiped on this person',
  undoIsAPremium: 'Undo is a Premium feature',
  swipeNotFound: 'Swipe not found',
  onlyYourMostRecent: 'Only your most recent swipe can be undone',
  youveAlreadyStartedChatting: "You've already started chatting with this match, so this like can't be undone",
  matchNotFound: 'Match not found',
  promptNotOnProfile: 'That prompt is not one of her answers',
  photoNotOnProfile: 'That photo is not on her profile',
  superLikesUsedPremium: (p: { count: number }) => `You've used your ${p.count} super likes this week`,
  superLikeUsedFree: 'Super Like used this week. Upgrade to Premium for 5 super likes a week!',
  dailyLikesUsed: (p: { count: number }) =>
    `Daily limit reached: you've used your ${p.count} likes for today. Upgrade to Premium for unlimited likes!`,
  unmatched: 'Unmatched',
};
