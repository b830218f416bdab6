import type { BadgeId } from '../../../contract/badges';
import { evaluateBadges, type BadgeDeps } from './service';

/** Evaluations running at once: side work must never take the connections a message's ack waits for. */
const MAX_CONCURRENT_EVALUATIONS = 2;

/**
 * Evaluates the named badges of these members after the event, off the request's path; a failure is
 * logged and the next trigger (or check-achievements) catches up. The triggers are in subscriptions.ts.
 */
export function badgeAwarder(
  deps: BadgeDeps,
  onError: (error: unknown) => void,
): (userIds: readonly string[], badges: readonly BadgeId[]) => void {
  const { events } = deps;
  // Triggers gather per member and are evaluated after the event, on a later turn of the event
  // loop, at most MAX_CONCURRENT_EVALUATIONS at a time: a busy chat sends one trigger per message,
  // and its member is evaluated once per round, not once per message. A member's triggers that
  // arrive while hers runs wait for the next round, which starts after them: nothing is missed.
  const waiting = new Map<string, Set<BadgeId>>();
  const running = new Set<string>();
  let scheduled = false;
  const drain = () => {
    scheduled = false;
    for (const [userId, badges] of waiting) {
      if (running.size >= MAX_CONCURRENT_EVALUATIONS) return;
      if (running.has(userId)) continue;
      waiting.delete(userId);
      running.add(userId);
      // Tracked, so events.drain() waits for it (and for the round it schedules when it ends).
      events.track(
        evaluateBadges(deps, userId, [...badges])
          .catch(onError)
          .finally(() => {
            running.delete(userId);
            schedule();
          }),
      );
    }
  };
  const schedule = () => {
    if (scheduled || waiting.size === 0) return;
    scheduled = true;
    events.track(new Promise<void>((resolve) => setImmediate(() => resolve(drain()))));
  };
  return (userIds, badges) => {
    for (const userId of userIds) {
      const gathered = waiting.get(userId) ?? new Set<BadgeId>();
      for (const badge of badges) gathered.add(badge);
      waiting.set(userId, gathered);
    }
    schedule();
  };
}
