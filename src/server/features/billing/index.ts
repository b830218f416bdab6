/** Billing's surface for the app: its routes (with the renewal sweep) and the processor choice. */
export { billingRoutes } from './routes';
export { createPaymentProcessor, type PaymentProcessor } from './processors';
export { RENEWAL_JOB } from './renewals';
