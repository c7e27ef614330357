import { resendConfirmation as resend } from '../../../contract/endpoints/auth.ts';
import * as profile from '../../../contract/endpoints/profile.ts';
import { api, hasStatus } from '../../shared/api/index.ts';
import { useRead } from '../../shared/api/use-read.ts';

/** How often a result whose finish is still on its way is asked for again. */
const PENDING_RESULT_RETRY_MS = 3000;

export const useCompletedTests = () =>
  useRead('completed-tests', [], () => api(profile.completedTests), { who: 'user' });

export const useCompletedTest = (uuid: string) =>
  useRead('completed-test', [uuid], () => api(profile.completedTest, { params: { id: uuid } }), {
    who: 'user',
    // 409: the test is ours but its finish has not reached the server yet (the taker's outbox
    // sends it); asked again every few seconds for a few minutes, the page then fills in by itself.
    shouldRetryOnError: (error: unknown) => hasStatus(error, 409),
    errorRetryInterval: PENDING_RESULT_RETRY_MS,
    errorRetryCount: 100,
  });

/** One block's questions with the given and correct answers. */
export const useGroupedDetails = (uuid: string, blockId: string) =>
  useRead(
    'grouped-details',
    [uuid, blockId],
    () => api(profile.groupedDetails, { params: { id: uuid }, query: { group_id: blockId } }),
    { who: 'user' },
  );

export const resendConfirmation = () => api(resend, { body: {} });

/** Everything the server holds about the signed-in account, as JSON. */
export const personalData = () => api(profile.personalData);

/** Deletes the signed-in account for good; `email` is its address typed again. */
export const deleteAccount = (email: string) => api(profile.deleteAccount, { body: { email } });
