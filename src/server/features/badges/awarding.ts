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

export function listenForBadges(db: Db, events: DomainEvents, onError: (error: unknown) => void): () => void {
  // One evaluation per member at a time. Triggers while hers runs (a chat sends one per message)
  // gather into a single run right after it: that run still starts after the last trigger, so
  // nothing is missed, and a busy conversation costs her progress queries once per round, not per message.
  const waiting = new Map<string, Set<BadgeId>>();
  /** Settles when her evaluation, and the one gathered behind it, are done (events.drain() waits for it). */
  const evaluate = async (userId: string, badges: readonly BadgeId[]): Promise<void> => {
    const gathered = waiting.get(userId);
    if (gathered) {
      for (const badge of badges) gathered.add(badge);
      return;
    }
    waiting.set(userId, new Set());
    await evaluateBadges(db, events, userId, badges).catch(onError);
    const next = waiting.get(userId);
    waiting.delete(userId);
    if (next && next.size > 0) await evaluate(userId, [...next]);
  };
  const stops = (Object.keys(TRIGGERS) as (keyof DomainEventMap)[]).map((name) =>
    events.on(name, (payload) => {
      const trigger = TRIGGERS[name] as ((p: typeof payload) => { userIds: string[]; badges: BadgeId[] }) | undefined;
      if (!trigger) return;
      const { userIds, badges } = trigger(payload);
      return Promise.all(userIds.map((userId) => evaluate(userId, badges)));
    }),
  );
  return () => stops.forEach((stop) => stop());
}
