/**
 * Conversation starters' templates (features/chat/icebreaker-generator.ts picks among them by a seed), in English.
 * Another language gives each category the same number of templates, so one seed picks the same ideas in each.
 * `interest` and `tea` arrive in the reader's language (../labels.ts); `name` is the other person's first name.
 */
type Template<T> = (values: T) => string;

export interface IcebreakerTemplates {
  /** An interest on both profiles. */
  sharedInterest: Template<{ interest: string; name: string }>[];
  /** An interest on hers only. */
  theirInterest: Template<{ interest: string; name: string }>[];
  sharedTea: Template<{ tea: string }>[];
  /** Her tea; `mine`, one of the asker's, when she has one. */
  theirTea: Template<{ tea: string; mine: string | undefined }>[];
  /** She named no tea. */
  teaUnknown: Template<{ mine: string | undefined }>[];
  /** A quote from her bio. */
  bio: Template<{ snippet: string }>[];
  sameCity: Template<{ city: string }>[];
  sameState: Template<{ city: string; myCity: string; state: string }>[];
  elsewhere: Template<{ city: string }>[];
  /** The filler, when the profiles give little. */
  general: Template<{ name: string }>[];
}

export const icebreakers: IcebreakerTemplates = {
  sharedInterest: [
    ({ interest }) => `We both love ${interest}! What got you into it?`,
    ({ interest }) => `A fellow ${interest} fan! What's your favourite ${interest} memory so far?`,
    ({ interest }) => `${interest} came up on both our profiles. Want to swap our best ${interest} stories?`,
    ({ interest, name }) => `Okay ${name}, ${interest} question: beginner-friendly spot or hidden gem you'd recommend?`,
    ({ interest }) => `If we did ${interest} together, what would the perfect afternoon of it look like?`,
  ],
  theirInterest: [
    ({ interest }) => `I noticed you're into ${interest}. What do you love most about it?`,
    ({ interest }) => `${interest} is on your profile. Could you convince me to try it?`,
    ({ interest, name }) => `${name}, how did you get into ${interest}?`,
    ({ interest }) => `What's the best ${interest} moment you've had lately?`,
  ],
  sharedTea: [
    ({ tea }) => `Another ${tea} lover! How do you take yours?`,
    ({ tea }) => `We're both ${tea} people. Where do you get your favourite cup?`,
    ({ tea }) => `${tea} match! Loose leaf or tea bags? (No judgement. Mostly.)`,
  ],
  theirTea: [
    ({ tea }) => `${tea} fan, I see. What's your go-to time of day for it?`,
    ({ tea, mine }) =>
      mine
        ? `You're into ${tea}, I'm more of a ${mine} person. Trade recommendations?`
        : `What got you hooked on ${tea}?`,
    ({ tea }) => `If you could only drink ${tea} from one café for a year, which one would it be?`,
  ],
  teaUnknown: [
    ({ mine }) =>
      mine ? `I'm a ${mine} person. What's your cup of tea, literally?` : `What's your cup of tea, literally?`,
    () => `Tea, coffee or something else entirely to start your day?`,
  ],
  bio: [
    ({ snippet }) => `Your bio says "${snippet}". I have to hear more about that!`,
    ({ snippet }) => `"${snippet}" caught my eye on your profile. What's the story there?`,
    ({ snippet }) => `Loved reading "${snippet}" in your bio. Tell me more?`,
  ],
  sameCity: [
    ({ city }) => `Fellow ${city} local! What's your favourite hidden spot in town?`,
    ({ city }) => `What's the best tea spot in ${city}, in your expert opinion?`,
    ({ city }) => `Best weekend plan in ${city}: go.`,
  ],
  sameState: [
    ({ city, myCity }) => `${city} and ${myCity} aren't that far apart. Do you ever make it over my way?`,
    ({ state }) => `What's your favourite thing to do in ${state} that tourists never find?`,
  ],
  elsewhere: [
    ({ city }) => `What's the best thing about living in ${city}?`,
    ({ city }) => `If I visited ${city}, where should my first stop be?`,
    ({ city }) => `What would a perfect day in ${city} look like for you?`,
  ],
  general: [
    ({ name }) => `Hi ${name}! What's something that made you smile this week?`,
    () => `What does your ideal lazy Sunday look like?`,
    () => `What's a small thing that instantly makes your day better?`,
    ({ name }) => `${name}, what's one thing you'd want a first date to know about you?`,
    () => `Two truths and a lie, you go first?`,
  ],
};
