/** discovery: the server's words in English (../en.ts). */
export const discovery = {
  ghostModeIsA: 'Ghost mode is a Premium feature',
  travelModeIsA: 'Travel mode is a Premium feature',
  yourTripMustEnd: 'Your trip must end in the future',
  unknownMember: 'Unknown member',
  thatIsYourHome: 'That is your home city',
  startAgainFromThe: 'Start again from the first page (omit cursor)',
  chooseALaterEnd: 'Choose a later end',
  chooseTheCityYou: 'Choose the city you are visiting',
  // Ghost mode's answers (ghost.ts): what the toast says after the switch.
  ghostModeOn: "You're invisible: you won't appear in discovery or get new matches",
  ghostModeOff: (p: { count: number }) =>
    p.count === 0
      ? "You're visible in discovery again"
      : `You're visible in discovery again and you have ${p.count} new ${p.count === 1 ? 'match' : 'matches'}`,
  tripAtMostDays: (p: { days: number }) => `A trip lasts at most ${p.days} days`,
  chooseAnEndWithin: (p: { days: number }) => `Choose an end within ${p.days} days`,
};
