/** The API's own description, made from this table. */

import { endpoint } from '../endpoint.ts';
import { NoQuery } from '../requests.ts';
import { literal, record, string, type, unknown } from '../structs.ts';

const OpenApiDocument = type({
  openapi: literal('3.1.0'),
  info: type({ title: string(), version: string() }),
  paths: record(string(), unknown()),
});

export const openapi = endpoint({
  method: 'GET',
  path: '/v1/openapi.json',
  query: NoQuery,
  answer: OpenApiDocument,
  status: 200,
  access: 'public',
  cache: 'public',
  bare: true,
  summary: 'This API as an OpenAPI 3.1 document, made from the same endpoint table as the server and the client',
});
