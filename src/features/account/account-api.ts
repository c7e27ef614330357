import useSWR from 'swr';
import { Done } from '../../../contract/auth.ts';
import { API, AUTH_API } from '../../../contract/paths.ts';
import { CompletedTestDetail, CompletedTestList, GroupedDetails } from '../../../contract/profile.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { getJson, hasStatus } from '../../shared/api/index.ts';
import { postJson } from '../../shared/api/post-json.ts';
import { swrOptions } from '../../shared/api/swr-options.ts';
import { useAuth } from '../../shared/auth/auth.ts';

// Keys carry the user: after a sign-out and another sign-in nobody sees the previous user's data.
function useUserKey(): string | null {
  return useAuth().user?.id ?? null;
}

/** How often a result whose finish is still on its way is asked for again. */
export const PENDING_RESULT_RETRY_MS = 3000;

export function useCompletedTests() {
  const locale = useLocale();
  const user = useUserKey();
  return useSWR(
    user ? ['completed-tests', user, locale] : null,
    () => getJson(API.completedTests, CompletedTestList),
    swrOptions,
  );
}

export function useCompletedTest(uuid: string) {
  const locale = useLocale();
  const user = useUserKey();
  return useSWR(
    user ? ['completed-test', user, locale, uuid] : null,
    () => getJson(API.completedTest(uuid), CompletedTestDetail),
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
    () => getJson(API.groupedDetails(uuid), GroupedDetails, { group_id: blockId }),
    swrOptions,
  );
}

export const resendConfirmation = () => postJson(AUTH_API.resendConfirmation, Done, {});
