import type { FastifyPluginAsync } from 'fastify';
import { discoveryApi } from '../../../contract/api/discovery';
import type { DbCaches } from '../../db/caches';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import type { JobQueue } from '../../jobs';
import { sessionUserId } from '../../core';
import { route } from '../../http/route';
import {
  getFilters,
  getFriendsFilters,
  lookingForOf,
  saveFilters,
  saveFriendsFilters,
  setLookingFor,
} from '../preferences';
import type { EarnedBadgesOf } from '../profiles';
import { render } from '../../i18n';
import { ghostChangeText, setGhost } from './ghost';
import { peopleMetBy } from './people-met';
import { getDiscoveryPage } from './service';
import { endTravel, getTravel, registerTravelJobs, setTravel } from './travel';

export const discoveryRoutes: FastifyPluginAsync<{
  db: Db;
  caches: DbCaches;
  events: DomainEvents;
  jobs: JobQueue;
  earnedBadges: EarnedBadgesOf;
}> = async (app, { db, caches, events, jobs, earnedBadges }) => {
  registerTravelJobs({ db, caches, jobs });
  route(app, discoveryApi.feed, async (request) =>
    getDiscoveryPage(db, sessionUserId(request), request.query, earnedBadges),
  );
  route(app, discoveryApi.peopleMet, async (request) => peopleMetBy(db, sessionUserId(request)));
  route(app, discoveryApi.getFilters, async (request) => getFilters(db, sessionUserId(request)));
  route(app, discoveryApi.saveFilters, async (request) =>
    saveFilters(db, sessionUserId(request), request.body, events),
  );
  route(app, discoveryApi.getLookingFor, async (request) => ({
    lookingFor: await lookingForOf(db, sessionUserId(request)),
  }));
  route(app, discoveryApi.setLookingFor, async (request) => ({
    lookingFor: await setLookingFor(db, sessionUserId(request), request.body.lookingFor),
  }));
  route(app, discoveryApi.getFriendsFilters, async (request) => getFriendsFilters(db, sessionUserId(request)));
  route(app, discoveryApi.saveFriendsFilters, async (request) =>
    saveFriendsFilters(db, sessionUserId(request), request.body),
  );
  route(app, discoveryApi.setGhostMode, async (request) => {
    const change = await setGhost(db, caches, events, sessionUserId(request), request.body.ghostMode);
    return { ghostMode: change.ghostMode, message: render(await request.language(), ghostChangeText(change)) };
  });
  route(app, discoveryApi.getTravel, async (request) => getTravel(db, sessionUserId(request)));
  route(app, discoveryApi.setTravel, async (request) => setTravel(db, caches, sessionUserId(request), request.body));
  route(app, discoveryApi.endTravel, async (request) => endTravel(db, caches, sessionUserId(request)));
};
