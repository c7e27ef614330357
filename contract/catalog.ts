/** Public catalog answers: subjects, specializations, lessons and page info. */
import { array, enums, type Infer, integer, number, string, type } from './structs.ts';

export const AudienceStruct = enums(['student', 'tutor']);

export const Seo = type({ title: string(), description: string() });
export type Seo = Infer<typeof Seo>;

export const Subject = type({
  id: integer(),
  slug: string(),
  audience: AudienceStruct,
  title: string(),
  description: string(),
  specialization_count: integer(),
  lesson_count: integer(),
});
export type Subject = Infer<typeof Subject>;

export const Specialization = type({
  id: integer(),
  slug: string(),
  subject_id: integer(),
  subject_slug: string(),
  title: string(),
  description: string(),
  lesson_count: integer(),
});
export type Specialization = Infer<typeof Specialization>;

const Ref = type({ id: integer(), slug: string(), title: string() });

export const LessonSummary = type({
  id: integer(),
  slug: string(),
  audience: AudienceStruct,
  title: string(),
  description: string(),
  duration_seconds: integer(),
  question_count: integer(),
  max_score: number(),
  subject: Ref,
  specialization: Ref,
});
export type LessonSummary = Infer<typeof LessonSummary>;

export const BlockSummary = type({ id: string(), title: string(), question_count: integer() });
export type BlockSummary = Infer<typeof BlockSummary>;

/** `GET /v1/public/lessons/{id}`: the preview, never the questions. */
export const LessonPreview = type({
  id: integer(),
  slug: string(),
  audience: AudienceStruct,
  title: string(),
  description: string(),
  duration_seconds: integer(),
  question_count: integer(),
  max_score: number(),
  subject: Ref,
  specialization: Ref,
  blocks: array(BlockSummary),
  /** The version a start now begins: its sealed payload can be fetched before the start. */
  version: integer(),
});
export type LessonPreview = Infer<typeof LessonPreview>;

export const PageInfo = type({ title: string(), description: string(), seo: Seo });
export type PageInfo = Infer<typeof PageInfo>;

export const MainPage = type({
  title: string(),
  description: string(),
  seo: Seo,
  subject_count: type({ student: integer(), tutor: integer() }),
  lesson_count: integer(),
});
export type MainPage = Infer<typeof MainPage>;

export const SubjectList = array(Subject);
export const SpecializationList = array(Specialization);
export const LessonList = array(LessonSummary);
