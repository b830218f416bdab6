import { buildPath, type CallInput, type RouteDeclaration, type ResponseOut } from '../../contract/api/define';
import type { ErrorBody } from '../../contract/http';
import { t } from '@lingui/core/macro';
import { activeLocale } from './i18n';

/**
 * A non-2xx answer from the API. `message` is what a screen may show her: the server's own `message`
 * when it sent `{ message, code, errors? }` (parsed into `body`), else a plain sentence for the status;
 * the raw answer stays in `bodyText` for debugging, never on screen.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly bodyText: string,
    readonly body: ErrorBody | undefined,
    /** Seconds from the `Retry-After` header (a 429 or 503), when the server sent one. */
    readonly retryAfterSeconds?: number,
  ) {
    super(body?.message ?? fallbackErrorText(status));
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

/** For an answer without a JSON body (a proxy's error page, a timeout): a sentence, not the page. */
function fallbackErrorText(status: number): string {
  if (status === 429) return t`Too many attempts. Please wait a moment and try again.`;
  if (status >= 500) return t`Steep is having trouble right now. Please try again in a moment.`;
  if (status === 401) return t`Please log in again.`;
  if (status === 404) return t`Not found.`;
  return t`Something went wrong. Please try again.`;
}

/**
 * The one way a screen turns a failure into text: the server's message for an API answer (for a refused form,
 * its first field's message, which says what is wrong, over the general one), a connection sentence when the
 * request never got an answer, else `fallback`. Never the raw error.
 */
export function errorText(error: unknown, fallback?: string): string {
  if (isApiError(error)) {
    return (error.body?.code === 'VALIDATION_ERROR' ? error.firstFieldError : undefined) ?? error.message;
  }
  // fetch rejects with a TypeError when offline or the server is unreachable.
  if (error instanceof TypeError) return t`Could not reach Steep. Check your connection and try again.`;
  return fallback ?? t`Something went wrong. Please try again.`;
}

/** The server's message for one field (`errors[].path`), to show beside that field. */
export function fieldErrorText(error: unknown, path: string): string | undefined {
  if (!isApiError(error)) return undefined;
  return error.body?.errors?.find((e) => e.path === path || e.path.endsWith(`.${path}`))?.message;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `Retry-After` as seconds: either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

function parseErrorBody(text: string): ErrorBody | undefined {
  if (!text) return undefined;
  try {
    // Checked by hand: zod is not part of the landing page's JavaScript.
    const value = JSON.parse(text) as Partial<ErrorBody> | null;
    if (!value || typeof value.message !== 'string' || typeof value.code !== 'string') return undefined;
    const errors = Array.isArray(value.errors)
      ? value.errors.filter((e) => typeof e?.path === 'string' && typeof e?.message === 'string')
      : undefined;
    return { message: value.message, code: value.code, ...(errors ? { errors } : {}) };
  } catch {
    return undefined;
  }
}

/** Her language, so the server's messages (errors, the reset answer) come in it (src/server/http/language.ts). */
export function requestHeaders(): Record<string, string> {
  return { Accept: 'application/json', 'Accept-Language': activeLocale() };
}

/** An answer's text turned into the parsed body, or ApiError for a non-2xx status. */
export function answer(
  status: number,
  statusText: string,
  text: string,
  retryAfter: string | null,
  schema: { parse: (data: unknown) => unknown },
): unknown {
  if (status < 200 || status > 299) {
    throw new ApiError(status, statusText, text, parseErrorBody(text), parseRetryAfter(retryAfter));
  }
  if (!text) return undefined;
  const data: unknown = JSON.parse(text);
  return schema.parse(data);
}

/**
 * The one fetch: sends the session cookie, her language and JSON, throws ApiError on a non-2xx answer.
 */
async function request(
  method: Method,
  path: string,
  body: unknown,
  schema: { parse: (data: unknown) => unknown },
): Promise<unknown> {
  const headers = requestHeaders();
  const init: RequestInit = { method, credentials: 'include', headers };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const text = await response.text();
  return answer(response.status, response.statusText, text, response.headers.get('Retry-After'), schema);
}

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value])
      params.append(key, String(item as string | number | boolean));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

type OptionalIfEmpty<I> = object extends I ? [input?: I] : [input: I];

/**
 * Calls a declared route (src/contract/api): the path, params, query and body are checked against the
 * declaration at compile time, and the answer is parsed with its response schema.
 * `apiCall(discoveryApi.saveFilters, { params: { userId }, body })`.
 */
export function apiCall<D extends RouteDeclaration>(
  declaration: D,
  ...[input]: OptionalIfEmpty<CallInput<D>>
): Promise<ResponseOut<D>> {
  const parts = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  const url = buildPath(declaration.path, parts.params) + queryString(parts.query);
  return request(declaration.method, url, parts.body, declaration.response) as Promise<ResponseOut<D>>;
}

/**
 * Route declarations (and zod with them) for the screens that show first: requested as soon as the
 * screen's code runs, in parallel with its first render, instead of being part of that code — the
 * page paints without waiting for the schemas, and every call awaits the same module.
 * `const api = lazyDeclarations(() => import('../../contract/api/matches'));`
 * `apiCall((await api()).matchesApi.list)`.
 */
export function lazyDeclarations<M>(load: () => Promise<M>): () => Promise<M> {
  let loading: Promise<M> | undefined;
  const get = () => {
    // A failed load (offline) is retried by the next call rather than remembered.
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  get().catch(() => undefined);
  return get;
}
