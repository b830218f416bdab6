import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../contract/http';
import { NEW_CODE_NEEDED } from '../../contract/account';
import { isPermanentSuspension } from '../../contract/moderation';
import type { PREFERENCES_CHANGED } from '../../contract/preferences';
import { localText, render, say, translateValidation, type Language, type LocalText } from '../i18n';

type ErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION_ERROR'
  | 'UNAUTHENTICATED'
  | 'INVALID_CREDENTIALS'
  | 'FORBIDDEN'
  | 'ACCOUNT_SUSPENDED'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  | 'PREMIUM_REQUIRED'
  | 'LIMIT_REACHED'
  | 'UNAVAILABLE'
  | 'PAYMENT_FAILED'
  | 'GONE'
  | 'VERIFICATION_REQUIRED'
  | 'NEEDS_CONFIRMATION'
  | 'NOTHING_TO_CONFIRM'
  | typeof NEW_CODE_NEEDED
  | typeof PREFERENCES_CHANGED
  | 'INTERNAL';

/**
 * A field's problem. `text`, when set, is the message in the catalogue (src/server/i18n), rendered in the
 * reader's language; `message` is the English one (and what a language without a translation shows).
 */
export type FieldError = NonNullable<ErrorBody['errors']>[number] & { text?: LocalText };

/**
 * An error a user can cause: its message is shown to them. Given as a LocalText (`localText(key, params)`) it
 * is shown in her language (the error handler renders it for the request); a plain string is English only,
 * unless it is one of the contract's validation sentences. `message` is always the English text, for logs.
 */
/** A field's problem from the catalogue: English in `message`, rendered in the reader's language by the handler. */
export const fieldError = (path: string, text: LocalText): FieldError => ({ path, message: render('en', text), text });

/** For the layers below the features (src/server/core), which reach the catalogue through this module only. */
export { localText };

export class AppError extends Error {
  readonly text: LocalText | undefined;
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string | LocalText,
    readonly details?: { errors?: FieldError[]; retryAfterSeconds?: number },
  ) {
    super(typeof message === 'string' ? message : render('en', message));
    this.text = typeof message === 'string' ? undefined : message;
  }
}

/** An error's words for a reader of `language`: its catalogue entry, else a known contract sentence, else English. */
function localMessage(language: Language, message: string, text: LocalText | undefined): string {
  return text ? render(language, text) : translateValidation(language, message);
}

export const badRequest = (message: string | LocalText, errors?: FieldError[]) =>
  new AppError(400, errors ? 'VALIDATION_ERROR' : 'BAD_REQUEST', message, errors ? { errors } : undefined);
/** A refused code (emailed or texted), said beside the code field (`field`: its own words, where they say more). */
export const codeRefused = (message: LocalText, field: LocalText = message) =>
  badRequest(message, [fieldError('code', field)]);
/**
 * A code (emailed or texted) that is done, expired or out of tries: none is taken until she asks for a new one.
 * Said beside the code field (`field`: the field's own words, where they say more than the message).
 */
export const newCodeNeeded = (message: LocalText, field: LocalText = message) =>
  new AppError(400, NEW_CODE_NEEDED, message, { errors: [fieldError('code', field)] });
export const forbidden = (message: string | LocalText = localText('onlyActAsYourself')) =>
  new AppError(403, 'FORBIDDEN', message);
/**
 * Login and every guarded request of a suspended member: 403 'Your account is suspended until …', the date
 * written in her language (the catalogue entry formats it with Intl).
 */
export const accountSuspended = (until: Date) =>
  new AppError(
    403,
    'ACCOUNT_SUSPENDED',
    isPermanentSuspension(until)
      ? localText('suspendedIndefinitely')
      : localText('suspendedUntil', { until: until.toISOString() }),
  );
export const notFound = (message: string | LocalText = localText('notFound')) =>
  new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string | LocalText, errors?: FieldError[]) =>
  new AppError(409, 'CONFLICT', message, errors ? { errors } : undefined);
export const premiumRequired = (message: string | LocalText = localText('featureNeedsPremium')) =>
  new AppError(403, 'PREMIUM_REQUIRED', message);
/** The card processor refused the charge: its message is for the payment form's toast. */
export const paymentFailedError = (message: string | LocalText) => new AppError(402, 'PAYMENT_FAILED', message);
export const tooManyRequests = (
  message: string | LocalText,
  retryAfterSeconds: number,
  code: ErrorCode = 'RATE_LIMITED',
) => new AppError(429, code, message, { retryAfterSeconds });

