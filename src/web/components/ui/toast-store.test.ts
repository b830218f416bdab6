import { i18n } from '@lingui/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { resetOverlayQueue } from '../../lib/overlay-queue';
import { currentToast, dismissToast, toastFailed } from './toast-store';

// Its texts are in the catalogue (decision 0023): the source language, English, here.
i18n.loadAndActivate({ locale: 'en', messages: {} });

describe('toastFailed: what did not happen, and why', () => {
  beforeEach(() => {
    dismissToast();
    resetOverlayQueue();
  });

  it("says why in the server's words, as a failure", () => {
    const body = { message: 'You are doing that too often', code: 'RATE_LIMITED' };
    toastFailed('Not blocked', new ApiError(429, '', JSON.stringify(body), body), 'Failed to block.');
    expect(currentToast()).toMatchObject({
      open: true,
      title: 'Not blocked',
      description: 'You are doing that too often',
      variant: 'destructive',
    });
  });

  it('says the connection when Steep could not be reached, else the fallback, else a plain sentence', () => {
    toastFailed('Could not save', new TypeError('Failed to fetch'));
    expect(currentToast()?.description).toBe('Could not reach Steep. Check your connection and try again.');
    toastFailed('Story not deleted', new Error('x is undefined'), 'Failed to delete story. Please try again.');
    expect(currentToast()).toMatchObject({
      title: 'Story not deleted',
      description: 'Failed to delete story. Please try again.',
    });
    toastFailed('Could not save', new Error('x is undefined'));
    expect(currentToast()?.description).toBe('Something went wrong. Please try again.');
  });

  it('replaces the toast before it, one at a time', () => {
    const first = toastFailed('Could not save', undefined);
    const second = toastFailed('Not unmatched', undefined);
    expect(second.id).not.toBe(first.id);
    expect(currentToast()).toMatchObject({ id: second.id, title: 'Not unmatched' });
    second.dismiss();
    expect(currentToast()?.open).toBe(false);
  });
});
