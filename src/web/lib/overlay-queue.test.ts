import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  activeOverlay,
  overlayLeaving,
  releaseOverlay,
  requestOverlay,
  resetOverlayQueue,
  sheetClosed,
  sheetOpened,
} from './overlay-queue';

describe('the overlay queue: one overlay at a time', () => {
  beforeEach(() => resetOverlayQueue());

  it('a match: the celebration first, then the badge it earned, whatever order they arrived in', () => {
    requestOverlay('badge', 'badge-reveal');
    requestOverlay('celebration', 'celebration:m1');
    expect(activeOverlay()).toBe('celebration:m1');
    releaseOverlay('celebration:m1');
    expect(activeOverlay()).toBe('badge-reveal');
    releaseOverlay('badge-reveal');
    expect(activeOverlay()).toBeNull();
  });

  it('a badge card animating out keeps the screen from a celebration until its exit ends', () => {
    requestOverlay('badge', 'badge-reveal');
    overlayLeaving('badge-reveal');
    requestOverlay('celebration', 'celebration:m2');
    expect(activeOverlay()).toBe('badge-reveal');
    releaseOverlay('badge-reveal');
    expect(activeOverlay()).toBe('celebration:m2');
  });

  it('a card that leaves without an exit to end gives its turn up after at most a second', () => {
    vi.useFakeTimers();
    try {
      requestOverlay('badge', 'badge-reveal');
      overlayLeaving('badge-reveal');
      requestOverlay('celebration', 'celebration:m3');
      vi.advanceTimersByTime(1000);
      expect(activeOverlay()).toBe('celebration:m3');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a badge arriving while the card leaves keeps it in its usual order; one not on screen leaves at once', () => {
    requestOverlay('badge', 'badge-reveal');
    overlayLeaving('badge-reveal');
    requestOverlay('badge', 'badge-reveal');
    requestOverlay('celebration', 'celebration:m4');
    expect(activeOverlay()).toBe('celebration:m4');
    overlayLeaving('badge-reveal');
    releaseOverlay('celebration:m4');
    expect(activeOverlay()).toBeNull();
  });

  it("a new member's first screen: the tour first, the badge card after it", () => {
    requestOverlay('badge', 'badge-reveal');
    requestOverlay('tour', 'tour');
    expect(activeOverlay()).toBe('tour');
    releaseOverlay('tour');
    expect(activeOverlay()).toBe('badge-reveal');
    releaseOverlay('badge-reveal');
    expect(activeOverlay()).toBeNull();
  });

  it('a toast (the answer to what she did) goes before a badge card; same-kind overlays keep their order', () => {
    requestOverlay('badge', 'badge-reveal');
    requestOverlay('toast', 'toast:3');
    expect(activeOverlay()).toBe('toast:3');
    requestOverlay('celebration', 'celebration:a');
    requestOverlay('celebration', 'celebration:b');
    expect(activeOverlay()).toBe('celebration:a');
    releaseOverlay('celebration:a');
    expect(activeOverlay()).toBe('celebration:b');
    releaseOverlay('celebration:b');
    expect(activeOverlay()).toBe('toast:3');
    releaseOverlay('toast:3');
    expect(activeOverlay()).toBe('badge-reveal');
  });

  it('asking twice is asking once, and releasing an unknown key changes nothing', () => {
    requestOverlay('badge', 'badge-reveal');
    requestOverlay('badge', 'badge-reveal');
    releaseOverlay('nothing');
    expect(activeOverlay()).toBe('badge-reveal');
    releaseOverlay('badge-reveal');
    expect(activeOverlay()).toBeNull();
  });
});

describe('the overlay queue and open sheets', () => {
  beforeEach(() => resetOverlayQueue());

  it('news waits while a sheet is open and shows when it closes; an entry over sheets (a toast) does not wait', () => {
    sheetOpened('sheet:a');
    requestOverlay('badge', 'badge:first-match');
    expect(activeOverlay()).toBeNull();
    requestOverlay('toast', 'toast:blocked', { overSheets: true });
    expect(activeOverlay()).toBe('toast:blocked');
    releaseOverlay('toast:blocked');
    expect(activeOverlay()).toBeNull();
    sheetClosed('sheet:a');
    expect(activeOverlay()).toBe('badge:first-match');
  });

  it('a celebration waits for every open sheet (a dialog over a sheet) to close', () => {
    sheetOpened('sheet:a');
    sheetOpened('sheet:b');
    requestOverlay('celebration', 'celebration:m1');
    sheetClosed('sheet:b');
    expect(activeOverlay()).toBeNull();
    sheetClosed('sheet:a');
    expect(activeOverlay()).toBe('celebration:m1');
  });
});
