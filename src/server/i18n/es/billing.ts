import type { Translation } from '../catalogue';
import type { billing as en } from '../en/billing';

/** billing in Spanish (neutral, inclusive, tú: docs/i18n-glossary.md). */
export const billing: Translation<typeof en> = {
  profileBoostIsA: 'Destacar perfil es una función Premium',
  youAlreadyHaveSteep: 'Ya tienes Steep Premium',
  yourPaymentIsAlready: 'Tu pago ya se está preparando. Vuelve a intentarlo.',
  cardPaymentsGoThrough: 'Los pagos con tarjeta se hacen en el formulario de pago de Stripe',
  thisPaymentWasNot: 'No encontramos este pago. Vuelve a elegir tu plan.',
  thisPaymentCanNo: 'Este pago ya no se puede completar. Vuelve a elegir tu plan.',
  noRouteForThis: 'Esta solicitud no existe',
  youDontHaveAn: 'No tienes ninguna suscripción activa',
  testAccessDoesntRenew: 'El acceso de prueba no se renueva, así que no tiene un plan que cambiar',
  resumeYourSubscriptionBefore: 'Reanuda tu suscripción antes de cambiar de plan',
  yourCardNumberIs: 'El número de tu tarjeta no es válido.',
  yourCardsExpirationDate: 'La fecha de caducidad de tu tarjeta ya pasó.',
  yourCardsSecurityCode: 'El código de seguridad de tu tarjeta no es válido.',
  alreadyBoosted: 'Tu perfil ya está destacado',
  boostUsedToday: 'Ya usaste hoy la opción de destacar tu perfil. Podrás volver a hacerlo en 24 horas.',
  // The plan's name as the plan cards say it (Mensual, Anual).
  paymentFor: (p) => `${p.renewal ? 'Renovación del plan' : 'Plan'} ${p.plan === 'monthly' ? 'Mensual' : 'Anual'}`,
  cardDeclined: 'Tu tarjeta fue rechazada.',
  cardInsufficientFunds: 'Tu tarjeta no tiene fondos suficientes.',
  cardNotATestCard:
    'Tu tarjeta fue rechazada. En esta demo no se mueve dinero real, así que solo se aceptan tarjetas de prueba.',
};
