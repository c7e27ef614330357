/**
 * LTI_ADMINS: the accounts (by e-mail, comma-separated) that may register learning platforms, turn a
 * registration off and make dynamic registration addresses. A tutor's account only: a registration
 * lets a platform make accounts and launch into assignments, which is a school's decision, not any
 * tutor's. Empty (the default): nobody, so no platform can be added and LTI stays off.
 */
import { EMAIL } from '../contract/auth.ts';

type Env = Record<string, string | undefined>;

export function ltiAdminsOf(env: Env, problems: string[]): string[] {
  const admins = (env.LTI_ADMINS ?? '')
    .split(',')
    .map((address) => address.trim().toLowerCase())
    .filter(Boolean);
  for (const address of admins) {
    if (!EMAIL.test(address)) problems.push(`LTI_ADMINS must list e-mail addresses, got "${address}"`);
  }
  return admins;
}
