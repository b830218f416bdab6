import { loginBody, registerBody } from '../auth';
import { okBody } from '../http';
import { selfUser } from '../users';
import { defineRoute } from './define';

export const authApi = {
  register: defineRoute({
    method: 'POST',
    path: '/api/auth/register',
    access: 'public',
    summary: 'Create an account and sign in (sets the session cookie)',
    body: registerBody,
    status: 201,
    response: selfUser,
  }),
  login: defineRoute({
    method: 'POST',
    path: '/api/auth/login',
    access: 'public',
    summary: 'Sign in (sets a fresh session cookie)',
    body: loginBody,
    response: selfUser,
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/auth/logout',
    access: 'member',
    summary: 'Sign out: ends this session and clears the cookie',
    response: okBody,
    limit: false,
  }),
  me: defineRoute({
    method: 'GET',
    path: '/api/auth/me',
    access: 'member',
    summary: 'The session user, with her private fields',
    response: selfUser,
  }),
};
