import useSWR from 'swr';
import { Done } from '../../../contract/auth.ts';
import { API, AUTH_API } from '../../../contract/paths.ts';
import { CompletedTestDetail, CompletedTestList, GroupedDetails } from '../../../contract/profile.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { getJson } from '../../shared/api/index.ts';
import { postJson } from '../../shared/api/post-json.ts';
import { useAuth } from '../../shared/auth/auth.ts';

// Keys carry the user: after a sign-out and another sign-in nobody sees the previous user's data.
function useUserKey(): string | null {
  return useAuth().user?.id ?? null;
}

export function useCompletedTests() {
  const locale = useLocale();
  const user = useUserKey();
  return useSWR(user ? ['completed-tests', user, locale] : null, () => getJson(API.completedTests, CompletedTestList));
}

export function useCompletedTest(uuid: string) {
  const locale = useLocale();
  const user = useUserKey();
  return useSWR(user ? ['completed-test', user, locale, uuid] : null, () =>
    getJson(API.completedTest(uuid), CompletedTestDetail),
  );
}

/** One block's questions with the given and correct answers. */
export function useGroupedDetails(uuid: string, blockId: string) {
  const locale = useLocale();
  const user = useUserKey();
  return useSWR(user ? ['grouped-details', user, locale, uuid, blockId] : null, () =>
    getJson(API.groupedDetails(uuid), GroupedDetails, { group_id: blockId }),
  );
}

export const resendConfirmation = () => postJson(AUTH_API.resendConfirmation, Done, {});
