import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { formatDateTime } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { useAction } from '../../shared/forms/use-action.ts';
import { usePageMeta } from '../../shared/seo/use-page-meta.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { TableScroll } from '../../shared/ui/TableScroll.tsx';
import { ManualPlatformForm } from './ManualPlatformForm.tsx';
import { changePlatform, newRegistrationLink, usePlatforms } from './platforms-api.ts';

/**
 * `/{lang}/lti?platforms`: the learning platforms Zalik is registered with, for the administrators
 * the server names (LTI_ADMINS): each turned off or on; a one-use dynamic registration address; the
 * addresses a platform is given; the manual registration for a platform without dynamic registration.
 */
export default function PlatformsPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const platforms = usePlatforms();
  const { busy, run } = useAction();
  const [link, setLink] = useState<{ url: string; expires_at: number } | null>(null);
  usePageMeta({ title: t`Learning platforms (LTI)` });
  const heading = <h1 id="page-title">{t`Learning platforms (LTI)`}</h1>;
  if (!platforms.data) {
    return (
      <section className="page" aria-labelledby="page-title">
        {heading}
        {platforms.error ? <ErrorState error={platforms.error} onRetry={() => platforms.mutate()} /> : <LoadingState />}
      </section>
    );
  }
  const { tool } = platforms.data;
  const toggle = (id: string, enabled: boolean) =>
    run(() => changePlatform(id, { enabled }), {
      done: enabled ? t`The registration is on.` : t`The registration is off: its launches are refused.`,
      after: () => platforms.mutate(),
    });
  const rows: [string, string][] = [
    [t`Tool URL, target link URI, redirect URI`, tool.launch_url],
    [t`Initiate login URL`, tool.login_url],
    [t`Public keyset URL`, tool.jwks_url],
    [t`Deep linking URL`, tool.deep_linking_url],
    [t`Canvas’s JSON configuration`, tool.canvas_configuration_url],
  ];
  return (
    <section className="page platforms-page" aria-labelledby="page-title">
      {heading}
      {platforms.data.platforms.length === 0 ? (
        <p>{t`No platform is registered yet.`}</p>
      ) : (
        <TableScroll label={t`Registered platforms`}>
          <table className="data-table">
            <caption className="visually-hidden">{t`Registered platforms`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Name`}</th>
                <th scope="col">{t`Issuer`}</th>
                <th scope="col">{t`Client ID`}</th>
                <th scope="col">{t`Deployments`}</th>
                <th scope="col">{t`State`}</th>
              </tr>
            </thead>
            <tbody>
              {platforms.data.platforms.map(({ name, ...p }) => (
                <tr key={p.id} data-testid="platform-row">
                  <th scope="row">{name}</th>
                  <td>{p.issuer}</td>
                  <td>{p.client_id}</td>
                  <td>{p.deployments.join(', ') || '—'}</td>
                  <td>
                    {p.enabled ? t`On` : t`Off`}{' '}
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={busy}
                      onClick={() => toggle(p.id, !p.enabled)}
                    >
                      {p.enabled ? t`Turn off ${name}` : t`Turn on ${name}`}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <section aria-labelledby="dynamic-title">
        <h2 id="dynamic-title">{t`Dynamic registration`}</h2>
        <p>{t`For Moodle and other platforms with LTI Advantage dynamic registration: paste this address as the tool's URL. It works once, for an hour.`}</p>
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={async () => setLink((await run(newRegistrationLink)) ?? null)}
        >
          {t`Make a registration address`}
        </button>
        {link && <RegistrationLink url={link.url} until={formatDateTime(locale, link.expires_at)} />}
      </section>
      <section aria-labelledby="tool-title">
        <h2 id="tool-title">{t`Zalik’s addresses for a platform`}</h2>
        <dl className="platforms-page__tool">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>
                <code>{value}</code>
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <ManualPlatformForm added={() => platforms.mutate()} />
    </section>
  );
}

function RegistrationLink({ url, until }: { url: string; until: string }) {
  const { t } = useLingui();
  return (
    <p data-testid="registration-link">
      <code>{url}</code> {t`(works until ${until})`}
    </p>
  );
}
