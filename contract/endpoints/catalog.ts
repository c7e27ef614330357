/** The public catalog: the same for everyone, so caches may keep it. */

import { LessonList, LessonPreview, MainPage, PageInfo, SpecializationList, SubjectList } from '../catalog.ts';
import { endpoint } from '../endpoint.ts';
import {
  LessonKey,
  LessonQuery,
  LessonsQuery,
  SpecializationPageInfoQuery,
  SpecializationsQuery,
  SubjectPageInfoQuery,
  SubjectsQuery,
} from '../requests.ts';
import { object } from '../structs.ts';

export const subjects = endpoint({
  method: 'GET',
  path: '/v1/public/subjects/list',
  query: SubjectsQuery,
  answer: SubjectList,
  status: 200,
  access: 'public',
  cache: 'public',
  summary: 'The subjects, optionally of one audience (students or tutors)',
});

export const specializations = endpoint({
  method: 'GET',
  path: '/v1/public/specializations/list',
  query: SpecializationsQuery,
  answer: SpecializationList,
  status: 200,
  access: 'public',
  cache: 'public',
  summary: "A subject's specializations",
});

export const lessons = endpoint({
  method: 'GET',
  path: '/v1/public/lessons/list',
  query: LessonsQuery,
  answer: LessonList,
  status: 200,
  access: 'public',
  cache: 'public',
  summary: "A specialization's published lessons",
});

export const lesson = endpoint({
  method: 'GET',
  path: '/v1/public/lessons/:id',
  params: object({ id: LessonKey }),
  query: LessonQuery,
  answer: LessonPreview,
  status: 200,
  access: 'public',
  cache: 'public',
  summary: "One lesson's preview (never its questions), by id or slug",
});

export const mainPage = endpoint({
  method: 'GET',
  path: '/v1/public/main-page',
  query: SubjectsQuery,
  answer: MainPage,
  status: 200,
  access: 'public',
  cache: 'public',
  summary: "The site's title, description and search-engine texts, with its counts",
});

export const subjectPageInfo = endpoint({
  method: 'GET',
  path: '/v1/public/subjects/page-info',
  query: SubjectPageInfoQuery,
  answer: PageInfo,
  status: 200,
  access: 'public',
  cache: 'public',
  summary: "A subject's title, description and search-engine texts",
});

export const specializationPageInfo = endpoint({
  method: 'GET',
  path: '/v1/public/specializations/page-info',
  query: SpecializationPageInfoQuery,
  answer: PageInfo,
  status: 200,
  access: 'public',
  cache: 'public',
  summary: "A specialization's title, description and search-engine texts",
});
