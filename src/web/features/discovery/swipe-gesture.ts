/**
 * The swipe gesture's rules (product §4 Swipe, product §9 thresholds), kept free of React so they can be tested:
 * a horizontal offset beyond 100 px that exceeds the vertical one is a like (right) or pass (left);
 * an upward offset beyond 100 px is a super like. Under 20 px nothing is previewed; the card's
 * LIKE / NOPE / SUPER LIKE overlay shows from 50 px.
 */

const SWIPE_TRIGGER_PX = 100;
const DIRECTION_PREVIEW_PX = 20;
const OVERLAY_PX = 50;

export type SwipeAction = 'like' | 'pass' | 'super_like';

interface DragOffset {
  x: number;
  y: number;
}

/** The action the drag points at, once it has moved 20 px; null for none (or downwards). */
export function dragDirection({ x, y }: DragOffset): SwipeAction | null {
  if (Math.abs(x) >= Math.abs(y)) {
    if (Math.abs(x) < DIRECTION_PREVIEW_PX) return null;
    return x > 0 ? 'like' : 'pass';
  }
  if (-y < DIRECTION_PREVIEW_PX) return null;
  return 'super_like';
}

export interface DragFeedback {
  /** The previewed action (from 20 px). */
  direction: SwipeAction | null;
  /** Whether the card's stamp overlay shows (from 50 px along the previewed direction). */
  showOverlay: boolean;
  /** Dragging up with no super like left: the overlay says so and releasing does nothing. */
  superLikeBlocked: boolean;
}

export function dragFeedback(offset: DragOffset, canSuperLike: boolean): DragFeedback {
  const direction = dragDirection(offset);
  const travelled = direction === 'super_like' ? -offset.y : Math.abs(offset.x);
  return {
    direction,
    showOverlay: direction !== null && travelled >= OVERLAY_PX,
    superLikeBlocked: direction === 'super_like' && !canSuperLike,
  };
}

/** What releasing the card at this offset does; null springs it back. */
export function swipeDecision({ x, y }: DragOffset, canSuperLike: boolean): SwipeAction | null {
  if (Math.abs(x) > SWIPE_TRIGGER_PX && Math.abs(x) > Math.abs(y)) return x > 0 ? 'like' : 'pass';
  if (-y > SWIPE_TRIGGER_PX && canSuperLike) return 'super_like';
  return null;
}
