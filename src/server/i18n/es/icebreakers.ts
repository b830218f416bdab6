import type { IcebreakerTemplates } from '../en/icebreakers';

/*
 * Conversation starters in Spanish (neutral, inclusive, tú: docs/i18n-glossary.md): nothing gives the other person a
 * gender (no "nueva", "experta", "juntas"). An interest's or a tea's name is a tag from her profile, a noun or a verb
 * ("Lectura", "Correr", "Mirar las estrellas", "Matcha"): quoted as it is written there («Lectura»), so no article,
 * pronoun or lower case has to agree with it ("probarlo" would give "Lectura" the wrong gender).
 */
export const icebreakers: IcebreakerTemplates = {
  sharedInterest: [
    ({ interest }) => `¡Coincidimos en «${interest}»! ¿Cómo empezaste?`,
    ({ interest }) => `¡Por fin alguien más con «${interest}» en su perfil! ¿Cuál es tu mejor anécdota hasta ahora?`,
    ({ interest }) => `«${interest}» aparece en los dos perfiles. ¿Intercambiamos nuestras mejores historias?`,
    ({ interest, name }) =>
      `${name}, una pregunta sobre «${interest}»: ¿qué lugar recomiendas para empezar o qué joya escondida conoces?`,
    ({ interest }) => `Si organizáramos una tarde en torno a «${interest}», ¿cómo sería la tarde perfecta para ti?`,
  ],
  theirInterest: [
    ({ interest }) => `Veo «${interest}» en tu perfil. ¿Qué es lo que más disfrutas?`,
    ({ interest }) => `«${interest}» está en tu perfil. ¿Me convences de darle una oportunidad?`,
    ({ interest, name }) => `${name}, ¿cómo empezó lo tuyo con «${interest}»?`,
    ({ interest }) => `«${interest}»: ¿cuál ha sido tu mejor momento últimamente?`,
  ],
  sharedTea: [
    ({ tea }) => `¡«${tea}» en los dos perfiles! ¿Cómo preparas tu taza?`,
    ({ tea }) => `Tenemos «${tea}» en común. ¿Dónde tomas tu taza favorita?`,
    ({ tea }) => `¡Match de «${tea}»! ¿A granel o en bolsitas? (Sin juzgar. Bueno, casi.)`,
  ],
  theirTea: [
    ({ tea }) => `«${tea}» en tu perfil, ya veo. ¿Cuál es tu momento del día para una taza?`,
    ({ tea, mine }) =>
      mine
        ? `En tu perfil está «${tea}» y en el mío «${mine}». ¿Intercambiamos recomendaciones?`
        : `¿Cómo empezó lo tuyo con «${tea}»?`,
    ({ tea }) => `Si solo pudieras tomar «${tea}» de una cafetería durante un año, ¿cuál elegirías?`,
  ],
  teaUnknown: [
    ({ mine }) =>
      mine
        ? `Mi té de siempre es «${mine}». ¿Qué té no puede faltar en tu casa?`
        : `¿Qué té no puede faltar en tu casa?`,
    () => `¿Té, café u otra cosa para empezar el día?`,
  ],
  bio: [
    ({ snippet }) => `Tu biografía dice «${snippet}». ¡Tengo que saber más!`,
    ({ snippet }) => `«${snippet}» me llamó la atención en tu perfil. ¿Qué historia hay detrás?`,
    ({ snippet }) => `Me encantó leer «${snippet}» en tu biografía. ¿Me cuentas más?`,
  ],
  sameCity: [
    ({ city }) => `¡También vivo en ${city}! ¿Cuál es tu rincón secreto favorito?`,
    ({ city }) => `¿Cuál es el mejor lugar para tomar té en ${city}? Confío en tu criterio.`,
    ({ city }) => `El mejor plan de fin de semana en ${city}: te escucho.`,
  ],
  sameState: [
    ({ city, myCity }) => `${city} y ${myCity} no están tan lejos. ¿Sueles venir por mi zona?`,
    ({ state }) => `¿Qué es lo que más te gusta hacer en ${state} y que casi nadie de fuera conoce?`,
  ],
  elsewhere: [
    ({ city }) => `¿Qué es lo mejor de vivir en ${city}?`,
    ({ city }) => `Si visitara ${city}, ¿cuál debería ser mi primera parada?`,
    ({ city }) => `¿Cómo sería para ti un día perfecto en ${city}?`,
  ],
  general: [
    ({ name }) => `¡Hola, ${name}! ¿Qué te hizo sonreír esta semana?`,
    () => `¿Cómo sería tu domingo de descanso ideal?`,
    () => `¿Qué pequeña cosa te alegra el día al instante?`,
    ({ name }) => `${name}, ¿qué te gustaría que alguien supiera de ti en una primera cita?`,
    () => `¿Dos verdades y una mentira? Empiezas tú.`,
  ],
};
