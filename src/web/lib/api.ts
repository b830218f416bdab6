import type { z } from 'zod';
import { errorBody, type ErrorBody } from '../../contract/http';

/**
 * A non-2xx answer from the API. `message` is `${status}: ${body text or status text}`
 * (spec 8, Generic); `body` is the parsed `{ message, code, errors? }` when the server sent one.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly bodyText: string,
    readonly body: ErrorBody | undefined,
  ) {
    super(`${status}: ${bodyText || statusText}`);
  }

  /** The server's own human message, when it sent one. */
  get serverMessage(): string | undefined {
    return this.body?.message;
  }

  /** The first field-level validation message, when the server sent any. */
  get firstFieldError(): string | undefined {
    return this.body?.errors?.[0]?.message;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function parseErrorBody(text: string): ErrorBody | undefined {
  if (!text) return undefined;
  try {
    const parsed = errorBody.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

async function request(method: Method, path: string, body?: unknown, schema?: z.ZodType): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, credentials: 'include', headers };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }

  const response = await fetch(path, init);
  const text = await response.text();

  if (!response.ok) {
    throw new ApiError(response.status, response.statusText, text, parseErrorBody(text));
  }

  if (!text) return undefined;
  const data: unknown = JSON.parse(text);
  return schema ? schema.parse(data) : data;
}

interface ApiClient {
  get<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>>;
  get<T = unknown>(path: string): Promise<T>;
  post<S extends z.ZodType>(path: string, body: unknown, schema: S): Promise<z.output<S>>;
  post<T = unknown>(path: string, body?: unknown): Promise<T>;
  put<S extends z.ZodType>(path: string, body: unknown, schema: S): Promise<z.output<S>>;
  put<T = unknown>(path: string, body?: unknown): Promise<T>;
  patch<S extends z.ZodType>(path: string, body: unknown, schema: S): Promise<z.output<S>>;
  patch<T = unknown>(path: string, body?: unknown): Promise<T>;
  delete<S extends z.ZodType>(path: string, body: unknown, schema: S): Promise<z.output<S>>;
  delete<T = unknown>(path: string, body?: unknown): Promise<T>;
}

/**
 * The one API client. Every call sends the session cookie and JSON.
 * Pass a zod schema from src/contract to get a parsed, typed result:
 * `api.get('/api/auth/me', selfUser)`.
 */
export const api: ApiClient = {
  get: (path: string, schema?: z.ZodType) => request('GET', path, undefined, schema),
  post: (path: string, body?: unknown, schema?: z.ZodType) => request('POST', path, body, schema),
  put: (path: string, body?: unknown, schema?: z.ZodType) => request('PUT', path, body, schema),
  patch: (path: string, body?: unknown, schema?: z.ZodType) => request('PATCH', path, body, schema),
  delete: (path: string, body?: unknown, schema?: z.ZodType) => request('DELETE', path, body, schema),
};
