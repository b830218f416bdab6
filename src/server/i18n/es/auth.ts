import type { Translation } from '../catalogue';
import type { auth as en } from '../en/auth';

/** auth in Spanish (neutral, inclusive, tú: docs/i18n-glossary.md). */
export const auth: Translation<typeof en> = {
  tooManyWrongPasswords: 'Demasiadas contraseñas incorrectas. Vuelve a intentarlo más tarde.',
  thatPasswordIsNot: 'Esa contraseña no es correcta',
  chooseANewPassword: 'Elige una contraseña nueva',
  thatCodeHasExpired: 'Ese código ha caducado',
  tooManyWrongCodes: 'Demasiados códigos incorrectos',
  chooseACityFrom: 'Elige una ciudad de la lista',
  thatIsYourPassword: 'Esa es tu contraseña actual. Inicia sesión con ella o elige una nueva',
  theNewPasswordMust: 'La contraseña nueva debe ser distinta de la actual',
  thatCodeHasExpiredAsk: 'Ese código ha caducado: pide uno nuevo',
  tooManyWrongCodesAsk: 'Demasiados códigos incorrectos: pide uno nuevo',
  thatCodeWasReplaced: 'Ese código se sustituyó por uno más reciente: usa el último correo',
  emailConfirmedElsewhere:
    'Otra cuenta de Steep confirmó esa dirección antes, así que no puede ser la tuya aquí. Tu correo no cambió.',
  emailConfirmedElsewhereFirst: (p) =>
    `Otra cuenta de Steep confirmó ${p.email} antes, así que no puede ser la tuya aquí. Añade otra dirección.`,
  emailTakenMail: (p) => ({
    subject: 'Alguien intentó usar tu correo en Steep',
    text: `Hola, ${p.name}:

Alguien intentó añadir este correo electrónico a otra cuenta de Steep. No cambió nada: sigue vinculado a tu cuenta ${p.username}.

No tienes que hacer nada. Si te sigue llegando este correo, avísanos desde el Centro de seguridad (el escudo en la parte superior de la app).`,
  }),
  emailCodeMail: (p) => ({
    subject: `Tu código de Steep: ${p.code}`,
    text: `Hola, ${p.name}:

Tu código para confirmar este correo en Steep es ${p.code}. Sirve durante ${p.minutes} minutos.

Si no lo pediste, ignora este correo.`,
  }),
  emailChangeRequestedMail: (p) => ({
    subject: 'Alguien pidió cambiar tu correo de Steep',
    text: `Hola, ${p.name}:

Alguien pidió cambiar el correo de tu cuenta de Steep ${p.username} a ${p.masked}. Esta dirección sigue siendo el correo de tu cuenta hasta que la nueva se confirme con el código que enviamos allí.

Si fuiste tú, no tienes que hacer nada. Si no fuiste tú, cambia tu contraseña ahora (Ajustes → Contraseña) y luego cancela el cambio en Ajustes → Correo electrónico.`,
  }),
  emailChangedMail: (p) => ({
    subject: 'Se cambió tu correo de Steep',
    text: `Hola, ${p.name}:

El correo de tu cuenta de Steep ${p.username} se cambió a ${p.masked}. Los enlaces para restablecer la contraseña y los avisos van ahora allí, no a esta dirección.

Si no fuiste tú, inicia sesión y cambia tu contraseña ahora (Ajustes → Contraseña): así se cierra la sesión en todos los demás dispositivos. Luego vuelve a poner tu correo en Ajustes → Correo electrónico y avísanos desde el Centro de seguridad (el escudo en la parte superior de la app).`,
  }),
  loggedOut: 'Has cerrado sesión',
  emailIsAlreadyYours: (p) => `${p.email} ya es tu correo.`,
  emailKeptChangeCancelled: (p) => `${p.email} ya es tu correo: se canceló el cambio a otra dirección.`,
  emailCodeSent: (p) => `Enviamos un código de 6 dígitos a ${p.email}`,
  emailVerified: 'Tu correo está verificado',
  emailChangeConfirmed: (p) => `Confirmado: tu correo ahora es ${p.email}.`,
  emailNothingWaiting: (p) => `Ninguna dirección espera un código: tu correo ${p.email} ya está confirmado.`,
  emailNoneWaiting: 'Ninguna dirección espera un código. Añade primero tu correo.',
  emailChangeCodeSent: (p) =>
    `Enviamos un código de 6 dígitos a ${p.email}. Tu correo sigue siendo ${p.current} hasta que lo confirmes.`,
  emailChangeCancelled: (p) => `Cambio cancelado. Tu correo sigue siendo ${p.email}.`,
  noEmailChangeWaiting: 'No hay ningún cambio de correo pendiente',
  passwordChanged: 'Contraseña cambiada. Se cerró tu sesión en todos los demás dispositivos.',
  passwordResetDone: 'Tu contraseña ya está cambiada. Entra con ella.',
  accountDeleted: 'Tu cuenta y todo lo que contenía se han eliminado.',
  passwordAdvice: (p) => p.advice.es,
  easyToGuess: 'Esta contraseña sería fácil de adivinar.',
  addUncommonWords: 'Añade algunas palabras poco comunes.',
};
