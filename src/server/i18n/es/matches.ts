import type { Translation } from '../catalogue';
import type { matches as en } from '../en/matches';

/** matches in Spanish (neutral, inclusive, tú: docs/i18n-glossary.md). */
export const matches: Translation<typeof en> = {
  thisProfileIsNot: 'Este perfil no está disponible',
  youCannotSwipeOn: 'No puedes deslizar tu propio perfil',
  aSuperLikeIs: 'Un super like es un like',
  aPassCarriesNo: 'Pasar no lleva comentario ni elemento con like',
  aCommentGoesWith: 'Un comentario va con una foto o una respuesta con like',
  youHaveAlreadySwiped: 'Ya deslizaste el perfil de esta persona',
  undoIsAPremium: 'Deshacer es una función Premium',
  swipeNotFound: 'No encontramos ese deslizamiento',
  onlyYourMostRecent: 'Solo puedes deshacer tu último deslizamiento',
  youveAlreadyStartedChatting: 'Ya empezaste a chatear con este match, así que no puedes deshacer este like',
  matchNotFound: 'No encontramos el match',
  promptNotOnProfile: 'Esa pregunta no está entre sus respuestas',
  photoNotOnProfile: 'Esa foto no está en su perfil',
  superLikesUsedPremium: (p) => `Ya usaste tus ${p.count} super likes de esta semana`,
  superLikeUsedFree: 'Ya usaste el super like de esta semana. ¡Hazte Premium para tener 5 super likes a la semana!',
  dailyLikesUsed: (p) =>
    `Llegaste al límite diario: ya usaste tus ${p.count} likes de hoy. ¡Hazte Premium para tener likes ilimitados!`,
  unmatched: 'Match deshecho',
};
