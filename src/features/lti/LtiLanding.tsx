import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { LaunchDestination } from '../../../contract/lti.ts';
import { isApiError } from '../../shared/api/index.ts';
import { auth } from '../../shared/auth/auth.ts';
import { assignmentPaths } from '../../shared/routing/assignment-paths.ts';
import { paths } from '../../shared/routing/paths.ts';
import { usePageMeta } from '../../shared/seo/use-page-meta.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { isLaunchRefusal, refusalText } from './launch-refusals.ts';
import { ltiApi } from './lti-api.ts';

// A code is used once: StrictMode's second effect run must not send it again.
const traded = new Set<string>();

/** Inside another site's frame (a platform that embeds its activities), or its own window. */
function framed(): boolean {
  try {
    return window.top !== window.self;
  } catch {
    return true;
  }
}

export const destinationPath = (destination: LaunchDestination): string =>
  destination.kind === 'assignment'
    ? paths.assignment(destination.code)
    : destination.kind === 'monitor'
      ? assignmentPaths.assignment(destination.assignment_id)
      : `/lti?${new URLSearchParams({ 'deep-link': destination.request })}`;

/**
 * `/{lang}/lti`: where a launch from a learning platform arrives. With `?refused=`, why it was
 * refused and what to do. With a one-use code in the fragment: in a window of its own, the code is
 * traded for the account's tokens and the page goes on to the assignment, its monitor, or the choice
 * of a test to add; inside the platform's frame, Zalik offers to open in a window of its own, so that
 * a test taken offline keeps its answers in that window's own storage.
 */
export default function LtiLanding() {
  const { t, i18n } = useLingui();
  const refused = new URLSearchParams(useSearch()).get('refused');
  const [, navigate] = useLocation();
  const [failure, setFailure] = useState<unknown>(null);
  const code = window.location.hash.slice(1);
  const inFrame = framed();
  usePageMeta({ title: t`Opening Zalik from your course` });

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per code.
  useEffect(() => {
    if (refused || inFrame || !/^[\w-]{43}$/.test(code) || traded.has(code)) return;
    traded.add(code);
    (async () => {
      try {
        const handoff = await ltiApi.handoff(code);
        await auth.signIn(handoff.tokens);
        // The code is spent: it leaves the address bar and the history.
        history.replaceState(history.state, '', window.location.pathname);
        navigate(destinationPath(handoff.destination), { replace: true });
      } catch (error) {
        setFailure(error);
      }
    })();
  }, [code]);

  const title = <h1 id="page-title">{t`Opening Zalik from your course`}</h1>;
  let body: ReactNode;
  if (isLaunchRefusal(refused)) {
    body = (
      <div className="notice notice--error" role="alert">
        <p>{t`Zalik could not open this activity.`}</p>
        <p>{refusalText(i18n, refused)}</p>
      </div>
    );
  } else if (inFrame) {
    body = (
      <div className="notice notice--info">
        <p>{t`Zalik opens in a window of its own, so that a test keeps every answer even when the connection drops.`}</p>
        <a className="button button--primary button--large" href={window.location.href} target="_blank" rel="noopener">
          {t`Open Zalik`}
        </a>
      </div>
    );
  } else if (failure !== null || !code) {
    const message = isApiError(failure) && failure.message ? failure.message : undefined;
    body = (
      <ErrorState
        error={failure}
        message={message ?? (code ? undefined : t`Open the activity again from your course.`)}
      />
    );
  } else {
    body = <LoadingState label={t`Signing you in…`} />;
  }
  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      {title}
      {body}
    </section>
  );
}
