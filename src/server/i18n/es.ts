import type { Catalogue, ValidationText } from './catalogue';
import { auth } from './es/auth';
import { billing } from './es/billing';
import { chat } from './es/chat';
import { common } from './es/common';
import { datesafety } from './es/datesafety';
import { discovery } from './es/discovery';
import { events } from './es/events';
import { matches } from './es/matches';
import { moderation } from './es/moderation';
import { notifications } from './es/notifications';
import { preferences } from './es/preferences';
import { profiles } from './es/profiles';
import { safety } from './es/safety';
import { stories } from './es/stories';
import { teas } from './es/teas';
import { verification } from './es/verification';
import { contractTexts } from './es/validation';

/** The server's words in Spanish (neutral, inclusive: docs/i18n-glossary.md). Same keys as ./en.ts. */
export const es: Catalogue = {
  invalidRequestBody: 'Hay algunos datos que revisar.',
  invalidRequest: 'Algo salió mal con esta solicitud. Recarga la página y vuelve a intentarlo.',
  invalidValue: 'Valor no válido',
  noRouteFor: (p) => `No existe la ruta ${p.route}`,
  usernameTaken: 'Ese nombre de usuario ya está en uso',
  usernameTakenField: 'Este nombre de usuario ya está en uso',
  invalidLocation: 'Ubicación no válida',
  invalidCredentials: 'Nombre de usuario o contraseña incorrectos',
  tooManyFailedLogins: 'Demasiados intentos fallidos. Vuelve a intentarlo más tarde.',
  chooseStrongerPassword: 'Elige una contraseña más segura',
  busySigningIn: 'Steep está recibiendo muchos inicios de sesión. Vuelve a intentarlo dentro de un momento.',
  passwordResetSent:
    'Si esa cuenta tiene un correo verificado, el enlace para restablecer la contraseña ya va de camino. Sirve una sola vez, durante 30 minutos.',
  resetLinkInvalid: 'Este enlace para restablecer la contraseña no es válido o ha caducado',
  resetLinkInvalidField: 'Este enlace no es válido o ha caducado: pide uno nuevo',
  passwordResetEmail: (p) => ({
    subject: 'Restablece tu contraseña de Steep',
    text:
      `Hola, ${p.name}:\n\nAlguien (seguramente tú) ha pedido restablecer la contraseña de tu cuenta de Steep ${p.username}.\n` +
      `Abre este enlace en los próximos ${p.minutes} minutos para elegir una nueva; sirve una sola vez:\n\n${p.link}\n\n` +
      'Si no fuiste tú, ignora este correo: tu contraseña sigue igual.',
  }),
  ...auth,
  ...billing,
  ...chat,
  ...common,
  ...datesafety,
  ...discovery,
  ...events,
  ...matches,
  ...moderation,
  ...notifications,
  ...preferences,
  ...profiles,
  ...safety,
  ...stories,
  ...teas,
  ...verification,
};

/** src/contract's validation sentences in Spanish (./en.ts VALIDATION_TEXTS). */
export const esValidation: Record<ValidationText, string> = {
  'Username must be at least 3 characters long': 'El nombre de usuario debe tener al menos 3 caracteres',
  'Username must be at most 30 characters long': 'El nombre de usuario puede tener como máximo 30 caracteres',
  'Username may only contain letters, numbers, dots and underscores':
    'El nombre de usuario solo puede tener letras, números, puntos y guiones bajos',
  'Password must be at least 6 characters long': 'La contraseña debe tener al menos 6 caracteres',
  'Password must be at most 128 characters long': 'La contraseña puede tener como máximo 128 caracteres',
  'Password must contain at least one uppercase letter': 'La contraseña debe tener al menos una mayúscula',
  'Password must contain at least one lowercase letter': 'La contraseña debe tener al menos una minúscula',
  'Password must contain at least one number or underscore': 'La contraseña debe tener al menos un número o guion bajo',
  'Choose a city from the list': 'Elige una ciudad de la lista',
  'Unknown interest': 'Interés desconocido',
  'Choose at most 30 interests': 'Elige como máximo 30 intereses',
  'Unknown tea': 'Té desconocido',
  'Name is required': 'Escribe tu nombre',
  'Name must be at most 50 characters': 'El nombre puede tener como máximo 50 caracteres',
  'Age must be a number': 'La edad debe ser un número',
  'Age must be a whole number': 'La edad debe ser un número entero',
  'You must be at least 18 years old': 'Necesitas tener al menos 18 años',
  'Please enter a real age': 'Escribe una edad real',
  'Bio must be at most 500 characters': 'La biografía puede tener como máximo 500 caracteres',
  'Gender identity must be woman or non-binary': 'La identidad de género debe ser mujer o persona no binaria',
  'Orientation must be lesbian, bisexual or pansexual': 'La orientación debe ser lesbiana, bisexual o pansexual',
  'Enter a valid email address': 'Escribe un correo electrónico válido',
  'Username is required': 'Escribe tu nombre de usuario',
  'Password is required': 'Escribe tu contraseña',
  'Enter your username or email': 'Escribe tu nombre de usuario o tu correo',
  'The reset link is invalid': 'El enlace para restablecer la contraseña no es válido',
  'Invalid value': 'Valor no válido',
  'Text may not contain control characters': 'El texto no puede contener caracteres de control',
  ...contractTexts,
};
