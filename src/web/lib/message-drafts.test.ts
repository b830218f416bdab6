import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubStorage } from './test-storage';
import { forgetMessageDrafts, readMessageDraft, saveMessageDraft } from './message-drafts';

describe('message drafts', () => {
  let items: Map<string, string>;
  beforeEach(() => {
    items = stubStorage('sessionStorage');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps each conversation its own unsent text, and blank text deletes it', () => {
    saveMessageDraft('ana', 'm1', 'Hey, about Saturday');
    saveMessageDraft('ana', 'm2', 'Lovely photo!');
    expect(readMessageDraft('ana', 'm1')).toBe('Hey, about Saturday');
    expect(readMessageDraft('ana', 'm2')).toBe('Lovely photo!');
    expect(readMessageDraft('ana', 'm3')).toBe('');

    saveMessageDraft('ana', 'm1', '  ');
    expect(readMessageDraft('ana', 'm1')).toBe('');
    expect(readMessageDraft('ana', 'm2')).toBe('Lovely photo!');
    saveMessageDraft('ana', 'm2', '');
    expect(items.size).toBe(0);
  });

  it('never shows her drafts to another member signed in on the same tab', () => {
    saveMessageDraft('ana', 'm1', 'Private words');
    expect(readMessageDraft('bea', 'm1')).toBe('');

    forgetMessageDrafts('ana');
    expect(readMessageDraft('ana', 'm1')).toBe('Private words');
    forgetMessageDrafts('bea');
    expect(items.size).toBe(0);
  });

  it('forgets every draft when she signs out', () => {
    saveMessageDraft('ana', 'm1', 'Private words');
    forgetMessageDrafts(null);
    expect(items.size).toBe(0);
    expect(readMessageDraft('ana', 'm1')).toBe('');
  });

  it('reads nothing from a damaged entry, and a save replaces it', () => {
    items.set('steep-message-drafts', '{not json');
    expect(readMessageDraft('ana', 'm1')).toBe('');
    saveMessageDraft('ana', 'm1', 'Fresh');
    expect(readMessageDraft('ana', 'm1')).toBe('Fresh');
    items.set('steep-message-drafts', '{not json');
    forgetMessageDrafts('ana');
    expect(items.size).toBe(0);
  });
});
