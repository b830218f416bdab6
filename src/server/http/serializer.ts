import fastJson from 'fast-json-stringify';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = Parameters<FastifyInstance['setSerializerCompiler']>[0];
type Stringify = (data: unknown) => string;

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean']);
/** Keywords that only validate: a serializer needs none of them. */
const VALIDATION_ONLY = new Set([
  '$schema',
  'format',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'propertyNames',
]);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs']);
const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf']);

type Schema = Record<string, unknown>;

/**
 * Prepares zod's JSON Schema for fast-json-stringify. A union is written by validating the value
 * against each branch, so the branches must accept what the server sends: dropped are the
 * validation-only keywords and `additionalProperties: false` (the serializer writes only the declared
 * properties anyway, which is the allowlist; the keyword would only make a branch refuse a row that
 * carries extra columns). `anyOf [T, null]` of a primitive becomes `type: [T, 'null']`, written
 * without running a validator per value.
 */
function forSerializer(node: Schema): Schema {
  const out: Schema = {};
  // A tuple keeps its length: Ajv (which fast-json-stringify compiles unions with) warns in strict mode about
  // `items: [a, b]` without minItems.
  const tuple = Array.isArray(node.items);
  for (const [key, value] of Object.entries(node)) {
    const keepsLength = tuple && (key === 'minItems' || key === 'maxItems');
    if ((VALIDATION_ONLY.has(key) && !keepsLength) || (key === 'additionalProperties' && value === false)) continue;
    if (SCHEMA_MAPS.has(key) && value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, forSerializer(sub as Schema)]));
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
      out[key] = value.map((sub) => forSerializer(sub as Schema));
    } else if (
      (key === 'items' || key === 'additionalProperties' || key === 'not') &&
      value &&
      typeof value === 'object'
    ) {
      out[key] = Array.isArray(value)
        ? value.map((sub) => forSerializer(sub as Schema))
        : forSerializer(value as Schema);
    } else {
      out[key] = value;
    }
  }
  const anyOf = out.anyOf as Schema[] | undefined;
  if (anyOf?.length === 2) {
    const nullIndex = anyOf.findIndex((branch) => branch.type === 'null' && Object.keys(branch).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex !== -1 && other && typeof other.type === 'string' && PRIMITIVES.has(other.type)) {
      const { anyOf: _dropped, ...rest } = out;
      const merged: Schema = { ...rest, ...other, type: [other.type, 'null'] };
      if (Array.isArray(other.enum)) merged.enum = [...(other.enum as unknown[]), null];
      return merged;
    }
  }
  return out;
}

/**
 * A response schema compiled to a fast-json-stringify function, or undefined when the zod schema holds
 * something JSON Schema cannot say (a transform): such a route keeps zod's encoder.
 */
export function compileResponseSchema(schema: z.ZodType): Stringify | undefined {
  let json: Schema;
  try {
    json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-07' });
  } catch {
    return undefined;
  }
  return fastJson(forSerializer(json) as unknown as Parameters<typeof fastJson>[0]);
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
