import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;
type RouteSchema = z.ZodType | { properties: z.ZodType };

const zodSchemaOf = (schema: RouteSchema): z.ZodType =>
  schema instanceof z.ZodType ? schema : schema.properties;

/**
 * A JSON schema node as fast-json-stringify should read it:
 * - `additionalProperties: false` is dropped. fast-json-stringify writes only the properties a
 *   schema lists whether or not it is there, but it picks the branch of an `anyOf` (a union, a
 *   nullable object) by validating the value with Ajv, and with it an answer carrying one field
 *   more than its contract (exactly what must be stripped) would match no branch at all.
 * - `anyOf: [X, { type: 'null' }]` (zod's `.nullable()`) becomes X with `null` added to its type
 *   when X has one plain type: a type check instead of an Ajv validation on every answer.
 */
function forSerializer(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forSerializer);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node as JsonSchema)) {
    if (key === '$schema' || (key === 'additionalProperties' && value === false)) continue;
    out[key] = forSerializer(value);
  }
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2 && Object.keys(out).length === 1) {
    const nullAt = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullAt];
    if (nullAt >= 0 && other && typeof other.type === 'string' && !('anyOf' in other) && !('oneOf' in other))
      return { ...other, type: [other.type, 'null'] };
  }
  return out;
}

/** An answer the compiled serializer could not write, or wrote unlike the contract's check: a 500. */
export class ResponseContractError extends Error {
  readonly method: string;
  readonly url: string;
  constructor(method: string, url: string, options: { cause: unknown }) {
    super(`${method} ${url}: the answer does not match its contract`, options);
    this.name = 'ResponseContractError';
    this.method = method;
    this.url = url;
  }
}

/** The JSON schema fast-json-stringify compiles for a zod contract (its output side, as answered). */
export function serializerJsonSchema(schema: z.ZodType): JsonSchema {
  return forSerializer(
    z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }),
  ) as JsonSchema;
}

/**
 * Issue 8: how every JSON answer is written. Both ways write only the fields of the route's
 * contract for that status, so nothing outside the contract ever leaves the server:
 *
 * - `check: false` (production): a serializer compiled once per route and status by
 *   fast-json-stringify from the contract's JSON schema. It writes the listed fields and ignores any
 *   other, and fails (a 500, logged as an answer that did not match its schema) when a required
 *   field is missing or a value cannot be written as its type. It does not check enums or patterns:
 *   that is what the checked way is for, everywhere the code is exercised.
 * - `check: true` (development, tests, CI): the zod contract checks and strips the answer (the
 *   zod type provider's serializer, as before), and the compiled serializer's answer is compared
 *   with it; any difference is a 500 naming the route. So every route test proves both that the
 *   answer meets its contract and that production writes exactly the same JSON.
 *
 * Parsing every answer with zod cost ~6 µs of the ~180 µs `GET /api/home` took a request.
 */
export function responseSerializerCompiler(options: {
  check: boolean;
}): FastifySerializerCompiler<RouteSchema> {
  const compiler: FastifySerializerCompiler<RouteSchema> = (route) => {
    const { method, url, httpStatus } = route;
    const compile = () =>
      fastJson(serializerJsonSchema(zodSchemaOf(route.schema)) as unknown as Parameters<typeof fastJson>[0]);
    // In production a serializer is compiled on the route's first answer with this status, not when
    // the route is registered: compiled up front, every route's serializers (generated code, and Ajv
    // instances for unions) held ~20 MB from start-up, most of it for answers a process never sends.
    // Checked (development, tests, CI), all compile at start-up, so a contract fast-json-stringify
    // cannot compile fails every test run at once rather than a borrower's first request.
    let compiled: ((data: unknown) => string) | undefined = options.check ? compile() : undefined;
    const fast = (data: unknown): string => {
      try {
        compiled ??= compile();
        return compiled(data);
      } catch (cause) {
        throw new ResponseContractError(method, url, { cause });
      }
    };
    if (!options.check) return fast;
    const checked = zodSerializerCompiler(route);
    return (data) => {
      const json = checked(data);
      const written = fast(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(json)))
        throw new ResponseContractError(method, url, {
          cause: new Error(
            `${httpStatus}: the compiled serializer wrote ${written}, the contract's check ${json}`,
          ),
        });
      return json;
    };
  };
  contractSerializers.add(compiler);
  return compiler;
}

const contractSerializers = new WeakSet<object>();

/** True for a compiler made by responseSerializerCompiler (the contract tests check app.ts installs one). */
export const isContractSerializer = (compiler: unknown): boolean =>
  typeof compiler === 'function' && contractSerializers.has(compiler);
