import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubStorage } from '../../lib/test-storage';
import { readMessageDraft, saveMessageDraft } from '../../lib/message-drafts';
import { forgetOutbox, updateOutbox } from '../../lib/outbox';
import { keepWhenPageGoes } from './failed-sends';
import type { OutgoingMessage } from './use-send-message';

const message = (content: string, status: OutgoingMessage['status'], media?: OutgoingMessage['media']) => ({
  clientMessageId: content,
  content,
  createdAt: '2026-11-30T12:00:00.000Z',
  status,
  ...(media ? { media } : {}),
});

/** The page going away (a reload, a closed tab), or into the back-forward cache when `persisted`. */
function pageGoes(persisted = false): void {
  const event = Object.assign(new Event('pagehide'), { persisted });
  window.dispatchEvent(event);
}

describe('failed sends when the page goes', () => {
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

  it('puts her failed texts back at the start of the draft, and only the failed texts', () => {
    saveMessageDraft('ana', 'm1', 'and one more thing');
    updateOutbox<OutgoingMessage>('ana', 'm1', () => [
      message('See you at 6?', 'failed'),
      message('Still on its way', 'sending'),
      message('📷 Photo', 'failed', {
        kind: 'image',
        prepare: () => Promise.resolve(new Blob()),
        fields: {},
        clientMessageId: '📷 Photo',
      }),
      message('Bring the oolong', 'failed'),
    ]);
    keepWhenPageGoes('ana', 'm1');
    updateOutbox<OutgoingMessage>('ana', 'm2', () => [message('Lovely!', 'failed')]);
    keepWhenPageGoes('ana', 'm2');

    pageGoes();
    expect(readMessageDraft('ana', 'm1')).toBe('See you at 6?\nBring the oolong\nand one more thing');
    expect(readMessageDraft('ana', 'm2')).toBe('Lovely!');
  });

  it('writes nothing once she has signed out, nor when the page only goes into the back-forward cache', () => {
    updateOutbox<OutgoingMessage>('ana', 'm1', () => [message('See you at 6?', 'failed')]);
    keepWhenPageGoes('ana', 'm1');
    pageGoes(true);
    expect(items.size).toBe(0);

    forgetOutbox();
    pageGoes();
    expect(items.size).toBe(0);
  });
});
