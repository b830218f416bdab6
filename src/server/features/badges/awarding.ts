import type { BadgeId } from '../../../contract/badges';
import { evaluateBadges, type BadgeDeps } from './service';

/** Evaluations running at once: side work must never take the connections a message's ack waits for. */
const MAX_CONCURRENT_EVALUATIONS = 2;
/** How long triggers gather before they are evaluated (see `badgeAwarder`). */
const GATHER_MS = 50;

/**
 * Evaluates the named badges of these members after the event, off the request's path; a failure is
 * logged and the next trigger (or check-achievements) catches up. The triggers are in subscriptions.ts.
 *
 * Triggers gather per member for GATHER_MS, then at most MAX_CONCURRENT_EVALUATIONS workers go
 * through them one member after another: a busy chat sends one trigger per message, and its member is
 * evaluated once per round, not once per message. Evaluated one at a time as they came, every message
 * paid a wake-up and a cold pass through the rules of its own; in a round they share both (the chat
 * benchmark's CPU per message, docs/performance.md, "Session 28"). A member's triggers that arrive
 * while hers runs wait for the next pass, which starts after them: nothing is missed. A badge shows a
 * few tens of milliseconds later than it could, which nobody sees.
 */
export function badgeAwarder(
  deps: BadgeDeps,
  onError: (error: unknown) => void,
): (userIds: readonly string[], badges: readonly BadgeId[]) => void {
  const { events } = deps;
  const waiting = new Map<string, Set<BadgeId>>();
  const running = new Set<string>();
  let workers = 0;
  let gathering = false;

  /** The first waiting member whose evaluation is not running (hers would race it). */
  const next = (): [string, Set<BadgeId>] | undefined => {
    for (const entry of waiting) if (!running.has(entry[0])) return entry;
    return undefined;
  };
  const work = async () => {
    for (let entry = next(); entry; entry = next()) {
      const [userId, badges] = entry;
      waiting.delete(userId);
      running.add(userId);
      try {
        await evaluateBadges(deps, userId, [...badges]);
      } catch (error) {
        onError(error);
      } finally {
        running.delete(userId);
      }
    }
  };
  const start = () => {
    gathering = false;
    while (workers < MAX_CONCURRENT_EVALUATIONS && next()) {
      workers += 1;
      // Tracked, so events.drain() waits for it.
      events.track(
        work().finally(() => {
          workers -= 1;
          schedule();
        }),
      );
    }
  };
  function schedule(): void {
    if (gathering || workers >= MAX_CONCURRENT_EVALUATIONS || !next()) return;
    gathering = true;
    events.track(new Promise<void>((resolve) => setTimeout(() => resolve(start()), GATHER_MS)));
  }
  return (userIds, badges) => {
    for (const userId of userIds) {
      const gathered = waiting.get(userId) ?? new Set<BadgeId>();
      for (const badge of badges) gathered.add(badge);
      waiting.set(userId, gathered);
    }
    schedule();
  };
}
