import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';

export interface PageMeta {
  /** The page's own title; the app's name is added after it. */
  title?: string | null;
  /** A title that is complete as it is (an SEO title from the API, which names the app itself). */
  fullTitle?: string | null;
  /** The meta description; a general one about the app when the page has none. */
  description?: string | null;
}

function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  return tag;
}

/** Names the tab and describes the page, so tabs, screen readers and search results can tell pages apart. */
export function usePageMeta({ title, fullTitle, description }: PageMeta): void {
  const { t } = useLingui();
  const appName = t`Zalik`;
  const fallbackDescription = t`Timed online tests for students and tutors in Ukrainian, English, Russian and Polish.`;
  const documentTitle = fullTitle || (title ? `${title} · ${appName}` : appName);
  const content = description || fallbackDescription;

  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);

  useEffect(() => {
    descriptionTag().content = content;
  }, [content]);
}
