import { TEA_CATEGORIES, TEA_TYPES, type TeaCategory } from '../../../contract/stories';
import { readMessageDraft, saveMessageDraft } from '../../lib/message-drafts';

/*
 * The story she is writing, kept among her message drafts (lib/message-drafts.ts) under `tea/story`: a trip to
 * another tab, a reload or the phone dropping the tab does not lose it (tryout: a story half written was gone when
 * she came back to Tea). sessionStorage with her id, deleted with the drafts when she signs out or the story is
 * shared, never read by another member.
 */

export interface StoryDraft {
  title: string;
  content: string;
  aboutName: string;
  teaType: string;
  category: TeaCategory;
}

export const EMPTY_STORY: StoryDraft = { title: '', content: '', aboutName: '', teaType: '', category: 'Dating' };

const KEY = 'tea/story';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function readStoryDraft(userId: string): StoryDraft {
  try {
    const saved = JSON.parse(readMessageDraft(userId, KEY) || '{}') as Partial<Record<keyof StoryDraft, unknown>>;
    const category = TEA_CATEGORIES.find((c) => c === saved.category) ?? EMPTY_STORY.category;
    return {
      title: text(saved.title),
      content: text(saved.content),
      aboutName: text(saved.aboutName),
      teaType: TEA_TYPES.find((type) => type === saved.teaType) ?? '',
      category,
    };
  } catch {
    return EMPTY_STORY;
  }
}

/** Keeps the story she is writing; one with nothing typed in it is deleted. */
export function saveStoryDraft(userId: string, draft: StoryDraft): void {
  const typed = [draft.title, draft.content, draft.aboutName].some((value) => value.trim() !== '');
  saveMessageDraft(userId, KEY, typed ? JSON.stringify(draft) : '');
}
