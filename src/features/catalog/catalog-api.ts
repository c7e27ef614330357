// Module by module, not the contract's index: the index would bring the test-taking structs along.
import { LessonList, MainPage, PageInfo, SpecializationList, SubjectList } from '../../../contract/catalog.ts';
import { API } from '../../../contract/paths.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { getJson } from '../../shared/api/index.ts';
import { useResource } from '../../shared/api/use-resource.ts';

// The locale is part of every key: the same list in another language is another answer. These reads
// use useResource, not SWR, to keep the first visit light (see use-resource.ts).

export function useSubjects() {
  const locale = useLocale();
  return useResource(['subjects', locale], () => getJson(API.subjects, SubjectList));
}

export function useSpecializations(subject: string) {
  const locale = useLocale();
  return useResource(['specializations', locale, subject], () =>
    getJson(API.specializations, SpecializationList, { subject_slug: subject }),
  );
}

export function useLessons(subject: string, specialization: string) {
  const locale = useLocale();
  return useResource(['lessons', locale, subject, specialization], () =>
    getJson(API.lessons, LessonList, { subject_slug: subject, subject_spec_slug: specialization }),
  );
}

/** The site's own title, description and SEO texts, for the landing pages. */
export function useMainPage() {
  const locale = useLocale();
  return useResource(['main-page', locale], () => getJson(API.mainPage, MainPage));
}

/** A subject's title, description and SEO texts; a 404 means there is no such subject. */
export function useSubjectPageInfo(subject: string) {
  const locale = useLocale();
  return useResource(['subject-page-info', locale, subject], () =>
    getJson(API.subjectPageInfo, PageInfo, { subject_slug: subject }),
  );
}

/** A specialization's title, description and SEO texts; a 404 means there is no such pair. */
export function useSpecializationPageInfo(subject: string, specialization: string) {
  const locale = useLocale();
  return useResource(['specialization-page-info', locale, subject, specialization], () =>
    getJson(API.specializationPageInfo, PageInfo, { subject_slug: subject, subject_spec_slug: specialization }),
  );
}
