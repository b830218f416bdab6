import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { serverFieldErrors } from './form-errors';

i18n.loadAndActivate({ locale: 'en', messages: {} });

const refusal = (errors?: { path: string; message: string }[]) =>
  new ApiError(400, 'Bad Request', '', {
    message: 'The request is not valid',
    code: 'VALIDATION_ERROR',
    ...(errors ? { errors } : {}),
  });

describe('serverFieldErrors', () => {
  it('puts each message beside its field, the first one for each, by path or its first segment', () => {
    const error = refusal([
      { path: 'username', message: 'Username may only contain letters, numbers, dots and underscores' },
      { path: 'interests.3', message: 'Unknown interest' },
      { path: 'interests.4', message: 'Unknown interest (second)' },
    ]);
    expect(serverFieldErrors(error, ['username', 'interests', 'age'])).toEqual({
      errors: {
        username: 'Username may only contain letters, numbers, dots and underscores',
        interests: 'Unknown interest',
      },
      complete: true,
    });
  });

  it('is not complete when a field is missing from the form, or when the answer names none', () => {
    expect(serverFieldErrors(refusal([{ path: 'email', message: 'x' }]), ['username'])).toEqual({
      errors: {},
      complete: false,
    });
    expect(serverFieldErrors(refusal(), ['username']).complete).toBe(false);
    expect(serverFieldErrors(new TypeError('offline'), ['username']).complete).toBe(false);
  });

  it('maps paths through a function, for rows of a list', () => {
    const fieldOf = (path: string) => (/^prompts\.\d+\.answer$/.test(path) ? path : undefined);
    expect(serverFieldErrors(refusal([{ path: 'prompts.1.answer', message: 'Write an answer' }]), fieldOf)).toEqual({
      errors: { 'prompts.1.answer': 'Write an answer' },
      complete: true,
    });
  });
});
