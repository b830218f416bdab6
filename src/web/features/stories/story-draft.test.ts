import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubStorage } from '../../lib/test-storage';
import { forgetMessageDrafts, readMessageDraft, saveMessageDraft } from '../../lib/message-drafts';
import { EMPTY_STORY, readStoryDraft, saveStoryDraft } from './story-draft';

describe('the story she is writing', () => {
  let items: Map<string, string>;
  beforeEach(() => {
    items = stubStorage('sessionStorage');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is kept for her alone, beside her message drafts, and goes when she signs out', () => {
    const draft = { ...EMPTY_STORY, title: 'The longest brunch', content: 'It started at ten', teaType: 'Ex' };
    saveMessageDraft('ana', 'm1', 'Hey');
    saveStoryDraft('ana', draft);
    expect(readStoryDraft('ana')).toEqual(draft);
    expect(readMessageDraft('ana', 'm1')).toBe('Hey');
    expect(readStoryDraft('bea')).toEqual(EMPTY_STORY);

    forgetMessageDrafts(null);
    expect(readStoryDraft('ana')).toEqual(EMPTY_STORY);
    expect(items.size).toBe(0);
  });

  it('is deleted when nothing is typed in it, and reads what it cannot trust as empty', () => {
    saveStoryDraft('ana', { ...EMPTY_STORY, title: 'Draft' });
    saveStoryDraft('ana', { ...EMPTY_STORY, category: 'Family' });
    expect(items.size).toBe(0);

    saveMessageDraft('ana', 'tea/story', JSON.stringify({ title: 7, category: 'Crime', teaType: 'Stranger' }));
    expect(readStoryDraft('ana')).toEqual(EMPTY_STORY);
    saveMessageDraft('ana', 'tea/story', '{not json');
    expect(readStoryDraft('ana')).toEqual(EMPTY_STORY);
  });
});
