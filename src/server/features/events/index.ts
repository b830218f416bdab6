export { eventRoutes } from './routes';
export { eventsOf, releaseEventsOf } from './personal-data';
export { attendancesStartingBetween, eventActivityOf, eventTitles } from './repository';
