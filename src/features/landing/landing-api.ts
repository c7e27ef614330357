/**
 * The first page's reads: the site's texts and the subjects. Through useResource, a 1 KB hook,
 * not SWR: this page is every new visitor's first, and SWR would add about 5.5 KB of gzipped
 * JavaScript to a first visit whose budget is 90 KB (scripts/check-bundle.ts). Every other read of
 * the app, the catalog's other pages included, goes through SWR.
 */
import * as catalog from '../../../contract/endpoints/catalog.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { api } from '../../shared/api/index.ts';
import { useResource } from '../../shared/api/use-resource.ts';

// The locale is part of every key: the same list in another language is another answer.

export function useLandingSubjects() {
  const locale = useLocale();
  return useResource(['subjects', locale], () => api(catalog.subjects));
}

/** The site's own title, description and SEO texts. */
export function useMainPage() {
  const locale = useLocale();
  return useResource(['main-page', locale], () => api(catalog.mainPage));
}
