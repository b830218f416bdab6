import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { forgetOutbox, readOutbox, updateOutbox } from './outbox';

const item = (clientMessageId: string) => ({ clientMessageId });

/** Whether a reload would ask first (a `beforeunload` listener cancels the event). */
function reloadAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('outbox', () => {
  beforeAll(() => vi.stubGlobal('window', new EventTarget()));
  afterEach(() => forgetOutbox());

  it('keeps her items per conversation', () => {
    updateOutbox('ana', 'm1', (items) => [...items, item('a')]);
    updateOutbox('ana', 'm2', (items) => [...items, item('b')]);
    updateOutbox('ana', 'm1', (items) => [...items, item('c')]);
    expect(readOutbox('ana', 'm1')).toEqual([item('a'), item('c')]);
    expect(readOutbox('ana', 'm2')).toEqual([item('b')]);
    updateOutbox('ana', 'm1', (items) => items.filter((i) => i.clientMessageId !== 'a'));
    expect(readOutbox('ana', 'm1')).toEqual([item('c')]);
  });

  it('shows another member nothing of hers, and her first change drops them', () => {
    updateOutbox('ana', 'm1', () => [item('a')]);
    expect(readOutbox('bea', 'm1')).toEqual([]);
    updateOutbox('bea', 'm2', () => [item('b')]);
    expect(readOutbox('ana', 'm1')).toEqual([]);
    expect(readOutbox('bea', 'm2')).toEqual([item('b')]);
  });

  it('is empty after forgetOutbox (her signed-in screens closed)', () => {
    updateOutbox('ana', 'm1', () => [item('a')]);
    forgetOutbox();
    expect(readOutbox('ana', 'm1')).toEqual([]);
  });

  it('makes a reload ask first while anything waits, and only then', () => {
    expect(reloadAsks()).toBe(false);
    updateOutbox('ana', 'm1', () => [item('a')]);
    expect(reloadAsks()).toBe(true);
    updateOutbox('ana', 'm1', () => []);
    expect(reloadAsks()).toBe(false);
    updateOutbox('ana', 'm2', () => [item('b')]);
    forgetOutbox();
    expect(reloadAsks()).toBe(false);
  });
});
