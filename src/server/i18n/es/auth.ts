import type { Translation } from '../catalogue';
import type { auth as en } from '../en/auth';

/** auth in Spanish (neutral, inclusive, tú: docs/i18n-glossary.md). */
export const auth: Translation<typeof en> = {
  tooManyWrongPasswords: 'Demasiadas contraseñas incorrectas. Vuelve a intentarlo más tarde.',
  thatPasswordIsNot: 'Esa contraseña no es correcta',
  chooseANewPassword: 'Elige una contraseña nueva',
  thatCodeIsNot: 'Ese código no es correcto',
  thatCodeHasExpired: 'Ese código ha caducado',
  tooManyWrongCodes: 'Demasiados códigos incorrectos',
  chooseACityFrom: 'Elige una ciudad de la lista',
  thatIsYourPassword: 'Esa es tu contraseña actual. Inicia sesión con ella o elige una nueva',
  theNewPasswordMust: 'La contraseña nueva debe ser distinta de la actual',
  thatCodeHasExpiredAsk: 'Ese código ha caducado: pide uno nuevo',
  tooManyWrongCodesAsk: 'Demasiados códigos incorrectos: pide uno nuevo',
  emailTakenMail: (p) => ({
    subject: 'Alguien intentó usar tu correo en Steep',
    text: `Hola, ${p.name}:

Alguien intentó añadir este correo electrónico a otra cuenta de Steep. No cambió nada: sigue vinculado a tu cuenta ${p.username}.

No tienes que hacer nada. Si te sigue llegando este correo, avísanos desde Ajustes → Seguridad.`,
  }),
  emailCodeMail: (p) => ({
    subject: `Tu código de Steep: ${p.code}`,
    text: `Hola, ${p.name}:

Tu código para confirmar este correo en Steep es ${p.code}. Sirve durante ${p.minutes} minutos.

Si no lo pediste, ignora este correo.`,
  }),
  loggedOut: 'Has cerrado sesión',
  emailAlreadyVerified: 'Este correo ya está verificado',
  emailCodeSent: (p) => `Enviamos un código de 6 dígitos a ${p.email}`,
  emailVerified: 'Tu correo está verificado',
  passwordChanged: 'Contraseña cambiada. Se cerró tu sesión en todos los demás dispositivos.',
  passwordResetDone: 'Tu contraseña ya está cambiada. Entra con ella.',
  accountDeleted: 'Tu cuenta y todo lo que contenía se han eliminado.',
  passwordAdvice: (p) => p.advice.es,
  easyToGuess: 'Esta contraseña sería fácil de adivinar.',
  addUncommonWords: 'Añade algunas palabras poco comunes.',
};
