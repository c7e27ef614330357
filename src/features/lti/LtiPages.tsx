import { useSearch } from 'wouter';
import { lazyPage } from '../../shared/pwa/lazy-page.ts';
import LtiLanding from './LtiLanding.tsx';
import RegisterPage from './RegisterPage.tsx';

// The choice of a test brings the assignment form: its own chunk, loaded by teachers only.
const DeepLinkPage = lazyPage(() => import('./DeepLinkPage.tsx'));
// The registrations, for the administrators the server names.
const PlatformsPage = lazyPage(() => import('../lti-platforms/PlatformsPage.tsx'));

/**
 * `/{lang}/lti`: a launch's landing (`?refused=`, or a code in the fragment), a teacher's deep
 * linking choice (`?deep-link=`), a dynamic registration (`?register=`, the platform adding its own),
 * the registrations themselves (`?platforms`).
 */
export default function LtiPages() {
  const query = new URLSearchParams(useSearch());
  const deepLink = query.get('deep-link');
  const register = query.get('register');
  if (deepLink) return <DeepLinkPage id={deepLink} />;
  if (register) return <RegisterPage token={register} />;
  if (query.has('platforms')) return <PlatformsPage />;
  return <LtiLanding />;
}
