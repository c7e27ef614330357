import type { FastifyInstance } from 'fastify';
import {
  LessonKey,
  LessonQuery,
  LessonsQuery,
  SpecializationPageInfoQuery,
  SpecializationsQuery,
  SubjectPageInfoQuery,
  SubjectsQuery,
} from '../../../contract/index.ts';
import { parseInput } from '../../http-error.ts';

/**
 * Subjects, specializations, lessons and page texts are the same for everyone and hold nothing
 * personal: caches may keep them, asking the server whether they changed (every other `/v1` answer
 * is `no-store`, see plugins/external/security-headers.ts).
 */
export const PUBLIC_CATALOG_CACHE_CONTROL = 'no-cache';

export default async function catalogRoutes(app: FastifyInstance) {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', PUBLIC_CATALOG_CACHE_CONTROL);
    done();
  });

  app.get('/subjects/list', async (request) => {
    const q = parseInput(SubjectsQuery, request.query, 'query');
    return { data: await app.catalog.subjects(request.locale, q.audience) };
  });

  app.get('/specializations/list', async (request) => {
    const q = parseInput(SpecializationsQuery, request.query, 'query');
    return { data: await app.catalog.specializations(request.locale, q.subject_id, q.subject_slug) };
  });

  app.get('/lessons/list', async (request) => {
    const q = parseInput(LessonsQuery, request.query, 'query');
    return { data: await app.catalog.lessons(request.locale, q) };
  });

  app.get<{ Params: { id: string } }>('/lessons/:id', async (request) => {
    parseInput(LessonQuery, request.query, 'query');
    const id = parseInput(LessonKey, request.params.id, 'lesson id');
    return { data: await app.catalog.lesson(request.locale, id) };
  });

  app.get('/main-page', async (request) => {
    parseInput(SubjectsQuery, request.query, 'query');
    return { data: await app.catalog.mainPage(request.locale) };
  });

  app.get('/subjects/page-info', async (request) => {
    const q = parseInput(SubjectPageInfoQuery, request.query, 'query');
    return { data: await app.catalog.subjectPageInfo(request.locale, q.subject_slug) };
  });

  app.get('/specializations/page-info', async (request) => {
    const q = parseInput(SpecializationPageInfoQuery, request.query, 'query');
    return { data: await app.catalog.specializationPageInfo(request.locale, q.subject_slug, q.subject_spec_slug) };
  });
}
