import type { Translation } from '../catalogue';
import type { events as en } from '../en/events';

/** events in Spanish (neutral, inclusive, tú: docs/i18n-glossary.md). */
export const events: Translation<typeof en> = {
  thisMeetupIsNot: 'Esta quedada no está disponible',
  pickATimeAt: 'Elige una hora con al menos una hora de antelación',
  youreHostingThisMeetup: 'Tú organizas esta quedada',
  thisMeetupIsFor:
    'Esta quedada es para perfiles verificados. Verifica tu perfil en la página de verificación para unirte.',
  youreAlreadyAttendingThis: 'Ya vas a esta quedada',
  thisMeetupIsFull: 'Esta quedada está completa',
  hostsCancelAMeetup: 'Quien organiza una quedada la cancela en lugar de abandonarla',
  youreNotAttendingThis: 'No vas a esta quedada',
  onlyTheHostCan: 'Solo quien organiza puede cancelar esta quedada',
  theGuestListIs: 'La lista de asistentes es para quien organiza y quienes asisten',
  meetupCancelled: 'Esta quedada se canceló',
  meetupHappened: 'Esta quedada ya pasó',
  meetupsDaysAhead: (p) => `Las quedadas se pueden planear como máximo con ${p.days} días de antelación`,
  hostAtMost: (p) => `Puedes organizar como máximo ${p.count} quedadas próximas a la vez`,
  youCancelledTheMeetup: 'Quedada cancelada',
};
