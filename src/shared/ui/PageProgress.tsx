import { useLingui } from '@lingui/react/macro';

/** The thin bar at the top while a page's code is on its way. */
export function PageProgress() {
  const { t } = useLingui();
  return <div className="page-progress" role="progressbar" aria-label={t`Loading page`} />;
}
