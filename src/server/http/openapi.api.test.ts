import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { openApiPath } from './openapi';
import { registeredApiRoutes } from './route';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<string, { parameters: { name: string; in: string }[]; responses: Record<string, unknown> }>
  >;
  components: { schemas: Record<string, unknown> };
}

describe('GET /api/openapi.json', () => {
  it('is public and an OpenAPI 3.1 document with the error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<OpenApiDocument>();
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.schemas.Error).toMatchObject({
      required: expect.arrayContaining(['message', 'code']) as unknown,
    });
    // The payment form's `clientSecret` (product §3) is the only secret a response may name.
    expect(response.body).not.toMatch(/password_?hash|(?<!client)secret/i);
  });

  it('lists every registered /api route, registered from its declaration', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDocument>();
    const routes = registeredApiRoutes(t.app);
    expect(routes.length).toBeGreaterThan(30);
    const missing = routes.filter(({ method, url }) => !document.paths[openApiPath(url)]?.[method.toLowerCase()]);
    expect(missing).toEqual([]);
    expect(routes.filter((r) => !r.declared)).toEqual([]);
  });

  it('documents path parameters and the success response of a route', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDocument>();
    const feed = document.paths['/api/users/discovery/{userId}']?.get;
    expect(feed?.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'userId', in: 'path' }),
        expect.objectContaining({ name: 'scope', in: 'query' }),
      ]),
    );
    expect(Object.keys(feed?.responses ?? {})).toEqual(['200', 'default']);
  });
});
