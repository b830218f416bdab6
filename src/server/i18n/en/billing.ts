/** billing: the server's words in English (../en.ts). */
export const billing = {
  profileBoostIsA: 'Profile Boost is a Premium feature',
  youAlreadyHaveSteep: 'You already have Steep Premium',
  yourPaymentIsAlready: 'Your payment is already being set up. Please try again.',
  cardPaymentsGoThrough: "Card payments go through Stripe's payment form",
  thisPaymentWasNot: 'This payment was not found. Please choose your plan again.',
  thisPaymentCanNo: 'This payment can no longer be completed. Please choose your plan again.',
  noRouteForThis: 'No route for this request',
  youDontHaveAn: "You don't have an active subscription",
  testAccessDoesntRenew: "Test Access doesn't renew, so it has no plan to switch",
  resumeYourSubscriptionBefore: 'Resume your subscription before switching plans',
  yourCardNumberIs: 'Your card number is invalid.',
  yourCardsExpirationDate: "Your card's expiration date is in the past.",
  yourCardsSecurityCode: "Your card's security code is invalid.",
  alreadyBoosted: 'Your profile is already boosted',
  boostUsedToday: "You've used today's Profile Boost. Boost again in 24 hours.",
  // Payment history (service.ts billingOverview): each line's plan, and why a charge failed.
  paymentFor: (p: { plan: 'monthly' | 'annual'; renewal: boolean }) =>
    `${p.plan === 'monthly' ? 'Monthly' : 'Annual'} plan${p.renewal ? ' renewal' : ''}`,
  cardDeclined: 'Your card was declined.',
  cardInsufficientFunds: 'Your card has insufficient funds.',
  cardNotATestCard: 'Your card was declined. No real money moves in this demo, so only test cards are accepted.',
};
