import { z } from 'zod';
import { safeText } from './text';

/**
 * Profile prompts (product §2 "Profile"): she answers up to three questions from this catalogue, shown on
 * her card and her profile. Ids are stored; the text is the catalogue's, so wording can improve without
 * touching anyone's answer.
 */
export const PROMPTS = [
  { id: 'ideal-tea-date', text: 'My ideal tea date…' },
  { id: 'boundary', text: 'A boundary I keep…' },
  { id: 'green-flags', text: 'Green flags I look for…' },
  { id: 'sunday', text: 'A perfect Sunday looks like…' },
  { id: 'comfort-brew', text: 'My comfort brew is…' },
  { id: 'geek-out', text: 'I geek out on…' },
  { id: 'unpopular-opinion', text: 'My most unpopular opinion…' },
  { id: 'win-me-over', text: 'The way to win me over is…' },
  { id: 'together-we-could', text: 'Together we could…' },
  { id: 'last-thing-learned', text: 'The last thing I learned was…' },
  { id: 'simple-pleasure', text: 'My simplest pleasure…' },
  { id: 'looking-for', text: "I'm looking for…" },
  { id: 'dealbreaker', text: 'A dealbreaker for me is…' },
  { id: 'love-language', text: 'I feel most cared for when…' },
  { id: 'proud-of', text: "Something I'm proud of…" },
  { id: 'travel-story', text: 'My best travel story…' },
  { id: 'first-date-idea', text: 'A first date I would love…' },
  { id: 'recharge', text: 'How I recharge…' },
  { id: 'weekend-plans', text: 'This weekend you will find me…' },
  { id: 'queer-joy', text: 'What brings me queer joy…' },
  { id: 'community', text: 'A community I love being part of…' },
  { id: 'book-rec', text: 'A book everyone should read…' },
  { id: 'song-on-repeat', text: 'The song on repeat right now…' },
  { id: 'cooking', text: 'The dish I cook to impress…' },
  { id: 'two-truths', text: 'Two truths and a lie…' },
  { id: 'childhood-dream', text: 'As a kid I wanted to be…' },
  { id: 'hidden-talent', text: 'My hidden talent…' },
  { id: 'never-shut-up', text: "I won't shut up about…" },
  { id: 'ask-me-about', text: 'Ask me about…' },
  { id: 'currently', text: 'Currently working on…' },
  { id: 'small-act', text: 'A small act of kindness that made my day…' },
  { id: 'hot-take-tea', text: 'My hot take on tea…' },
  { id: 'pet-peeve', text: 'My biggest pet peeve…' },
  { id: 'happy-place', text: 'My happy place is…' },
  { id: 'we-will-get-along', text: "We'll get along if…" },
  { id: 'life-goal', text: 'A life goal of mine…' },
  { id: 'friends-describe', text: 'My friends would describe me as…' },
  { id: 'teach-you', text: 'I could teach you…' },
  { id: 'rainy-day', text: 'On a rainy day I…' },
  { id: 'pride-memory', text: 'A Pride memory I treasure…' },
] as const;

export type PromptId = (typeof PROMPTS)[number]['id'];
const PROMPT_IDS = PROMPTS.map((p) => p.id) as unknown as readonly [PromptId, ...PromptId[]];
export const MAX_PROMPT_ANSWERS = 3;
export const PROMPT_ANSWER_MAX_LENGTH = 150;

const promptText = new Map<string, string>(PROMPTS.map((p) => [p.id, p.text]));

/** The question of a prompt id ('' for an id no longer in the catalogue). */
function promptQuestion(id: string): string {
  return promptText.get(id) ?? '';
}

export interface PromptAnswer {
  promptId: PromptId;
  answer: string;
}

/** As others and she read them: the question beside its answer. */
export const promptAnswerView = z.object({ promptId: z.string(), question: z.string(), answer: z.string() });
export type PromptAnswerView = z.infer<typeof promptAnswerView>;

/** Her answers as she sends them: up to three, each prompt once, each answer 1–150 characters. */
export const promptAnswersField = z
  .array(
    z.object({
      promptId: z.enum(PROMPT_IDS, 'Choose a prompt from the list'),
      answer: safeText('Your answer must be text')
        .trim()
        .min(1, 'Write an answer, or remove the prompt')
        .max(PROMPT_ANSWER_MAX_LENGTH, `An answer is at most ${PROMPT_ANSWER_MAX_LENGTH} characters`),
    }),
    'Prompts must be a list',
  )
  .max(MAX_PROMPT_ANSWERS, `Answer at most ${MAX_PROMPT_ANSWERS} prompts`)
  .refine((answers) => new Set(answers.map((a) => a.promptId)).size === answers.length, 'Answer each prompt once');

/** Stored answers shown with their questions (answers to prompts since retired are left out). */
export function presentPrompts(answers: readonly PromptAnswer[]): PromptAnswerView[] {
  return answers
    .map((a) => ({ promptId: a.promptId, question: promptQuestion(a.promptId), answer: a.answer }))
    .filter((a) => a.question !== '');
}
