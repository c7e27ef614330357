/** Query strings of the `/v1` calls. Values arrive as text; unknown parameters are refused. */

import { enums, type Infer, object, optional, pattern, refine, size, string } from './structs.ts';

const IdParam = pattern(string(), /^[1-9]\d{0,8}$/);
const SlugParam = pattern(size(string(), 1, 80), /^[a-z0-9]+(?:-[a-z0-9]+)*$/);
/** A lesson is named by its number or its slug. */
export const LessonKey = refine(string(), 'lesson id or slug', (v) =>
  /^[1-9]\d{0,8}$/.test(v) || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(v) ? true : 'must be a lesson id or slug',
);

export const SubjectsQuery = object({ audience: optional(enums(['student', 'tutor'])) });

export const SpecializationsQuery = refine(
  object({ subject_id: optional(IdParam), subject_slug: optional(SlugParam) }),
  'subject',
  (q) => (q.subject_id || q.subject_slug ? true : 'Give subject_id or subject_slug'),
);
export type SpecializationsQuery = Infer<typeof SpecializationsQuery>;

export const LessonsQuery = refine(
  object({
    subject_id: optional(IdParam),
    subject_slug: optional(SlugParam),
    subject_spec_id: optional(IdParam),
    subject_spec_slug: optional(SlugParam),
  }),
  'subject and specialization',
  (q) =>
    (q.subject_id || q.subject_slug) && (q.subject_spec_id || q.subject_spec_slug)
      ? true
      : 'Give subject_id or subject_slug, and subject_spec_id or subject_spec_slug',
);
export type LessonsQuery = Infer<typeof LessonsQuery>;

export const LessonQuery = object({ preview: optional(enums(['', '0', '1', 'true', 'false'])) });

export const SubjectPageInfoQuery = object({ subject_slug: SlugParam });
export const SpecializationPageInfoQuery = object({ subject_slug: SlugParam, subject_spec_slug: SlugParam });

export const TokenQuery = object({ api_token: optional(size(string(), 1, 200)) });

/** Calls that take nothing refuse anything, like the rest of the API: a stray field is a client bug. */
export const NoQuery = object({});
export const NoBody = object({});
