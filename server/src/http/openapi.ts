/**
 * Helpers of the OpenAPI description (`GET /api/openapi.json`, server/src/openapi.ts): JSON
 * schemas from the zod contracts the server validates with, query parameters, the French error
 * body. Each feature describes its own paths with them.
 */
import type { ZodType } from 'zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[]; type?: unknown };

export function jsonSchema(schema: ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** Query parameters from a query schema; lists are comma-separated (`style: form, explode: false`). */
export function queryParameters(schema: ZodType, descriptions: Record<string, string> = {}) {
  const s = jsonSchema(schema, 'input');
  const required = new Set(s.required ?? []);
  return Object.entries(s.properties ?? {}).map(([name, prop]) => ({
    name,
    in: 'query',
    required: required.has(name),
    ...(descriptions[name] ? { description: descriptions[name] } : {}),
    schema: prop,
    ...(prop.type === 'array' ? { style: 'form', explode: false } : {}),
  }));
}

export const ERROR = {
  description: 'Erreur (message en français\u00a0; `issues` détaille une requête invalide).',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          message: { type: 'string' },
          issues: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } } },
        },
        required: ['message'],
      },
    },
  },
};

export function ok(schema: ZodType, description: string, type = 'application/json') {
  return { description, content: { [type]: { schema: jsonSchema(schema, 'output') } } };
}

export const errors = { 400: ERROR, 401: ERROR, 403: ERROR };
