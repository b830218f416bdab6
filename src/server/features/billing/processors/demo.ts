import { randomBytes, randomUUID } from 'node:crypto';
import type { Plan } from '../../../../contract/billing';
import type { CardInput, ChargeResult, PaymentProcessor } from './types';
import { localText, type LocalText } from '../../../i18n';
import { fieldError, type FieldError } from '../../../http/errors';

/**
 * The embedded card processor (PAYMENTS=demo, the default): Stripe's test cards, simulated in this
 * process. No money moves and nothing leaves the server. Only the documented test numbers are
 * accepted, so a real card typed in by mistake is declined rather than "charged".
 */
type Behaviour = 'succeeds' | 'declined' | 'insufficient_funds' | 'fails_at_renewal';

const TEST_CARDS: Record<string, { brand: string; behaviour: Behaviour }> = {
  '4242424242424242': { brand: 'visa', behaviour: 'succeeds' },
  '4000056655665556': { brand: 'visa', behaviour: 'succeeds' },
  '5555555555554444': { brand: 'mastercard', behaviour: 'succeeds' },
  '378282246310005': { brand: 'amex', behaviour: 'succeeds' },
  '4000000000000002': { brand: 'visa', behaviour: 'declined' },
  '4000000000009995': { brand: 'visa', behaviour: 'insufficient_funds' },
  '4000000000000341': { brand: 'visa', behaviour: 'fails_at_renewal' },
};

export const DECLINED = 'Your card was declined.';
const INSUFFICIENT_FUNDS = 'Your card has insufficient funds.';
const NOT_A_TEST_CARD = `${DECLINED} No real money moves in this demo, so only test cards are accepted.`;

/**
 * A failed charge's reason in the catalogue, for her language. Payments store the processor's English words
 * (a history line is put in words when it is read); a sentence of Stripe's own stays as Stripe wrote it.
 */
const FAILURE_TEXTS: Record<string, LocalText> = {
  [DECLINED]: localText('cardDeclined'),
  [INSUFFICIENT_FUNDS]: localText('cardInsufficientFunds'),
  [NOT_A_TEST_CARD]: localText('cardNotATestCard'),
};
export const paymentFailureText = (english: string): LocalText | string => FAILURE_TEXTS[english] ?? english;

/** The Luhn check every card number passes. */
function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length >= 12 && sum % 10 === 0;
}

/** Card checks a processor makes before charging; each failure names the field for the form. */
export function cardProblems(card: CardInput, now: Date): FieldError[] {
  const problems: FieldError[] = [];
  if (!luhnValid(card.number)) problems.push(fieldError('cardNumber', localText('yourCardNumberIs')));
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  // A card is good through the last day of its expiry month.
  const expiresAfter = Date.UTC(year, card.expMonth, 1);
  if (expiresAfter <= now.getTime()) problems.push(fieldError('expYear', localText('yourCardsExpirationDate')));
  const cvcLength = card.number.startsWith('34') || card.number.startsWith('37') ? 4 : 3;
  if (card.cvc.length !== cvcLength) problems.push(fieldError('cvc', localText('yourCardsSecurityCode')));
  return problems;
}

/** The saved card is a handle naming its behaviour, never its number. */
const paymentMethodFor = (brand: string, last4: string, behaviour: Behaviour) =>
  `pm_demo_${behaviour}_${brand}_${last4}_${randomBytes(6).toString('hex')}`;

const chargeId = () => `ch_demo_${randomUUID()}`;

function chargeTestCard(card: CardInput): ChargeResult {
  const test = TEST_CARDS[card.number];
  const last4 = card.number.slice(-4);
  if (!test) return { ok: false, reference: chargeId(), cardBrand: null, cardLast4: last4, message: NOT_A_TEST_CARD };
  if (test.behaviour === 'declined') {
    return { ok: false, reference: chargeId(), cardBrand: test.brand, cardLast4: last4, message: DECLINED };
  }
  if (test.behaviour === 'insufficient_funds') {
    return { ok: false, reference: chargeId(), cardBrand: test.brand, cardLast4: last4, message: INSUFFICIENT_FUNDS };
  }
  return {
    ok: true,
    reference: chargeId(),
    cardBrand: test.brand,
    cardLast4: last4,
    paymentMethod: paymentMethodFor(test.brand, last4, test.behaviour),
  };
}

export function demoProcessor(): PaymentProcessor {
  return {
    kind: 'demo',
    publishableKey: null,
    async startSubscription() {
      return {
        clientSecret: `demo_sub_secret_${randomBytes(24).toString('base64url')}`,
        customerId: null,
        subscriptionId: null,
      };
    },
    async discardPending() {},
    charge(card: CardInput, _plan: Plan) {
      return chargeTestCard(card);
    },
    renew(subscription) {
      const method = subscription.providerPaymentMethod ?? '';
      const [, behaviour, brand, last4] = /^pm_demo_(succeeds|fails_at_renewal)_([a-z]+)_(\d{4})_/.exec(method) ?? [];
      if (behaviour === 'succeeds' && brand && last4) {
        return { ok: true, reference: chargeId(), cardBrand: brand, cardLast4: last4, paymentMethod: method };
      }
      return {
        ok: false,
        reference: chargeId(),
        cardBrand: brand ?? null,
        cardLast4: last4 ?? null,
        message: DECLINED,
      };
    },
    async setCancelAtPeriodEnd() {},
    async schedulePlanChange() {},
  };
}
