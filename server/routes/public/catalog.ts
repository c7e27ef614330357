import type { FastifyInstance } from 'fastify';
import * as catalog from '../../../contract/endpoints/catalog.ts';
import { serve } from '../serve.ts';

export default async function catalogRoutes(app: FastifyInstance) {
  serve(app, catalog.subjects, {
    handle: async ({ query }, request) => app.catalog.subjects(request.locale, query.audience),
  });
  serve(app, catalog.specializations, {
    handle: async ({ query }, request) =>
      app.catalog.specializations(request.locale, query.subject_id, query.subject_slug),
  });
  serve(app, catalog.lessons, {
    handle: async ({ query }, request) => app.catalog.lessons(request.locale, query),
  });
  serve(app, catalog.lesson, {
    handle: async ({ params }, request) => app.catalog.lesson(request.locale, params.id),
  });
  serve(app, catalog.mainPage, {
    handle: async (_input, request) => app.catalog.mainPage(request.locale),
  });
  serve(app, catalog.subjectPageInfo, {
    handle: async ({ query }, request) => app.catalog.subjectPageInfo(request.locale, query.subject_slug),
  });
  serve(app, catalog.specializationPageInfo, {
    handle: async ({ query }, request) =>
      app.catalog.specializationPageInfo(request.locale, query.subject_slug, query.subject_spec_slug),
  });
}
