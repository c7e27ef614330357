import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';

/** Names the browser tab after the page, so tabs and screen readers can tell pages apart. */
export function useDocumentTitle(title: string | null | undefined): void {
  const { t } = useLingui();
  const appName = t`Zalik`;
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}
