/** Session storage keys of the action to run after a sign-in, and the one action known: keep the result just taken. Tiny: the results page imports it. */
export const ACTION_KEY = 'actionAfterAuth';
export const PASSED_TEST_KEY = 'passedTestUUID';
export const BIND_TEST_ACTION = 'BIND_TEST_TO_USER_AND_REDIRECT_TO_PROFILE';

/** Asked for before sign-in: once signed in, link this anonymous result to the account. */
export function keepResultAfterAuth(uuid: string): void {
  localStorage.setItem(ACTION_KEY, BIND_TEST_ACTION);
  localStorage.setItem(PASSED_TEST_KEY, uuid);
}

export function forgetPostAuthAction(): void {
  localStorage.removeItem(ACTION_KEY);
  localStorage.removeItem(PASSED_TEST_KEY);
}
