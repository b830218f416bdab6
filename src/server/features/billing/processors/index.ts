import type { Config } from '../../../config';
import { demoProcessor } from './demo';
import { stripeProcessor } from './stripe';
import type { PaymentProcessor } from './types';

export type { PaymentProcessor } from './types';

/** PAYMENTS=demo (default) or stripe; config.ts has already refused stripe without its keys. */
export function createPaymentProcessor(config: Config): PaymentProcessor {
  if (config.PAYMENTS === 'stripe' && config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY) {
    return stripeProcessor({ secretKey: config.STRIPE_SECRET_KEY, publishableKey: config.STRIPE_PUBLISHABLE_KEY });
  }
  return demoProcessor();
}
