import { auth } from '../../shared/auth/auth.ts';
import { paths } from '../../shared/routing/paths.ts';

/**
 * Where a finished taker goes: a signed-in one to the result in their account (the test is theirs
 * from its start), anyone else to the results preview, which the session's api_token opens.
 */
export function resultsPathAfterFinish(uuid: string, apiToken: string): string {
  return auth.getState().status === 'authenticated' ? paths.passedTest(uuid) : paths.results(uuid, apiToken);
}
