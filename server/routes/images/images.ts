import type { FastifyInstance } from 'fastify';
import * as images from '../../../contract/endpoints/images.ts';
import { HttpError } from '../../http-error.ts';
import { phrase } from '../../i18n/messages.ts';
import { IMMUTABLE_CACHE_CONTROL } from '../../plugins/external/security-headers.ts';
import { serve } from '../serve.ts';

/** Base64 of 1 MB and the JSON around it. */
const UPLOAD_BODY_LIMIT = 1.5 * 1024 * 1024;

export default async function imageRoutes(app: FastifyInstance) {
  serve(app, images.uploadImage, {
    bodyLimit: UPLOAD_BODY_LIMIT,
    handle: async ({ caller, body }) => app.images.put(caller.user.id, Buffer.from(body.data, 'base64')),
  });

  serve(app, images.image, {
    handle: async ({ params }, _request, reply) => {
      // Streamed from wherever the image store keeps it, never whole in memory.
      const found = await app.images.open(params.id);
      if (!found) throw new HttpError(404, phrase('imageNotFound'));
      return reply
        .header('cache-control', IMMUTABLE_CACHE_CONTROL)
        .header('content-type', found.type)
        .header('content-length', found.bytes)
        .send(found.stream);
    },
  });
}
