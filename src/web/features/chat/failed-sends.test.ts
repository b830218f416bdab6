import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubStorage } from '../../lib/test-storage';
import { forgetMessageDrafts, readMessageDrafts, saveMessageDraft } from '../../lib/message-drafts';
import { forgetOutbox, readOutbox, updateOutbox } from '../../lib/outbox';
import { keepWhenPageGoes, restoreAllFailedSends, restoreFailedSends } from './failed-sends';
import type { OutgoingMessage } from './use-send-message';

const message = (content: string, status: OutgoingMessage['status'], media?: OutgoingMessage['media']) => ({
  clientMessageId: `id-${content}`,
  content,
  createdAt: '2026-11-30T12:00:00.000Z',
  status,
  ...(media ? { media } : {}),
});

const photo: OutgoingMessage['media'] = {
  kind: 'image',
  prepare: () => Promise.resolve(new Blob()),
  fields: {},
  clientMessageId: 'id-📷 Photo',
};

/** The page going away (a reload, a closed tab), or into the back-forward cache when `persisted`. */
function pageGoes(persisted = false): void {
  window.dispatchEvent(Object.assign(new Event('pagehide'), { persisted }));
}

/** A reload: this tab's memory goes, its sessionStorage stays. */
function reload(): void {
  pageGoes();
  forgetOutbox();
}

const outbox = (ownerId: string, matchId: string) =>
  (readOutbox(ownerId, matchId) as readonly OutgoingMessage[]).map(({ content, status }) => `${content} (${status})`);

describe('failed sends across a reload', () => {
  let items: Map<string, string>;
  beforeEach(() => {
    items = stubStorage('sessionStorage');
    // The outbox asks before a reload through window's events: the stub gets real ones.
    const events = new EventTarget();
    Object.assign(window, {
      addEventListener: events.addEventListener.bind(events),
      removeEventListener: events.removeEventListener.bind(events),
      dispatchEvent: events.dispatchEvent.bind(events),
    });
  });
  afterEach(() => {
    forgetOutbox();
    vi.unstubAllGlobals();
  });

  it('puts each failed text back as it was, not sent and on its own, and leaves her draft alone', () => {
    saveMessageDraft('ana', 'm1', 'and one more thing');
    updateOutbox<OutgoingMessage>('ana', 'm1', () => [
      message('See you at 6?', 'failed'),
      message('Still on its way', 'sending'),
      message('📷 Photo', 'failed', photo),
      message('Bring the oolong', 'failed'),
    ]);
    keepWhenPageGoes('ana', 'm1');
    updateOutbox<OutgoingMessage>('ana', 'm2', () => [message('Lovely!', 'failed')]);
    keepWhenPageGoes('ana', 'm2');

    reload();
    // The chat list's drafts are by match id: what failed is not one.
    expect(readMessageDrafts('ana').m1).toBe('and one more thing');
    expect(readMessageDrafts('ana').m2).toBeUndefined();
    restoreFailedSends('ana', 'm1');
    expect(outbox('ana', 'm1')).toEqual(['See you at 6? (failed)', 'Bring the oolong (failed)']);
    expect((readOutbox('ana', 'm1')[0] as OutgoingMessage).clientMessageId).toBe('id-See you at 6?');
    // Put back once: a second look finds nothing more to add.
    restoreFailedSends('ana', 'm1');
    expect(outbox('ana', 'm1')).toHaveLength(2);
    restoreAllFailedSends('ana');
    expect(outbox('ana', 'm2')).toEqual(['Lovely! (failed)']);

    // Still not sent at the next reload: kept again.
    reload();
    restoreAllFailedSends('ana');
    expect(outbox('ana', 'm1')).toEqual(['See you at 6? (failed)', 'Bring the oolong (failed)']);
  });

  it('is hers alone: gone when she signs out, never written for the next member, not read by another', () => {
    updateOutbox<OutgoingMessage>('ana', 'm1', () => [message('See you at 6?', 'failed')]);
    keepWhenPageGoes('ana', 'm1');
    pageGoes(true);
    expect(items.size).toBe(0);

    reload();
    restoreFailedSends('bea', 'm1');
    expect(outbox('bea', 'm1')).toEqual([]);
    forgetMessageDrafts(null);
    expect(items.size).toBe(0);

    // Bea signs in on the tab and drafts something; the page goes with Ana's outbox gone.
    saveMessageDraft('bea', 'm9', 'Hi!');
    pageGoes();
    expect(readMessageDrafts('bea')).toEqual({ m9: 'Hi!' });
  });

  it('ignores what it cannot read', () => {
    saveMessageDraft('ana', 'm1/failed', 'not json');
    restoreFailedSends('ana', 'm1');
    saveMessageDraft('ana', 'm2/failed', JSON.stringify([{ content: 'no id' }, 7]));
    restoreFailedSends('ana', 'm2');
    expect(outbox('ana', 'm1')).toEqual([]);
    expect(outbox('ana', 'm2')).toEqual([]);
    expect(items.size).toBe(0);
  });
});
