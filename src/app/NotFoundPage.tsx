import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'wouter';
import { useDocumentTitle } from '../shared/ui/useDocumentTitle.ts';

/** The spec's 404: "Page Not Found" and the path that was asked for. */
export function NotFoundPage() {
  const { t } = useLingui();
  const [location] = useLocation();
  useDocumentTitle(t`Page Not Found`);
  // Inside the language router the location is relative; the visitor typed the whole path.
  const requested = window.location.pathname || location;
  return (
    <section className="page page--narrow status-page" aria-labelledby="not-found-title">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{t`Page Not Found`}</h1>
      <p>
        <Trans>
          There is nothing at <code className="path">{requested}</code>.
        </Trans>
      </p>
      <p>
        <Link href="~/" className="button button--secondary">
          {t`Go to the home page`}
        </Link>
      </p>
    </section>
  );
}
