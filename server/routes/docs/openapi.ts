import type { FastifyInstance } from 'fastify';
import type { AnswerOf } from '../../../contract/endpoint.ts';
import { openapi } from '../../../contract/endpoints/docs.ts';
import { ENDPOINTS } from '../../../contract/endpoints/index.ts';
import { openApiDocument } from '../../openapi/document.ts';
import { serve } from '../serve.ts';

/** Made once: the table does not change while the server runs. */
export default async function openApiRoutes(app: FastifyInstance) {
  const document = openApiDocument(ENDPOINTS, 'v1');
  serve(app, openapi, {
    handle: async () => document as AnswerOf<typeof openapi>,
  });
}
