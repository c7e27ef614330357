import { lazyPage } from '../../shared/pwa/lazy-page.ts';
import type { PageProps } from '../../shared/routing/page-props.ts';
import LtiLanding from './LtiLanding.tsx';
import RegisterPage from './RegisterPage.tsx';

// The choice of a test brings the assignment form: its own chunk, loaded by teachers only.
const DeepLinkPage = lazyPage(() => import('./DeepLinkPage.tsx'));

/** `/{lang}/lti…`: a launch's landing, a teacher's deep linking choice, a dynamic registration. */
export default function LtiPages({ params }: PageProps) {
  if (params.deepLink) return <DeepLinkPage id={params.deepLink} />;
  if (params.token) return <RegisterPage token={params.token} />;
  return <LtiLanding />;
}
