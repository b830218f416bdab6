import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../contract/http';

export type ErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION_ERROR'
  | 'UNAUTHENTICATED'
  | 'INVALID_CREDENTIALS'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  | 'PREMIUM_REQUIRED'
  | 'LIMIT_REACHED'
  | 'INTERNAL';

/** An error a user can cause: its message is shown to them as is. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: { errors?: ErrorBody['errors']; retryAfterSeconds?: number },
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: ErrorBody['errors']) =>
  new AppError(400, errors ? 'VALIDATION_ERROR' : 'BAD_REQUEST', message, errors ? { errors } : undefined);
export const forbidden = (message = 'You can only act as yourself') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, errors?: ErrorBody['errors']) =>
  new AppError(409, 'CONFLICT', message, errors ? { errors } : undefined);
export const premiumRequired = (message = 'This feature needs Steep Premium') =>
  new AppError(403, 'PREMIUM_REQUIRED', message);
export const tooManyRequests = (message: string, retryAfterSeconds: number, code: ErrorCode = 'RATE_LIMITED') =>
  new AppError(429, code, message, { retryAfterSeconds });

/** Fastify's own 4xx codes, mapped to ours with messages a person can read. */
const fastifyCodes: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', message: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'BAD_REQUEST', message: 'The request body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', message: 'Invalid content length' },
};

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.details?.retryAfterSeconds !== undefined) {
        void reply.header('Retry-After', String(error.details.retryAfterSeconds));
      }
      const body: ErrorBody = { message: error.message, code: error.code };
      if (error.details?.errors) body.errors = error.details.errors;
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value',
      }));
      const where = error.validationContext === 'body' ? 'request body' : error.validationContext;
      return reply
        .status(400)
        .send({ message: `Invalid ${where ?? 'request'}`, code: 'VALIDATION_ERROR', errors } satisfies ErrorBody);
    }
    const known = error.code ? fastifyCodes[error.code] : undefined;
    const status = error.statusCode ?? 500;
    if (known || (status >= 400 && status < 500)) {
      return reply.status(status).send({
        message: known?.message ?? error.message,
        code: known?.code ?? 'BAD_REQUEST',
      } satisfies ErrorBody);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
    } else {
      request.log.error({ err: error }, 'unhandled error');
    }
    return reply
      .status(500)
      .send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' } satisfies ErrorBody);
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}`, code: 'NOT_FOUND' }),
  );
}
