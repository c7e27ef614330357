import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { isApiError } from '../../shared/api/index.ts';
import { usePageMeta } from '../../shared/seo/use-page-meta.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { ltiApi } from './lti-api.ts';

type Outcome = { name: string } | { failure: unknown } | null;

/** LTI Dynamic Registration §3.6: the registration window tells the platform it may close. */
function tellPlatformDone() {
  const platform = window.opener ?? (window.parent !== window ? window.parent : null);
  platform?.postMessage({ subject: 'org.imsglobal.lti.close' }, '*');
}

/**
 * `/{lang}/lti?register={token}`: the dynamic registration address a Zalik administrator made, as a
 * platform opens it (with `openid_configuration` and `registration_token` added). Zalik registers
 * itself with the platform, says so, and tells the platform it is done.
 */
export default function RegisterPage({ token }: { token: string }) {
  const { t } = useLingui();
  const query = new URLSearchParams(useSearch());
  const configuration = query.get('openid_configuration');
  const registrationToken = query.get('registration_token');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [attempt, setAttempt] = useState(0);
  usePageMeta({ title: t`Registering Zalik with your learning platform` });

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per try.
  useEffect(() => {
    if (!configuration) return;
    let live = true;
    ltiApi
      .register({
        token,
        openid_configuration: configuration,
        ...(registrationToken ? { registration_token: registrationToken } : {}),
      })
      .then(
        ({ platform }) => {
          if (!live) return;
          setOutcome({ name: platform.name });
          tellPlatformDone();
        },
        (failure) => live && setOutcome({ failure }),
      );
    return () => {
      live = false;
    };
  }, [attempt]);

  let body = <LoadingState label={t`Registering…`} />;
  if (!configuration) {
    body = (
      <p className="notice notice--info">
        {t`This address registers Zalik with a learning platform: paste it into the platform’s tool registration (LTI Advantage dynamic registration).`}
      </p>
    );
  } else if (outcome && 'name' in outcome) {
    const platform = outcome.name;
    body = (
      <p className="notice notice--success" role="status">
        {t`Zalik is registered with ${platform}. You may close this window.`}
      </p>
    );
  } else if (outcome) {
    const failure = outcome.failure;
    body = (
      <ErrorState
        error={failure}
        {...(isApiError(failure) && failure.message ? { message: failure.message } : {})}
        onRetry={() => {
          setOutcome(null);
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <h1 id="page-title">{t`Registering Zalik with your learning platform`}</h1>
      {body}
    </section>
  );
}
