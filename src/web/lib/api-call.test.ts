import { i18n } from '@lingui/core';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { discoveryApi } from '../../contract/api/discovery';
import type { DiscoveryFilters } from '../../contract/discovery';
import { ApiError, apiCall, errorText, fieldErrorText, isApiError, parseRetryAfter } from './api';

// Its texts are in the catalogue (decision 0023): the source language, English, here.
i18n.loadAndActivate({ locale: 'en', messages: {} });

afterEach(() => vi.unstubAllGlobals());

const FILTERS: DiscoveryFilters = {
  minAge: 20,
  maxAge: 40,
  maxDistance: 30,
  teaPreferences: [],
  lifestylePreferences: [],
};

describe('apiCall', () => {
  it('builds the path and query from the declaration and parses the answer with its schema', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ ...FILTERS, extra: 'dropped' }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const filters = await apiCall(discoveryApi.saveFilters, { params: { userId: 'u 1' }, body: FILTERS });
    expect(filters).toEqual(FILTERS);
    expect(fetchMock).toHaveBeenCalledWith('/api/users/u%201/filters', expect.objectContaining({ method: 'PUT' }));

    await apiCall(discoveryApi.feed, { params: { userId: 'u1' }, query: { scope: 'all' } }).catch(() => undefined);
    expect(fetchMock).toHaveBeenLastCalledWith(
      '/api/users/discovery/u1?scope=all',
      expect.objectContaining({ method: 'GET' }),
    );
  });

  it('is typed from the declaration: a wrong path parameter, body or response type does not compile', () => {
    expectTypeOf<
      Awaited<ReturnType<typeof apiCall<typeof discoveryApi.getFilters>>>
    >().toEqualTypeOf<DiscoveryFilters>();
    // These calls are never made; `tsc --noEmit` (npm run typecheck) fails if any of them compiles.
    const neverCalled = () => {
      // @ts-expect-error the body's minAge must be a number
      void apiCall(discoveryApi.saveFilters, { params: { userId: 'u1' }, body: { ...FILTERS, minAge: '20' } });
      // @ts-expect-error the route has no :id parameter
      void apiCall(discoveryApi.getFilters, { params: { id: 'u1' } });
      // @ts-expect-error the body is required
      void apiCall(discoveryApi.saveFilters, { params: { userId: 'u1' } });
      // @ts-expect-error the route takes no body
      void apiCall(discoveryApi.getFilters, { params: { userId: 'u1' }, body: FILTERS });
    };
    expect(typeof neverCalled).toBe('function');
  });
});

describe('ApiError', () => {
  it('carries the Retry-After wait of a refused call, in seconds', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ message: 'Too many failed logins', code: 'RATE_LIMITED' }), {
            status: 429,
            headers: { 'Retry-After': '300' },
          }),
      ),
    );
    const error = await apiCall(discoveryApi.getFilters, { params: { userId: 'u1' } }).catch((e: unknown) => e);
    expect(isApiError(error) && error.status).toBe(429);
    expect(isApiError(error) && error.retryAfterSeconds).toBe(300);
  });

  it('reads an HTTP-date Retry-After as the seconds until then', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:02:00 GMT', now)).toBe(120);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});

describe('errors on screen', () => {
  it("show the server's message, never the raw answer", () => {
    const body = { message: 'Enter a valid phone number', code: 'VALIDATION_ERROR', errors: [] };
    const error = new ApiError(400, 'Bad Request', JSON.stringify(body), body);
    expect(error.message).toBe('Enter a valid phone number');
    expect(errorText(error)).toBe('Enter a valid phone number');
  });

  it('say a plain sentence for an answer without a JSON body, and for no answer at all', () => {
    const gateway = new ApiError(502, 'Bad Gateway', '<html>nginx</html>', undefined);
    expect(errorText(gateway)).toBe('Steep is having trouble right now. Please try again in a moment.');
    expect(errorText(new TypeError('Failed to fetch'))).toMatch(/^Could not reach Steep/);
    expect(errorText(new Error('x is undefined'), 'Could not save')).toBe('Could not save');
  });

  it("say a refused form's first field message, which says what is wrong, over the general one", () => {
    const body = {
      message: 'Some details need another look.',
      code: 'VALIDATION_ERROR',
      errors: [
        { path: 'password', message: 'Password must contain at least one uppercase letter' },
        { path: 'age', message: 'You must be at least 18' },
      ],
    };
    const error = new ApiError(400, 'Bad Request', JSON.stringify(body), body);
    expect(errorText(error, 'Could not save')).toBe('Password must contain at least one uppercase letter');
    // No field named: the general message. Another code with errors[] keeps its own message.
    const general = { ...body, errors: [] };
    expect(errorText(new ApiError(400, '', '', general))).toBe('Some details need another look.');
    const conflict = { message: 'Username already taken', code: 'CONFLICT', errors: body.errors };
    expect(errorText(new ApiError(409, '', '', conflict))).toBe('Username already taken');
  });

  it('find the message for one field', () => {
    const body = {
      message: 'Invalid input',
      code: 'VALIDATION_ERROR',
      errors: [{ path: 'phoneNumber', message: 'Bad' }],
    };
    expect(fieldErrorText(new ApiError(400, '', '', body), 'phoneNumber')).toBe('Bad');
    expect(fieldErrorText(new ApiError(400, '', '', body), 'code')).toBeUndefined();
  });
});