/** Seconds a client is asked to wait when the database is unreachable or the server is draining. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export const unavailable = (message: string | LocalText = localText('brieflyUnavailable')) =>
  new AppError(503, 'UNAVAILABLE', message, { retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS });

/** PostgreSQL SQLSTATEs for text it cannot store (U+0000, invalid byte sequences): the input's fault. */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);
/** Connection-level SQLSTATE classes: 08 connection exception, 57P admin shutdown / cannot connect now, 53 resources. */
const UNREACHABLE_SQLSTATE = /^(08|57P0[1-3]|53300)/;
const UNREACHABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);
const UNREACHABLE_MESSAGE =
  /Connection terminated|connection timeout|Client has encountered a connection error|pool is draining|Cannot use a pool after calling end/i;

/**
 * What a database failure means for the client: bad input (400), the database being unreachable
 * (503, try again) or a bug (undefined → 500). Drizzle wraps the driver's error, so the cause chain is walked.
 */
export function classifyDatabaseError(error: unknown): AppError | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string') {
      if (UNSTORABLE_TEXT.has(code)) return badRequest(localText('textContainsCharactersThat'));
      if (UNREACHABLE_SQLSTATE.test(code) || UNREACHABLE_ERRNO.has(code)) return unavailable();
    }
    if (typeof message === 'string' && UNREACHABLE_MESSAGE.test(message)) return unavailable();
    current = cause;
  }
  return undefined;
}

/** Fastify's own 4xx codes, mapped to ours with messages a person can read. */
const fastifyCodes: Record<string, { code: ErrorCode; message: LocalText }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', message: localText('bodyNotJson') },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'BAD_REQUEST', message: localText('bodyEmpty') },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: localText('bodyTooLarge') },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: localText('unsupportedContentType') },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', message: localText('invalidContentLength') },
};

/** The request's language (http/language.ts); English in an app built without it (a unit test's). */
const languageFor = (request: FastifyRequest): Promise<Language> =>
  typeof request.language === 'function' ? request.language() : Promise.resolve('en');

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (thrown: FastifyError, request, reply) => {
    // She cancelled an upload, or her connection dropped, before the body was all there: Node reports it as an
    // ECONNRESET, which is not the database's. There is nobody left to answer.
    if (request.raw.readableAborted) {
      request.log.info({ code: thrown.code }, 'the client closed the request before its body arrived');
      return reply
        .status(400)
        .send({ message: 'The request was cut off before it was complete.', code: 'BAD_REQUEST' });
    }
    const error = (classifyDatabaseError(thrown) as FastifyError | undefined) ?? thrown;
    if (error instanceof AppError) {
      if (error.code === 'UNAVAILABLE') request.log.warn({ err: thrown }, 'database unavailable');
      if (error.details?.retryAfterSeconds !== undefined) {
        void reply.header('Retry-After', String(error.details.retryAfterSeconds));
      }
      // In her language (src/server/http/language.ts); the code never changes with it.
      const language = await languageFor(request);
      const body: ErrorBody = { message: localMessage(language, error.message, error.text), code: error.code };
      if (error.details?.errors) {
        body.errors = error.details.errors.map(({ path, message, text }) => ({
          path,
          message: language === 'en' ? message : localMessage(language, message, text),
        }));
      }
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const language = await languageFor(request);
      const errors = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ? translateValidation(language, issue.message) : say(language, 'invalidValue'),
      }));
      // Member words in every language: a form's details (`errors[]` says which), else a request she did not write.
      const message = say(language, error.validationContext === 'body' ? 'invalidRequestBody' : 'invalidRequest');
      return reply.status(400).send({ message, code: 'VALIDATION_ERROR', errors } satisfies ErrorBody);
    }
    const known = error.code ? fastifyCodes[error.code] : undefined;
    const status = error.statusCode ?? 500;
    if (known || (status >= 400 && status < 500)) {
      return reply.status(status).send({
        message: known ? render(await languageFor(request), known.message) : error.message,
        // @fastify/rate-limit's per-address limits arrive here as plain 429s.
        code: known?.code ?? (status === 429 ? 'RATE_LIMITED' : 'BAD_REQUEST'),
      } satisfies ErrorBody);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
    } else {
      request.log.error({ err: error }, 'unhandled error');
    }
    const language = await languageFor(request).catch(() => 'en' as const);
    return reply
      .status(500)
      .send({ message: say(language, 'somethingWentWrong'), code: 'INTERNAL' } satisfies ErrorBody);
  });

  // A member can meet it too (a tab from before a deploy): in her language, the route kept for developers.
  app.setNotFoundHandler(async (request, reply) => {
    const route = `${request.method} ${request.url.split('?')[0]}`;
    const message = render(await languageFor(request), localText('noRouteFor', { route }));
    return reply.status(404).send({ message, code: 'NOT_FOUND' } satisfies ErrorBody);
  });
}
