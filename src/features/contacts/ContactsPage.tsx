import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { type SocialNetwork, site } from '../../config/site.ts';
import { usePageMeta } from '../../shared/seo/use-page-meta.ts';
import { SocialIcon } from './SocialIcon.tsx';

/** The networks' own names; a catalog entry each, so a translator can transliterate one if the language does. */
function networkName(i18n: I18n, network: SocialNetwork): string {
  const names: Record<SocialNetwork, string> = {
    facebook: i18n._(msg`Facebook`),
    instagram: i18n._(msg`Instagram`),
    youtube: i18n._(msg`YouTube`),
    twitter: i18n._(msg`Twitter`),
    telegram: i18n._(msg`Telegram`),
  };
  return names[network];
}

/** `/{lang}/contacts`: the address to write to and the networks Zalik is on, all from `src/config/site.ts`. */
export default function ContactsPage() {
  const { t, i18n } = useLingui();
  const title = t`Contacts`;
  const lead = t`Questions about a test, an idea for a new one, or found a mistake? Write to us: a person reads every message.`;
  usePageMeta({ title, description: lead });
  const email = site.contactEmail;

  return (
    <section className="page page--narrow contacts" aria-labelledby="page-title">
      <header className="page__header">
        <h1 id="page-title">{title}</h1>
        <p className="page__lead">{lead}</p>
      </header>

      <section className="contact-card" aria-labelledby="mail-title">
        <h2 id="mail-title" className="section-title">
          {t`E-mail`}
        </h2>
        <p>
          <a className="contact-card__mail" href={`mailto:${email}`}>
            {email}
          </a>
        </p>
        <p className="muted">{t`We answer on working days, usually within two days.`}</p>
      </section>

      <section aria-labelledby="social-title">
        <h2 id="social-title" className="section-title">
          {t`Zalik elsewhere`}
        </h2>
        <ul className="social-list">
          {site.social.map(([network, url]) => {
            const name = networkName(i18n, network);
            return (
              <li key={network}>
                <a className="social-list__link" href={url} rel="noopener noreferrer">
                  <SocialIcon network={network} />
                  <span>{name}</span>
                </a>
              </li>
            );
          })}
        </ul>
      </section>
    </section>
  );
}
