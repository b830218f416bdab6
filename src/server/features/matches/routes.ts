import type { FastifyPluginAsync } from 'fastify';
import { matchesApi } from '../../../contract/api/matches';
import { sessionUserId } from '../../core';
import type { DbCaches } from '../../db/caches';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import { route } from '../../http/route';
import { say } from '../../i18n';
import { profileStatsOf } from './profile-stats';
import type { MatchesRepository } from './repository';
import { listMatches, type MatchSummaries, type OnlineAmong } from './service';
import { createSwipe, undoSwipe, type ConversationStarted } from './swipes';
import { unmatch } from './unmatch';

interface MatchRouteDeps {
  db: Db;
  caches: DbCaches;
  /** The prepared swipe statement (app.ts makes one per database). */
  repository: MatchesRepository;
  events: DomainEvents;
  /** Chat's last-message preview and unread count for the match list, when chat provides them. */
  summaries?: MatchSummaries;
  /** Live presence from the real-time layer, for the online dots. */
  onlineAmong?: OnlineAmong;
  /** Whether a match has messages (chat knows): such a match cannot be undone. */
  conversationStarted: ConversationStarted;
}

export const matchRoutes: FastifyPluginAsync<MatchRouteDeps> = async (app, deps) => {
  const { db, caches, events, summaries, onlineAmong, conversationStarted } = deps;
  const swipeDeps = { repository: deps.repository, events };

  route(app, matchesApi.swipe, async (request) => {
    const { targetUserId, isLike, superLike, likedItem, comment, mode } = request.body;
    return createSwipe(swipeDeps, sessionUserId(request), {
      targetUserId,
      isLike,
      superLike,
      likedItem,
      comment,
      mode,
    });
  });

  route(app, matchesApi.undoSwipe, async (request) =>
    undoSwipe(db, events, sessionUserId(request), request.params.id, conversationStarted),
  );

  route(app, matchesApi.list, async (request) =>
    listMatches(db, sessionUserId(request), { summaries, onlineAmong, mode: request.query.mode }),
  );

  route(app, matchesApi.listForUser, async (request) =>
    listMatches(db, sessionUserId(request), { summaries, onlineAmong, mode: request.query.mode }),
  );

  route(app, matchesApi.unmatch, async (request) => {
    await unmatch(db, events, sessionUserId(request), request.params.id);
    return { ok: true as const, message: say(await request.language(), 'unmatched') };
  });

  // Her profile's numbers: counted mostly from swipes and matches, so served by the feature that owns them.
  route(app, matchesApi.profileStats, async (request) => profileStatsOf(db, caches, sessionUserId(request)));
};
