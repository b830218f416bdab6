import type { Translation } from '../catalogue';
import type { common as en } from '../en/common';
import { durationWords } from '../durations';

/** common in Spanish (neutral, inclusive, tú: docs/i18n-glossary.md). */
export const common: Translation<typeof en> = {
  moderatorsOnly: 'Solo para el equipo de moderación',
  pleaseSignInTo: 'Entra en tu cuenta para continuar',
  userNotFound: 'No encontramos a esa persona',
  invalidCursor: 'Cursor no válido',
  conversationNotFound: 'No encontramos la conversación',
  youCannotReportYour: 'No puedes denunciar tu propia quedada',
  memberNotFound: 'No encontramos a esa persona',
  textContainsCharactersThat: 'El texto tiene caracteres que no se pueden guardar',
  crossSiteRequestRefused: 'Solicitud entre sitios rechazada',
  youAreDoingThat: (p) =>
    `Lo estás haciendo con demasiada frecuencia. Vuelve a intentarlo dentro de ${durationWords('es', p.seconds)}.`,
  crossSiteSocketRefused: 'Conexión entre sitios rechazada',
  thisServerIsRestarting: 'El servidor se está reiniciando. Vuelve a conectarte en un momento.',
  thisServerIsFull: 'El servidor está lleno. Vuelve a conectarte en un momento.',
  tooManyConnectionsFrom: 'Demasiadas conexiones desde tu red',
  tooManyAttemptsFromNetwork: (p) =>
    `Demasiados intentos desde tu red. Vuelve a intentarlo dentro de ${durationWords('es', p.seconds)}.`,
  onlyActAsYourself: 'Solo puedes actuar en tu propio nombre',
  notFound: 'No encontrado',
  featureNeedsPremium: 'Esta función necesita Steep Premium',
  brieflyUnavailable: 'Steep no está disponible por un momento. Vuelve a intentarlo enseguida.',
  bodyNotJson: 'El cuerpo de la solicitud no es JSON válido',
  bodyEmpty: 'El cuerpo de la solicitud está vacío',
  bodyTooLarge: 'El cuerpo de la solicitud es demasiado grande',
  unsupportedContentType: 'Tipo de contenido no admitido',
  invalidContentLength: 'Longitud de contenido no válida',
  somethingWentWrong: 'Algo salió mal por nuestra parte. Vuelve a intentarlo.',
  suspendedIndefinitely: 'Tu cuenta está suspendida hasta nuevo aviso.',
  suspendedUntil: (p) =>
    `Tu cuenta está suspendida hasta el ${new Intl.DateTimeFormat('es', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(p.until))} (UTC).`,
};
