import type { Translation } from '../catalogue';
import type { datesafety as en } from '../en/datesafety';

/** datesafety in Spanish (neutral, inclusive, tú: docs/i18n-glossary.md). */
export const datesafety: Translation<typeof en> = {
  meetupNotFound: 'No encontramos la quedada',
  thisContactHasBeen: 'Este contacto ya recibió suficientes planes hoy. Vuelve a intentarlo mañana.',
  datePlanNotFound: 'No encontramos el plan de la cita',
  thisPlanWasAlready: 'Este plan ya se canceló. Sus enlaces ya no funcionan y no se avisará a nadie.',
  youAlreadyCheckedIn: 'Ya confirmaste que estás bien en este plan. No se avisará a nadie.',
  thisLinkIsNot: 'Este enlace no es válido. Comprueba que abriste el enlace completo del mensaje.',
  thisDatePlanHas: 'Este plan de cita terminó. Los enlaces de un plan dejan de funcionar un día después de la cita.',
  chooseATimeThat: 'Elige una hora que no haya pasado',
  shareAPlanFor: 'Comparte un plan para una cita en los próximos 30 días',
  chooseACheckIn: 'Elige una hora de confirmación que aún no haya pasado',
  chooseACheckInTime: 'Elige una hora de confirmación posterior al inicio de la cita',
  chooseACheckInTimeOn: 'Elige una hora de confirmación el mismo día de la cita',
  enterAValidEmail: 'Escribe un correo electrónico válido',
  thisContactIsAlready: 'Este contacto ya está en el plan',
  checkThePlan: 'Revisa el plan',
  datePlansPerDay: (p) => `Puedes compartir hasta ${p.count} planes de cita al día.`,
  datePlanCancelledBy: (p) =>
    p.name
      ? `${p.name} canceló este plan de cita, así que no hay nada más que mostrar aquí.`
      : 'La persona que lo compartió canceló este plan de cita, así que no hay nada más que mostrar aquí.',
  datePlanSummary: (p) =>
    `${p.withName ? `cita con ${p.withName}` : p.eventTitle ? `quedada «${p.eventTitle}»` : 'cita'} en ${p.place}, ${p.time}`,
  datePlanShared: (p) => ({
    subject: `${p.sharer} compartió contigo un plan de cita`,
    text:
      `${p.sharer} compartió contigo su plan en Steep: ${p.summary}.` +
      (p.checkInTime
        ? ` Steep le preguntará a ${p.sharer} si está bien (${p.checkInTime}) y te avisará si no hay respuesta.`
        : '') +
      ` Ver el plan: ${p.link}`,
  }),
  datePlanAlert: (p) => ({
    subject: `${p.sharer} no ha confirmado que está bien después de la cita`,
    text: `${p.sharer} no ha confirmado que está bien después de la cita. Último plan compartido: ${p.summary}. Intenta comunicarte con ${p.sharer}.`,
  }),
  datePlanSafe: (p) => ({
    subject: `${p.sharer} confirmó que está bien`,
    text: `Buenas noticias: ${p.sharer} confirmó en Steep que está bien.`,
  }),
  checkInMail: (p) => ({
    subject: 'Steep quiere saber de ti',
    text: `Es la hora que elegiste para que te preguntáramos cómo estás (${p.time}). ${p.body} Abre Steep: ${p.link}`,
  }),
  thisContactHasBeenField: 'Este contacto ya recibió suficientes planes hoy',
};
