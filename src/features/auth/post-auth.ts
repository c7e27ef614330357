import { findStoredSessionByUuid } from '../test-taking/resume/stored-session.ts';
import { authApi } from './auth-api.ts';
import { ACTION_KEY, BIND_TEST_ACTION, forgetPostAuthAction, PASSED_TEST_KEY } from './keep-result.ts';

/**
 * - `linked`: the stored result now belongs to the account, which is next;
 * - `no-action`: nothing was stored: the account (or the page asked for) is next;
 * - `nothing`: the bind action without a stored result: nothing happens.
 */
export type PostAuthOutcome = 'linked' | 'no-action' | 'nothing';

export class UnknownPostAuthAction extends Error {
  override readonly name = 'UnknownPostAuthAction';
}

/**
 * The action stored before a sign-in, run after it: the one known is linking the anonymous result
 * just taken to the account. Linking needs the anonymous session's token, the proof
 * that this browser took the test. Any other stored action is refused (and forgotten, so it does
 * not fail every later sign-in too).
 */
export async function runPostAuthAction(link = authApi.linkTest): Promise<PostAuthOutcome> {
  const action = localStorage.getItem(ACTION_KEY);
  if (action === null) return 'no-action';
  if (action !== BIND_TEST_ACTION) {
    localStorage.removeItem(ACTION_KEY);
    throw new UnknownPostAuthAction(`Unknown action after sign-in: ${action}`);
  }
  const uuid = localStorage.getItem(PASSED_TEST_KEY);
  if (!uuid) return 'nothing';
  const session = findStoredSessionByUuid(uuid);
  if (!session) {
    forgetPostAuthAction();
    throw new Error(`This browser has no token for the test ${uuid}, so it cannot be linked`);
  }
  await link(uuid, session.api_token);
  forgetPostAuthAction();
  return 'linked';
}
