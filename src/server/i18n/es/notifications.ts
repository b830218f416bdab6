import type { Translation } from '../catalogue';
import { countryList } from '../countries';
import type { notifications as en } from '../en/notifications';

/** Report reasons in Spanish, the web's words for them (src/locales: checked by ../web-catalogues.test.ts). */
export const REASONS_ES: Record<string, string> = {
  inappropriate_behavior: 'Comportamiento inapropiado',
  harassment_or_bullying: 'Acoso o intimidación',
  fake_profile: 'Perfil falso',
  spam_or_scam: 'Spam o estafa',
  inappropriate_photos: 'Fotos inapropiadas',
  underage_user: 'Persona menor de edad',
  violence_or_threats: 'Violencia o amenazas',
  other: 'Otro motivo',
};

/** The badges' names and descriptions in Spanish, by id: the web's words (checked by ../web-catalogues.test.ts). */
export const BADGES_ES: Record<string, { name: string; description: string }> = {
  first_match: { name: 'Primer match', description: 'Hiciste tu primer match' },
  social_butterfly: { name: 'Alma social', description: 'Diez matches' },
  conversation_starter: { name: 'Rompe el silencio', description: 'Enviaste tu primer mensaje' },
  icebreaker: { name: 'Rompehielos', description: 'Empezó una conversación con una sugerencia' },
  good_listener: { name: 'Sabe escuchar', description: 'Respondió en diez conversaciones' },
  week_streak: { name: 'Racha de una semana', description: 'Siete días seguidos en Steep' },
  month_streak: { name: 'Racha de un mes', description: 'Treinta días seguidos en Steep' },
  profile_pro: { name: 'Perfil de 10', description: 'Un perfil completo al 100 %' },
  early_bird: { name: 'Desde el principio', description: 'Entre las primeras 1000 personas en unirse' },
  verified: { name: 'Perfil verificado', description: 'Verificación de fotos aprobada' },
  premium_member: { name: 'Miembro Premium', description: 'Apoya a Steep con Premium' },
  host: { name: 'Organiza', description: 'Organizó una quedada de té' },
  regular: { name: 'Habitual', description: 'Se unió a tres quedadas de té' },
  storyteller: { name: 'Cuentacuentos', description: 'Compartiste tu primera historia en Tea' },
  supportive: { name: 'Gran apoyo', description: 'Apoyó diez historias en Tea' },
  tea_critic: { name: 'Crítica de té', description: 'Reseñó cinco tés' },
  safety_ally: { name: 'Alianza segura', description: 'Una de tus denuncias ayudó a que Steep sea un lugar seguro' },
};

const KIND_NAMES_ES = {
  match: 'avisos de nuevos matches',
  message: 'avisos de mensajes nuevos',
  like: 'avisos de likes',
  event_reminder: 'recordatorios de quedadas',
  moderation: 'avisos de moderación',
  promotion: 'novedades ni ofertas',
};

