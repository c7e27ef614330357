import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedPath } from '../../contract/endpoint.ts';
import { ENDPOINTS } from '../../contract/endpoints/index.ts';
import { createTestApp, type TestApp, v1Routes } from '../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ content: null });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const res = await t.app.inject({ url: '/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const validator = new Validator();
    const result = await validator.validate(res.json());
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)?.slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists every route the server has, with its method, and nothing else', async () => {
    const document = (await t.app.inject({ url: '/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(v1Routes(t.app));
    expect(Object.keys(ENDPOINTS).length).toBe(documented.length);
  });

  it('describes parameters, bodies and answers from the contract structs', async () => {
    const document = (await t.app.inject({ url: '/v1/openapi.json' })).json();
    const answer = document.paths[documentedPath(ENDPOINTS.answer)].post;
    expect(answer.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual([
      'path:uuid',
      'query:api_token',
      'query:unsent',
      'header:application-language',
    ]);
    // A single answer or a batch of at most 500.
    const body = answer.requestBody.content['application/json'].schema;
    expect(body.anyOf).toHaveLength(2);
    expect(body.anyOf[1]).toMatchObject({ type: 'array', minItems: 1, maxItems: 500 });
    expect(body.anyOf[0]).toMatchObject({
      type: 'object',
      required: ['answer_id', 'question_id', 'value', 'answered_at'],
      additionalProperties: false,
    });
    const login = document.paths['/v1/auth/session'].get;
    expect(login.security).toEqual([{ bearer: [] }]);
    const subjects = document.paths['/v1/public/subjects/list'].get;
    expect(subjects.responses['200'].content['application/json'].schema.properties.data.type).toBe('array');
  });

  it("types an import's files: each a file's bytes or a parsed lesson file, at most 20", async () => {
    const document = (await t.app.inject({ url: '/v1/openapi.json' })).json();
    const body = document.paths[documentedPath(ENDPOINTS.importTests)].post.requestBody.content['application/json'];
    const files = body.schema.properties.files;
    expect(files).toMatchObject({ type: 'array', minItems: 1, maxItems: 20 });
    const [bytes, lesson] = files.items.anyOf;
    expect(bytes).toMatchObject({ type: 'object', required: ['name', 'data'] });
    expect(lesson).toMatchObject({ type: 'object', properties: { kind: { const: 'lesson' } } });
  });
});
