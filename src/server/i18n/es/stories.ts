import type { Translation } from '../catalogue';
import type { stories as en } from '../en/stories';

/** stories in Spanish (neutral, inclusive, tú: docs/i18n-glossary.md). */
/** The doxxing guard's details (features/stories/doxxing.ts), as a Spanish sentence names them. */
const DETAILS: Partial<Record<string, string>> = {
  link: 'el enlace',
  'phone number': 'el número de teléfono',
  '@handle': 'el @usuario',
  'street address': 'la dirección',
  'email address': 'el correo electrónico',
};

export const stories: Translation<typeof en> = {
  storyNotFound: 'No encontramos la historia',
  replyNotFound: 'No encontramos la respuesta',
  teaIsForPremium: 'Tea es para Premium. Hazte Premium para leer y compartir historias.',
  youCanOnlyDelete: 'Solo puedes borrar tus propias historias',
  missingReply: 'Escribe una respuesta',
  replyNudge: '¿Seguro? Esta respuesta podría hacer daño a alguien',
  alreadyReported: 'Ya lo denunciaste. El equipo de moderación lo revisará.',
  missingStoryFields: 'Completa todos los campos',
  storyNudge: '¿Seguro? Esta historia podría hacer daño a alguien',
  storiesPerDay: (p) => `Puedes compartir hasta ${p.count} historias al día. Vuelve mañana.`,
  removeDetails: (p) => {
    const names = p.details.map((detail) => DETAILS[detail] ?? detail);
    const list = new Intl.ListFormat('es', { type: 'conjunction' }).format(names);
    const where = p.what === 'story' ? 'las historias' : 'las respuestas';
    const edit = p.what === 'story' ? 'tu historia' : 'tu respuesta';
    return `Quita ${list}: ${where} no pueden incluir datos que identifiquen o ubiquen a alguien. Edita ${edit} para quitar ${names.length === 1 ? 'ese dato' : 'esos datos'}.`;
  },
  removeUsername: (p) =>
    `Quita el nombre de usuario: ${p.what === 'story' ? 'las historias' : 'las respuestas'} no pueden nombrar a nadie de Steep. Usa un nombre de pila o una inicial.`,
};
