// The catalog's endpoints alone, not the contract's whole table: that would bring every struct along.
import * as catalog from '../../../contract/endpoints/catalog.ts';
import { api } from '../../shared/api/index.ts';
import { useRead } from '../../shared/api/use-read.ts';

export const useSubjects = () => useRead('subjects', [], () => api(catalog.subjects));

/** A subject's specializations; none asked for while no subject is given (''). */
export const useSpecializations = (subject: string) =>
  useRead('specializations', subject ? [subject] : null, () =>
    api(catalog.specializations, { query: { subject_slug: subject } }),
  );

export const useLessons = (subject: string, specialization: string) =>
  useRead('lessons', [subject, specialization], () =>
    api(catalog.lessons, { query: { subject_slug: subject, subject_spec_slug: specialization } }),
  );

/** A subject's title, description and SEO texts; a 404 means there is no such subject. */
export const useSubjectPageInfo = (subject: string) =>
  useRead('subject-page-info', [subject], () => api(catalog.subjectPageInfo, { query: { subject_slug: subject } }));

/** A specialization's title, description and SEO texts; a 404 means there is no such pair. */
export const useSpecializationPageInfo = (subject: string, specialization: string) =>
  useRead('specialization-page-info', [subject, specialization], () =>
    api(catalog.specializationPageInfo, { query: { subject_slug: subject, subject_spec_slug: specialization } }),
  );
