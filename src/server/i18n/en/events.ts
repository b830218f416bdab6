/** events: the server's words in English (../en.ts). */
export const events = {
  thisMeetupIsNot: 'This meetup is not available',
  pickATimeAt: 'Pick a time at least an hour from now',
  youreHostingThisMeetup: "You're hosting this meetup",
  thisMeetupIsFor: 'This meetup is for verified members. Verify your profile on the Verification page to join.',
  youreAlreadyAttendingThis: "You're already attending this meetup",
  thisMeetupIsFull: 'This meetup is full',
  hostsCancelAMeetup: 'Hosts cancel a meetup instead of leaving it',
  youreNotAttendingThis: "You're not attending this meetup",
  onlyTheHostCan: 'Only the host can cancel this meetup',
  theGuestListIs: 'The guest list is for the host and attendees',
  meetupCancelled: 'This meetup was cancelled',
  meetupHappened: 'This meetup has already happened',
  meetupsDaysAhead: (p: { days: number }) => `Meetups can be planned at most ${p.days} days ahead`,
  hostAtMost: (p: { count: number }) => `You can host at most ${p.count} upcoming meetups at a time`,
  youCancelledTheMeetup: 'Meetup cancelled',
};
