import type { BadgeId } from '../../../contract/badges';
import type { Db } from '../../db/client';
import type { DomainEventMap, DomainEvents } from '../../domain-events';
import { evaluateBadges } from './service';

/**
 * Which domain events can move which badges, and for whom. Awarding runs after the event, off the
 * request's path; a failure is logged and the next trigger (or check-achievements) catches up.
 */
const TRIGGERS: {
  [K in keyof DomainEventMap]?: (payload: DomainEventMap[K]) => { userIds: string[]; badges: BadgeId[] };
} = {
  'match.created': ({ userIds }) => ({ userIds, badges: ['first_match', 'social_butterfly'] }),
  'message.created': ({ message }) => ({
    userIds: [message.senderId],
    badges: ['conversation_starter', 'icebreaker', 'good_listener'],
  }),
  'event.hosted': ({ userId }) => ({ userIds: [userId], badges: ['host'] }),
  'event.joined': ({ userId }) => ({ userIds: [userId], badges: ['regular'] }),
  'verification.approved': ({ userId }) => ({ userIds: [userId], badges: ['verified'] }),
  'tea.story_posted': ({ userId }) => ({ userIds: [userId], badges: ['storyteller'] }),
  'tea.story_supported': ({ userId }) => ({ userIds: [userId], badges: ['supportive'] }),
  'tea.review_posted': ({ userId }) => ({ userIds: [userId], badges: ['tea_critic'] }),
};

/** Evaluations running at once: side work must never take the connections a message's ack waits for. */
const MAX_CONCURRENT_EVALUATIONS = 2;

export function listenForBadges(db: Db, events: DomainEvents, onError: (error: unknown) => void): () => void {
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
        evaluateBadges(db, events, userId, [...badges])
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
  const evaluate = (userId: string, badges: readonly BadgeId[]) => {
    const gathered = waiting.get(userId) ?? new Set<BadgeId>();
    for (const badge of badges) gathered.add(badge);
    waiting.set(userId, gathered);
    schedule();
  };
  const stops = (Object.keys(TRIGGERS) as (keyof DomainEventMap)[]).map((name) =>
    events.on(name, (payload) => {
      const trigger = TRIGGERS[name] as ((p: typeof payload) => { userIds: string[]; badges: BadgeId[] }) | undefined;
      if (!trigger) return;
      const { userIds, badges } = trigger(payload);
      for (const userId of userIds) evaluate(userId, badges);
    }),
  );
  return () => stops.forEach((stop) => stop());
}
