import { Suspense, useEffect, useSyncExternalStore } from 'react';
import { useSearchParams } from 'wouter';
import { AuthModals } from '../features/auth/auth-modals-loader.ts';
import { useAuth } from '../shared/auth/auth.ts';
import { authModals } from '../shared/auth/auth-modal-store.ts';
import { ProgressWhileMounted } from '../shared/progress/PageProgress.tsx';
import { ErrorBoundary } from '../shared/ui/ErrorBoundary.tsx';

/**
 * Where the auth modals live: nothing until one is asked for. `?auth=login` (or `register`) in
 * the URL opens one: that is the "login page" the account area sends visitors to.
 */
export function AuthModalHost() {
  const { wanted } = useSyncExternalStore(authModals.subscribe, authModals.getState, authModals.getState);
  const { status } = useAuth();
  const [search] = useSearchParams();
  const asked = search.get('auth');

  useEffect(() => {
    if (status === 'unauthenticated' && (asked === 'login' || asked === 'register')) authModals.open(asked);
  }, [asked, status]);

  if (!wanted) return null;
  return (
    <ErrorBoundary>
      <Suspense fallback={<ProgressWhileMounted />}>
        <AuthModals />
      </Suspense>
    </ErrorBoundary>
  );
}
