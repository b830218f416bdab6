/** preferences: the server's words in English (../en.ts). */
export const preferences = {
  premiumPreferencesNeedAn: 'Premium preferences need an active Steep Premium subscription',
  chooseFriendsDeck: 'Choose Friends or Both in “Looking for” to use the Friends deck',
  preferencesChangedElsewhere: 'Your preferences were changed on another device. Reload them and try again.',
  chooseDatingDeck: 'Choose Dating or Both in “Looking for” to use the dating deck',
};
