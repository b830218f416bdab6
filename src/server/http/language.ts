import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbCaches } from '../db/caches';
import type { Db } from '../db/client';
import { isLanguage, negotiateLanguage, type Language } from '../i18n';
import { sessionFromRequest } from './guards';

/** Her saved app language (preferences app.language), or undefined: given by app.ts, which may import features. */
type SavedLanguage = (userId: string) => Promise<string | undefined>;

interface LanguageDeps {
  db: Db;
  caches: DbCaches;
  savedLanguage: SavedLanguage;
}

/**
 * `request.language()`: the language to answer this request in — her saved language when she is signed in
 * (and Steep speaks it), else the best of `Accept-Language`, else English. Worked out on first use only
 * (an error to put in words, a message to send), then remembered for the request.
 */
export function installLanguage(app: FastifyInstance, deps: LanguageDeps): void {
  app.decorateRequest('resolvedLanguage', null);
  app.decorateRequest('language', function (this: FastifyRequest) {
    return (this.resolvedLanguage ??= languageOf(this, deps));
  });
}

async function languageOf(request: FastifyRequest, deps: LanguageDeps): Promise<Language> {
  try {
    // Public routes (log-in, sign-up, reset) have no session set by the guard: the cookie may still name her.
    const userId = request.session?.userId ?? (await sessionFromRequest(deps.db, deps.caches, request))?.userId;
    const saved = userId ? await deps.savedLanguage(userId) : undefined;
    if (isLanguage(saved)) return saved;
  } catch (error) {
    // The database is what failed: answer in the browser's language rather than fail twice.
    request.log.warn({ err: error }, 'saved language unavailable');
  }
  return negotiateLanguage(request.headers['accept-language']) ?? 'en';
}
