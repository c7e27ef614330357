// The catalog's endpoints alone, not the contract's whole table: that would bring every struct along.
import useSWR from 'swr';
import * as catalog from '../../../contract/endpoints/catalog.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { api } from '../../shared/api/index.ts';
import { swrOptions } from '../../shared/api/swr-options.ts';

// The locale is part of every key: the same list in another language is another answer.

export function useSubjects() {
  const locale = useLocale();
  return useSWR(['subjects', locale], () => api(catalog.subjects), swrOptions);
}

/** A subject's specializations; none asked for while no subject is given (''). */
export function useSpecializations(subject: string) {
  const locale = useLocale();
  return useSWR(
    subject ? ['specializations', locale, subject] : null,
    () => api(catalog.specializations, { query: { subject_slug: subject } }),
    swrOptions,
  );
}

export function useLessons(subject: string, specialization: string) {
  const locale = useLocale();
  return useSWR(
    ['lessons', locale, subject, specialization],
    () => api(catalog.lessons, { query: { subject_slug: subject, subject_spec_slug: specialization } }),
    swrOptions,
  );
}

/** A subject's title, description and SEO texts; a 404 means there is no such subject. */
export function useSubjectPageInfo(subject: string) {
  const locale = useLocale();
  return useSWR(
    ['subject-page-info', locale, subject],
    () => api(catalog.subjectPageInfo, { query: { subject_slug: subject } }),
    swrOptions,
  );
}

/** A specialization's title, description and SEO texts; a 404 means there is no such pair. */
export function useSpecializationPageInfo(subject: string, specialization: string) {
  const locale = useLocale();
  return useSWR(
    ['specialization-page-info', locale, subject, specialization],
    () => api(catalog.specializationPageInfo, { query: { subject_slug: subject, subject_spec_slug: specialization } }),
    swrOptions,
  );
}
