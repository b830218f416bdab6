export { eventRoutes } from './routes';
export { eventActivityOf } from './service';
export { eventsOf, releaseEventsOf } from './personal-data';
export { eventTitles } from './report';
export { attendancesStartingBetween, type UpcomingAttendance } from './reminders';
