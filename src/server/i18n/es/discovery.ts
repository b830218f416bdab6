import type { Translation } from '../catalogue';
import type { discovery as en } from '../en/discovery';

/** discovery in Spanish (neutral, inclusive, tú: docs/i18n-glossary.md). */
export const discovery: Translation<typeof en> = {
  ghostModeIsA: 'El modo fantasma es una función Premium',
  travelModeIsA: 'El modo viaje es una función Premium',
  yourTripMustEnd: 'Tu viaje debe terminar en el futuro',
  unknownMember: 'Perfil desconocido',
  thatIsYourHome: 'Esa es tu ciudad',
  startAgainFromThe: 'Empieza de nuevo desde la primera página (sin cursor)',
  chooseALaterEnd: 'Elige un final más tarde',
  chooseTheCityYou: 'Elige la ciudad que vas a visitar',
  ghostModeOn: 'Eres invisible: no aparecerás en Descubrir ni tendrás nuevos matches',
  ghostModeOff: (p) =>
    p.count === 0
      ? 'Vuelves a ser visible en Descubrir'
      : `Vuelves a ser visible en Descubrir y tienes ${p.count} ${p.count === 1 ? 'match nuevo' : 'matches nuevos'}`,
  tripAtMostDays: (p) => `Un viaje dura como máximo ${p.days} días`,
  chooseAnEndWithin: (p) => `Elige un final dentro de los próximos ${p.days} días`,
};
