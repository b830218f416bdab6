import { describe, expect, it } from 'vitest';
import { PROMPTS } from '../../../contract/prompts';
import { promptMessageId } from './prompts';
import { PROMPT_MESSAGES } from './prompts.messages';

// The questions are looked up by id at run time: the ids the catalogues hold must be the ones asked for.
describe('prompt questions', () => {
  it('give every prompt the id the app looks up, with the catalogue question', () => {
    for (const prompt of PROMPTS) {
      expect(PROMPT_MESSAGES[prompt.id]).toMatchObject({ id: promptMessageId(prompt.id) });
    }
  });
});
