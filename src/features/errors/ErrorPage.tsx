import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useLocale } from '../../i18n/locale-context.tsx';
import { absolute, paths } from '../../shared/routing/paths.ts';
import { usePageMeta } from '../../shared/seo/use-page-meta.ts';

/**
 * The error page: the status (500 unless told), "Page Not Found" for a 404 (with the path
 * that was asked for), "Internal Server Error" for anything else, and a way home.
 */
export function ErrorPage({ status = 500 }: { status?: number }) {
  const { t } = useLingui();
  const locale = useLocale();
  const notFound = status === 404;
  const heading = notFound ? t`Page Not Found` : t`Internal Server Error`;
  usePageMeta({ title: heading });
  // The whole path the visitor asked for, language prefix included.
  const requested = window.location.pathname;

  return (
    <section className="page page--narrow status-page" aria-labelledby="error-title">
      <p className="status-page__code">
        <span aria-hidden="true">{status}</span>
        <span className="visually-hidden">{t`Error ${status}`}</span>
      </p>
      <h1 id="error-title">{heading}</h1>
      {notFound ? (
        <p>
          <Trans>
            There is nothing at <code className="path">{requested}</code>. The link may be mistyped or out of date.
          </Trans>
        </p>
      ) : (
        <p>{t`Something went wrong while showing this page. Reload it, or come back in a little while.`}</p>
      )}
      <div className="status-page__actions">
        <Link href={`~${absolute(locale, paths.home('student'))}`} className="button button--primary">
          {t`Go to the home page`}
        </Link>
        {!notFound && (
          <button type="button" className="button button--secondary" onClick={() => window.location.reload()}>
            {t`Reload the page`}
          </button>
        )}
      </div>
    </section>
  );
}

export function NotFoundPage() {
  return <ErrorPage status={404} />;
}

// The shell loads it lazily: the first page of a visit rarely needs it.
export default ErrorPage;
