import { auth } from '../../shared/auth/auth.ts';
import { paths } from '../../shared/routing/paths.ts';

/**
 * Where a finished taker goes: a signed-in one to the result in their account (the test is theirs
 * from its start), anyone else, and a tutor's preview (never in an account), to the results preview,
 * which the session's api_token opens.
 */
export function resultsPathAfterFinish(uuid: string, apiToken: string, preview = false): string {
  return auth.getState().status === 'authenticated' && !preview
    ? paths.passedTest(uuid)
    : paths.results(uuid, apiToken);
}
