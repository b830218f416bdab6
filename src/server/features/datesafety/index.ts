/**
 * Share My Date (product §2): date plans shared with trusted contacts, their public links and the
 * safety check-in. Owns date_plans and date_plan_contacts; account deletion clears them by cascade and
 * the export reads them through the account feature's table rules.
 */
export { dateSafetyRoutes } from './routes';
