import useSWR from 'swr';
import { resendConfirmation as resend } from '../../../contract/endpoints/auth.ts';
import * as profile from '../../../contract/endpoints/profile.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { api, hasStatus } from '../../shared/api/index.ts';
import { swrOptions } from '../../shared/api/swr-options.ts';
import { useAuth } from '../../shared/auth/auth.ts';

// Keys carry the user: after a sign-out and another sign-in nobody sees the previous user's data.
function useUserKey(): string | null {
  return useAuth().user?.id ?? null;
}

/** How often a result whose finish is still on its way is asked for again. */
const PENDING_RESULT_RETRY_MS = 3000;

export function useCompletedTests() {
  const locale = useLocale();
  const user = useUserKey();
  return useSWR(user ? ['completed-tests', user, locale] : null, () => api(profile.completedTests), swrOptions);
}

export function useCompletedTest(uuid: string) {
  const locale = useLocale();
  const user = useUserKey();
  return useSWR(
    user ? ['completed-test', user, locale, uuid] : null,
    () => api(profile.completedTest, { params: { id: uuid } }),
    {
      ...swrOptions,
      // 409: the test is ours but its finish has not reached the server yet (the taker's outbox
      // sends it); asked again every few seconds for a few minutes, the page then fills in by itself.
      shouldRetryOnError: (error: unknown) => hasStatus(error, 409),
      errorRetryInterval: PENDING_RESULT_RETRY_MS,
      errorRetryCount: 100,
    },
  );
}

/** One block's questions with the given and correct answers. */
export function useGroupedDetails(uuid: string, blockId: string) {
  const locale = useLocale();
  const user = useUserKey();
  return useSWR(
    user ? ['grouped-details', user, locale, uuid, blockId] : null,
    () => api(profile.groupedDetails, { params: { id: uuid }, query: { group_id: blockId } }),
    swrOptions,
  );
}

export const resendConfirmation = () => api(resend, { body: {} });
