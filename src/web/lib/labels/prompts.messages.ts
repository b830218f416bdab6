import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PromptId } from '../../../contract/prompts';

/*
 * The profile prompts' questions for the translators, read into the catalogues by `npm run i18n:extract`.
 * The app looks each up by its id (`prompt.<id>`, ./prompts.ts) and does not import this table (prompts.test.ts
 * checks the ids).
 */
export const PROMPT_MESSAGES: Record<PromptId, MessageDescriptor> = {
  'ideal-tea-date': msg({ id: 'prompt.ideal-tea-date', message: 'My ideal tea date…' }),
  boundary: msg({ id: 'prompt.boundary', message: 'A boundary I keep…' }),
  'green-flags': msg({ id: 'prompt.green-flags', message: 'Green flags I look for…' }),
  sunday: msg({ id: 'prompt.sunday', message: 'A perfect Sunday looks like…' }),
  'comfort-brew': msg({ id: 'prompt.comfort-brew', message: 'My comfort brew is…' }),
  'geek-out': msg({ id: 'prompt.geek-out', message: 'I geek out on…' }),
  'unpopular-opinion': msg({ id: 'prompt.unpopular-opinion', message: 'My most unpopular opinion…' }),
  'win-me-over': msg({ id: 'prompt.win-me-over', message: 'The way to win me over is…' }),
  'together-we-could': msg({ id: 'prompt.together-we-could', message: 'Together we could…' }),
  'last-thing-learned': msg({ id: 'prompt.last-thing-learned', message: 'The last thing I learned was…' }),
  'simple-pleasure': msg({ id: 'prompt.simple-pleasure', message: 'My simplest pleasure…' }),
  'looking-for': msg({ id: 'prompt.looking-for', message: "I'm looking for…" }),
  dealbreaker: msg({ id: 'prompt.dealbreaker', message: 'A dealbreaker for me is…' }),
  'love-language': msg({ id: 'prompt.love-language', message: 'I feel most cared for when…' }),
  'proud-of': msg({ id: 'prompt.proud-of', message: "Something I'm proud of…" }),
  'travel-story': msg({ id: 'prompt.travel-story', message: 'My best travel story…' }),
  'first-date-idea': msg({ id: 'prompt.first-date-idea', message: 'A first date I would love…' }),
  recharge: msg({ id: 'prompt.recharge', message: 'How I recharge…' }),
  'weekend-plans': msg({ id: 'prompt.weekend-plans', message: 'This weekend you will find me…' }),
  'queer-joy': msg({ id: 'prompt.queer-joy', message: 'What brings me queer joy…' }),
  community: msg({ id: 'prompt.community', message: 'A community I love being part of…' }),
  'book-rec': msg({ id: 'prompt.book-rec', message: 'A book everyone should read…' }),
  'song-on-repeat': msg({ id: 'prompt.song-on-repeat', message: 'The song on repeat right now…' }),
  cooking: msg({ id: 'prompt.cooking', message: 'The dish I cook to impress…' }),
  'two-truths': msg({ id: 'prompt.two-truths', message: 'Two truths and a lie…' }),
  'childhood-dream': msg({ id: 'prompt.childhood-dream', message: 'As a kid I wanted to be…' }),
  'hidden-talent': msg({ id: 'prompt.hidden-talent', message: 'My hidden talent…' }),
  'never-shut-up': msg({ id: 'prompt.never-shut-up', message: "I won't shut up about…" }),
  'ask-me-about': msg({ id: 'prompt.ask-me-about', message: 'Ask me about…' }),
  currently: msg({ id: 'prompt.currently', message: 'Currently working on…' }),
  'small-act': msg({ id: 'prompt.small-act', message: 'A small act of kindness that made my day…' }),
  'hot-take-tea': msg({ id: 'prompt.hot-take-tea', message: 'My hot take on tea…' }),
  'pet-peeve': msg({ id: 'prompt.pet-peeve', message: 'My biggest pet peeve…' }),
  'happy-place': msg({ id: 'prompt.happy-place', message: 'My happy place is…' }),
  'we-will-get-along': msg({ id: 'prompt.we-will-get-along', message: "We'll get along if…" }),
  'life-goal': msg({ id: 'prompt.life-goal', message: 'A life goal of mine…' }),
  'friends-describe': msg({ id: 'prompt.friends-describe', message: 'My friends would describe me as…' }),
  'teach-you': msg({ id: 'prompt.teach-you', message: 'I could teach you…' }),
  'rainy-day': msg({ id: 'prompt.rainy-day', message: 'On a rainy day I…' }),
  'pride-memory': msg({ id: 'prompt.pride-memory', message: 'A Pride memory I treasure…' }),
};
