import { loginBody, registerBody } from '../auth';
import { okBody } from '../http';
import { selfUser } from '../users';
import { defineRoute } from './define';

export const authApi = {
  register: defineRoute({
    method: 'POST',
    path: '/api/auth/register',
    summary: 'Create an account and sign in (sets the session cookie)',
    public: true,
    body: registerBody,
    status: 201,
    response: selfUser,
  }),
  login: defineRoute({
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Sign in (sets a fresh session cookie)',
    public: true,
    body: loginBody,
    response: selfUser,
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/auth/logout',
    summary: 'Sign out: ends this session and clears the cookie',
    response: okBody,
    limit: false,
  }),
  me: defineRoute({
    method: 'GET',
    path: '/api/auth/me',
    summary: 'The session user, with her private fields',
    response: selfUser,
  }),
};
