import { z } from 'zod';
import { defineRoute } from './define';

export const metaApi = {
  openapi: defineRoute({
    method: 'GET',
    path: '/api/openapi.json',
    access: 'public',
    summary: 'This document: every /api route with its schemas and the error shape (OpenAPI 3.1)',
    response: z.record(z.string(), z.unknown()),
  }),
};