/** notifications in Spanish (neutral, inclusive, tú: docs/i18n-glossary.md). */
export const notifications: Translation<typeof en> = {
  deviceNotFound: 'No encontramos el dispositivo',
  pushNotificationsAreNot: 'Las notificaciones push no están disponibles en este servidor',
  thisUnsubscribeLinkIs: 'Este enlace para darte de baja no es válido. Elige qué te envía Steep en Ajustes.',
  potentialMatchesAreA: 'Los posibles matches son una función Premium',
  enterAValidPhone: 'Escribe un número de teléfono válido',
  tooManyCodesSent: 'Se enviaron demasiados códigos. Vuelve a intentarlo más tarde.',
  weCouldntSendA: 'No pudimos enviar un código a ese número. Vuelve a intentarlo.',
  enterYourPhoneNumber: 'Escribe tu número de teléfono para activar las notificaciones por SMS',
  noCodeIsWaiting: 'No hay ningún código pendiente: primero guarda tu número de teléfono',
  thisCodeHasExpired: 'Este código caducó. Usa «Enviar otro código» para recibir otro.',
  tooManyWrongCodesSave: 'Demasiados códigos incorrectos. Usa «Enviar otro código» para recibir otro.',
  thatCodeWasAlready: 'Ese código ya se usó. Vuelve a intentarlo.',
  enterAValidPhoneNumber: 'Escribe un número de teléfono válido, p. ej. (503) 555-0123',
  pushDevicesFull: (p) =>
    `Las notificaciones push ya están activadas en ${p.count} dispositivos. Quita uno en Ajustes primero.`,
  endpointNotUrl: 'El endpoint debe ser una URL',
  endpointCredentials: 'El endpoint no puede llevar credenciales',
  pushServiceUnsupported: 'Este servicio de notificaciones push no es compatible',
  endpointNotHttps: 'El endpoint debe usar https',
  textsOnlyTo: (p) => `Solo se pueden enviar SMS a números de ${countryList('es', p.countries)}`,
  steepTextsOnlyTo: (p) => `Steep solo puede enviar SMS a números de ${countryList('es', p.countries)}`,
  codeNotRightTriesLeft: (p) =>
    `Ese código no es correcto. ${p.left === 1 ? 'Te queda 1 intento' : `Te quedan ${p.left} intentos`}.`,
  noticeMeetupCancelled: (p) => ({
    title: 'Quedada cancelada',
    body: `Quien organizaba canceló «${p.title}» (${p.date.toLocaleDateString('es', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' })}).`,
  }),
  noticeWarning: (p) => ({
    title: 'Una advertencia del equipo de moderación de Steep',
    body: `Una persona del equipo de moderación revisó denuncias sobre tu cuenta y vio que incumplía nuestra norma sobre «${REASONS_ES[p.rule] ?? p.rule}». Ayúdanos a que Steep sea un lugar seguro y respetuoso: otra infracción puede llevar a una suspensión.`,
  }),
  noticeBadgeEarned: (p) => ({
    title: `Insignia conseguida: ${BADGES_ES[p.id]?.name ?? p.name}`,
    body: BADGES_ES[p.id]?.description ?? p.description,
  }),
  pushMessage: (p) => ({
    title: p.unread > 1 ? `${p.unread} mensajes nuevos de ${p.senderName}` : `Mensaje nuevo de ${p.senderName}`,
    body: p.preview ?? 'Abre Steep para leerlo.',
  }),
  pushMatch: (p) => ({
    title: p.friends ? '¡Nuevo match de amistad!' : '¡Es un match!',
    body: p.friends
      ? `${p.otherName} y tú quieren ser amistades. Saluda.`
      : `${p.otherName} y tú se dieron like. Saluda.`,
  }),
  pushLike: (p) => ({
    title: `${p.likerName ?? 'Alguien'} te dio ${p.superLike ? 'un super like' : 'like'}${p.friends ? ' como amistad' : ''}`,
    body: p.likerName
      ? `Devuélvele el like${p.friends ? ' en las tarjetas de Amistad' : ''} para hacer match.`
      : 'Descubre quién con Steep Premium, o sigue deslizando para averiguarlo.',
  }),
  pushEventReminderTitle: (p) => (p.lead === '1h' ? 'Tu quedada empieza en una hora' : 'Tu quedada es mañana'),
  pushModeration: { title: 'Un aviso de Seguridad de Steep', body: 'Abre Steep para leerlo.' },
  pushTest: { title: 'Las notificaciones de Steep están activadas', body: 'Así te llegará un match o un mensaje.' },
  pushCheckIn: (p) => ({
    title: 'Queremos saber de ti: ¿estás bien?',
    body: `Toca «Estoy bien» en Steep. Si no lo haces en ${p.graceMinutes} minutos, avisaremos a tus contactos de confianza.`,
  }),
  mailMatch: (p) => ({
    subject: p.friends ? 'Tienes un nuevo match de amistad en Steep' : 'Tienes un nuevo match en Steep',
    text: `${p.otherName} y tú ${p.friends ? 'quieren ser amistades' : 'se dieron like'}.

Saluda: ${p.link}`,
  }),
  mailMessage: (p) => ({
    subject: `${p.senderName} te envió un mensaje en Steep`,
    text: `Tienes ${p.unread === 1 ? 'un mensaje sin leer' : `${p.unread} mensajes sin leer`} de ${p.senderName}.

Lee y responde: ${p.link}`,
  }),
  mailLike: (p) => ({
    subject: `${p.likerName ?? 'Alguien'} te dio like${p.friends ? ' como amistad' : ''} en Steep`,
    text: `${p.likerName ?? 'Alguien'} le dio like a tu perfil${p.friends ? ' en las tarjetas de Amistad' : ''}.

Mira tus likes: ${p.link}`,
  }),
  mailEventReminder: (p) => ({
    subject: `Recordatorio: ${p.short} es mañana`,
    text: `Tu quedada «${p.title}» empieza en unas 24 horas.

Detalles: ${p.link}`,
  }),
  mailModeration: (p) => ({
    subject: 'Un aviso de Seguridad de Steep',
    text: `El equipo de moderación de Steep tiene un aviso para ti. Entra para leerlo: ${p.link}`,
  }),
  mailFooter: (p) =>
    `—
¿No quieres recibir estos correos? Date de baja con un clic: ${p.unsubscribe}
O elige qué te envía Steep en Ajustes → Notificaciones.`,
  smsCode: (p) => `Tu código de Steep es ${p.code}. Caduca en 10 minutos.`,
  smsMatch: '¡Tienes un nuevo match en Steep! Abre la app para saludar.',
  smsOff: 'Las notificaciones por SMS están desactivadas.',
  smsOnFor: (p) => `Las notificaciones por SMS están activadas para el ${p.phone}.`,
  smsCodeSentTo: (p) =>
    `Enviamos un código de 6 dígitos al ${p.phone}. Escríbelo para activar las notificaciones por SMS.`,
  smsConfirmed: 'Tu número de teléfono está confirmado. Te enviaremos un SMS cuando tengas nuevos matches.',
  unsubscribed: (p) =>
    `Ya no recibirás ${KIND_NAMES_ES[p.kind]} por correo ni por notificación push. Puedes volver a activarlo en Ajustes → Notificaciones.`,
};
