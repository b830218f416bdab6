import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PromptId } from '../../../contract/prompts';

/* The profile prompts' questions (issue 29): an answer stores the prompt's id; the question is read in her language. */

const QUESTIONS: Record<PromptId, MessageDescriptor> = {
  'ideal-tea-date': msg`My ideal tea date…`,
  boundary: msg`A boundary I keep…`,
  'green-flags': msg`Green flags I look for…`,
  sunday: msg`A perfect Sunday looks like…`,
  'comfort-brew': msg`My comfort brew is…`,
  'geek-out': msg`I geek out on…`,
  'unpopular-opinion': msg`My most unpopular opinion…`,
  'win-me-over': msg`The way to win me over is…`,
  'together-we-could': msg`Together we could…`,
  'last-thing-learned': msg`The last thing I learned was…`,
  'simple-pleasure': msg`My simplest pleasure…`,
  'looking-for': msg`I'm looking for…`,
  dealbreaker: msg`A dealbreaker for me is…`,
  'love-language': msg`I feel most cared for when…`,
  'proud-of': msg`Something I'm proud of…`,
  'travel-story': msg`My best travel story…`,
  'first-date-idea': msg`A first date I would love…`,
  recharge: msg`How I recharge…`,
  'weekend-plans': msg`This weekend you will find me…`,
  'queer-joy': msg`What brings me queer joy…`,
  community: msg`A community I love being part of…`,
  'book-rec': msg`A book everyone should read…`,
  'song-on-repeat': msg`The song on repeat right now…`,
  cooking: msg`The dish I cook to impress…`,
  'two-truths': msg`Two truths and a lie…`,
  'childhood-dream': msg`As a kid I wanted to be…`,
  'hidden-talent': msg`My hidden talent…`,
  'never-shut-up': msg`I won't shut up about…`,
  'ask-me-about': msg`Ask me about…`,
  currently: msg`Currently working on…`,
  'small-act': msg`A small act of kindness that made my day…`,
  'hot-take-tea': msg`My hot take on tea…`,
  'pet-peeve': msg`My biggest pet peeve…`,
  'happy-place': msg`My happy place is…`,
  'we-will-get-along': msg`We'll get along if…`,
  'life-goal': msg`A life goal of mine…`,
  'friends-describe': msg`My friends would describe me as…`,
  'teach-you': msg`I could teach you…`,
  'rainy-day': msg`On a rainy day I…`,
  'pride-memory': msg`A Pride memory I treasure…`,
};

/** A prompt's question in her language; `fallback` (the question the server sent) for an id this build does not know. */
export function promptText(id: string, fallback = ''): string {
  const descriptor = (QUESTIONS as Record<string, MessageDescriptor | undefined>)[id];
  return descriptor ? i18n._(descriptor) : fallback;
}
