/** datesafety: the server's words in English (../en.ts). */
export const datesafety = {
  meetupNotFound: 'Meetup not found',
  thisContactHasBeen: 'This contact has been sent enough plans today. Try again tomorrow.',
  datePlanNotFound: 'Date plan not found',
  thisPlanWasAlready: 'This plan was already cancelled. Its links no longer work and nobody will be alerted.',
  youAlreadyCheckedIn: 'You already checked in on this plan. Nobody will be alerted.',
  thisLinkIsNot: 'This link is not valid. Check that you opened the whole link from the message.',
  thisDatePlanHas: 'This date plan has ended. Links to a plan stop working a day after the date.',
  chooseATimeThat: 'Choose a time that is not in the past',
  shareAPlanFor: 'Share a plan for a date in the next 30 days',
  chooseACheckIn: 'Choose a check-in time that is still ahead',
  chooseACheckInTime: 'Choose a check-in time after the date starts',
  chooseACheckInTimeOn: 'Choose a check-in time on the day of the date',
  enterAValidEmail: 'Enter a valid email address',
  thisContactIsAlready: 'This contact is already on the plan',
  checkThePlan: 'Check the plan',
  datePlansPerDay: (p: { count: number }) => `You can share up to ${p.count} date plans a day.`,
  datePlanCancelledBy: (p: { name: string | undefined }) =>
    `${p.name ?? 'The person who shared it'} cancelled this date plan, so there is nothing more to show here.`,
  // What her trusted contacts receive (SMS or mail), in her language: `summary` is datePlanSummary's words.
  datePlanSummary: (p: { withName: string | null; eventTitle: string | null; place: string; time: string }) =>
    `${p.withName ? `meeting ${p.withName}` : p.eventTitle ? `at the meetup “${p.eventTitle}”` : 'on a date'} at ${p.place}, ${p.time}`,
  datePlanShared: (p: { sharer: string; summary: string; checkInTime: string | null; link: string }) => ({
    subject: `${p.sharer} shared a date plan with you`,
    text:
      `${p.sharer} shared a date plan with you on Steep: ${p.summary}.` +
      (p.checkInTime
        ? ` Steep will check on ${p.sharer} at ${p.checkInTime} and tell you if there is no answer.`
        : '') +
      ` The plan: ${p.link}`,
  }),
  datePlanAlert: (p: { sharer: string; summary: string }) => ({
    subject: `${p.sharer} hasn't checked in after the date`,
    text: `${p.sharer} hasn't checked in after the date; last shared plan: ${p.summary}. Please try to reach ${p.sharer}.`,
  }),
  datePlanSafe: (p: { sharer: string }) => ({
    subject: `${p.sharer} checked in: safe`,
    text: `Good news: ${p.sharer} has checked in on Steep and is safe.`,
  }),
  checkInMail: (p: { time: string; body: string; link: string }) => ({
    subject: 'Steep is checking on you',
    text: `It's ${p.time}, the time you asked us to check on you. ${p.body} Open Steep: ${p.link}`,
  }),
  thisContactHasBeenField: 'This contact has been sent enough plans today',
};
