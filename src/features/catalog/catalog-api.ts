import useSWR from 'swr';
import { API, LessonList, SpecializationList, SubjectList } from '../../../contract/index.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { getJson } from '../../shared/api/index.ts';

// The locale is part of every key: the same list in another language is another answer.

export function useSubjects() {
  const locale = useLocale();
  return useSWR(['subjects', locale], () => getJson(API.subjects, SubjectList));
}

export function useSpecializations(subject: string) {
  const locale = useLocale();
  return useSWR(['specializations', locale, subject], () =>
    getJson(API.specializations, SpecializationList, { subject_slug: subject }),
  );
}

export function useLessons(subject: string, specialization: string) {
  const locale = useLocale();
  return useSWR(['lessons', locale, subject, specialization], () =>
    getJson(API.lessons, LessonList, { subject_slug: subject, subject_spec_slug: specialization }),
  );
}
