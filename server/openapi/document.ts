/**
 * `GET /v1/openapi.json`: the API as an OpenAPI 3.1 document, written from the contract's endpoint
 * table, the same table the routes are registered from, so it cannot describe another API.
 */
import type { Struct } from 'superstruct';
import { type AnyEndpoint, documentedPath, LANGUAGE_HEADER } from '../../contract/endpoint.ts';
import { ErrorBodyStruct } from '../../contract/envelope.ts';
import { LOCALES } from '../../contract/locale.ts';
import { isOptional, type JsonSchema, jsonSchema } from './json-schema.ts';

// biome-ignore lint/suspicious/noExplicitAny: a struct of any type and schema
type AnyStruct = Struct<any, any>;

const ACCESS_SECURITY: Record<AnyEndpoint['access'], Record<string, string[]>[] | undefined> = {
  public: [],
  'optional-user': [{}, { bearer: [] }],
  user: [{ bearer: [] }],
  tutor: [{ bearer: [] }],
  // The api_token is a parameter of the call (query or body), described there.
  session: [],
  secret: [],
};

function fieldsOf(struct: AnyStruct | undefined): [string, AnyStruct][] {
  if (!struct || (struct.type !== 'object' && struct.type !== 'type')) return [];
  return Object.entries(struct.schema as Record<string, AnyStruct>);
}

function parameters(e: AnyEndpoint): JsonSchema[] {
  const path = fieldsOf(e.params).map(([name, field]) => ({
    name,
    in: 'path',
    required: true,
    schema: jsonSchema(field),
  }));
  const query =
    e.query?.type === 'record'
      ? // Passed on as it came: any names (the external sign-in's callback).
        [{ name: 'params', in: 'query', style: 'form', explode: true, schema: jsonSchema(e.query) }]
      : fieldsOf(e.query).map(([name, field]) => ({
          name,
          in: 'query',
          required: !isOptional(field),
          schema: jsonSchema(field),
        }));
  const language = {
    name: LANGUAGE_HEADER,
    in: 'header',
    required: false,
    description: 'The language of messages and content (fallback en).',
    schema: { type: 'string', enum: [...LOCALES] },
  };
  return [...path, ...query, language];
}

/** A success that sends the browser on: where to, in `Location`; no body. */
function redirect(description: string): JsonSchema {
  return { description, headers: { Location: { required: true, schema: { type: 'string', format: 'uri' } } } };
}

function operation(name: string, e: AnyEndpoint): JsonSchema {
  const answer = e.file ? {} : jsonSchema(e.answer);
  const security = ACCESS_SECURITY[e.access];
  return {
    operationId: name,
    summary: e.summary,
    ...(e.note ? { description: e.note } : {}),
    'x-access': e.access,
    ...(security ? { security } : {}),
    parameters: parameters(e),
    ...(e.body
      ? {
          requestBody: {
            required: false,
            content: {
              [e.form ? 'application/x-www-form-urlencoded' : 'application/json']: { schema: jsonSchema(e.body) },
            },
          },
        }
      : {}),
    responses: {
      [String(e.status)]:
        e.status === 302 || e.status === 303
          ? redirect(e.summary)
          : {
              description: e.summary,
              content: e.file
                ? { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } }
                : {
                    'application/json': {
                      schema: e.bare
                        ? answer
                        : {
                            type: 'object',
                            required: ['data'],
                            properties: { data: answer },
                            additionalProperties: false,
                          },
                    },
                  },
            },
      '4XX': { $ref: '#/components/responses/Refused' },
      '503': { $ref: '#/components/responses/Unavailable' },
    },
  };
}

export function openApiDocument(endpoints: Record<string, AnyEndpoint>, version: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [name, e] of Object.entries(endpoints)) {
    const path = documentedPath(e);
    paths[path] = { ...paths[path], [e.method.toLowerCase()]: operation(name, e) };
  }
  const error = { content: { 'application/json': { schema: jsonSchema(ErrorBodyStruct) } } };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Zalik API',
      version,
      description:
        'Timed online tests that survive bad Wi-Fi. Every success is `{ "data": ... }`; every refusal is `{ "message": ..., "errors"?: { field: [messages] } }`.',
    },
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An access token from a sign-in' } },
      responses: {
        Refused: {
          description:
            'Refused: bad input (400, 413, 422), no or wrong credentials (401), not found (404), a conflict (409), too many requests (429)',
          ...error,
        },
        Unavailable: { description: 'The database is briefly out of reach; try again after Retry-After', ...error },
      },
    },
  };
}
