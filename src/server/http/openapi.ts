import { z } from 'zod';
import { allRouteDeclarations, type RouteDeclaration } from '../../contract/api';
import type { RouteAccess } from '../../contract/api/define';
import { errorBody } from '../../contract/http';

type JsonSchema = Record<string, unknown>;

/** JSON Schema 2020-12, the dialect OpenAPI 3.1 uses; types JSON cannot express become `{}`. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  });
  return rest;
}

function parameters(schema: z.ZodObject | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    schema: property,
  }));
}

function operation(declaration: RouteDeclaration): JsonSchema {
  const status = String(declaration.status ?? 200);
  const requestBody = declaration.upload
    ? {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: { [declaration.upload.field]: { type: 'string', contentEncoding: 'binary' } },
              required: [declaration.upload.field],
            },
          },
        },
      }
    : declaration.body && {
        required: true,
        content: { 'application/json': { schema: jsonSchema(declaration.body, 'input') } },
      };
  const success = {
    description: 'Success',
    content: { 'application/json': { schema: jsonSchema(declaration.response, 'output') } },
  };
  return {
    summary: declaration.summary,
    security: securityOf(declaration.access),
    'x-access': declaration.access,
    parameters: [...parameters(declaration.params, 'path'), ...parameters(declaration.query, 'query')],
    ...(requestBody ? { requestBody } : {}),
    responses: {
      [status]: success,
      ...(declaration.altStatus !== undefined && { [String(declaration.altStatus)]: success }),
      default: {
        description: 'Error: `{ message, code, errors? }`',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
  };
}

/**
 * The declared access as an OpenAPI security requirement: none for public, the session cookie for members,
 * the session cookie with the `moderator` role for moderators (OpenAPI 3.1 allows roles as scopes of a
 * non-OAuth scheme). `x-access` names the `self` field.
 */
function securityOf(access: RouteAccess): JsonSchema[] {
  if (access === 'public') return [];
  return [{ session: access === 'moderator' ? ['moderator'] : [] }];
}

/** `/api/users/:userId/filters` → `/api/users/{userId}/filters`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The OpenAPI 3.1 document of every declared /api route; built once, on first request. */
export function buildOpenApiDocument(declarations = allRouteDeclarations()): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const declaration of declarations) {
    const path = openApiPath(declaration.path);
    paths[path] = { ...paths[path], [declaration.method.toLowerCase()]: operation(declaration) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Steep API',
      version: '1',
      description:
        'The acting user is always the session user (cookie `steep_session`). Each operation states who may call it: `security` (none: public; `session`: a member; `session` with the `moderator` role: moderators) and `x-access` (`public`, `member`, `moderator`, or `{ self: "params.x" | "body.x" }`: that field must be her own user id, else 403).',
    },
    paths,
    components: {
      schemas: { Error: jsonSchema(errorBody, 'output') },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'steep_session' } },
    },
    security: [{ session: [] }],
  };
}
