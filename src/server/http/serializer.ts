import fastJson from 'fast-json-stringify';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = Parameters<FastifyInstance['setSerializerCompiler']>[0];
type Stringify = (data: unknown) => string;

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * Prepares zod's JSON Schema for fast-json-stringify. Drops `additionalProperties: false`: the
 * serializer writes only the declared properties anyway (that is the allowlist), and the keyword would
 * only make a union branch refuse a row that carries extra columns. Turns `anyOf [T, null]` of a
 * primitive into `type: [T, 'null']`, which is written without running a validator per value.
 */
function forSerializer(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forSerializer);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) continue;
    out[key] = forSerializer(value);
  }
  const anyOf = out.anyOf as Record<string, unknown>[] | undefined;
  if (anyOf?.length === 2) {
    const nullIndex = anyOf.findIndex((branch) => branch.type === 'null' && Object.keys(branch).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex !== -1 && other && typeof other.type === 'string' && PRIMITIVES.has(other.type)) {
      const { anyOf: _dropped, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/**
 * A response schema compiled to a fast-json-stringify function, or undefined when the zod schema holds
 * something JSON Schema cannot say (a transform): such a route keeps zod's encoder.
 */
export function compileResponseSchema(schema: z.ZodType): Stringify | undefined {
  let json: unknown;
  try {
    json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-07' });
  } catch {
    return undefined;
  }
  return fastJson(forSerializer(json) as Parameters<typeof fastJson>[0]);
}

/**
 * Responses are built by the server from its own rows, so they need no validating on the way out, only
 * the allowlist: compiled serializers (one per route and status) instead of a zod parse per response.
 */
export const compiledSerializerCompiler: SerializerCompiler = (routeSchema) => {
  const schema = routeSchema.schema;
  if (schema instanceof z.ZodType) {
    const compiled = compileResponseSchema(schema);
    if (compiled) return compiled;
  }
  return (zodSerializerCompiler as unknown as FastifySchemaCompiler<unknown>)(routeSchema) as unknown as Stringify;
};
