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
};
