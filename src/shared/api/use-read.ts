import useSWR, { type SWRConfiguration, useSWRConfig } from 'swr';
import { useLocale } from '../../i18n/locale-context.tsx';
import { useAuth } from '../auth/auth.ts';
import { swrOptions } from './swr-options.ts';

/** Who may read: anyone; a signed-in user (their own data); a signed-in tutor. */
export type Reader = 'anyone' | 'user' | 'tutor';

/**
 * The one way a page reads through SWR. The key is `[name, locale, (user id), ...parts]`: the
 * locale always (the same read in another language is another answer), the signed-in user's id
 * when the answer depends on who asks (after a sign-out and another sign-in nobody sees the previous
 * user's data), then what names the thing read. `parts` null, or nobody allowed signed in: nothing
 * is read yet. The shared options (swrOptions), then the read's own.
 */
export function useRead<T>(
  name: string,
  parts: readonly unknown[] | null,
  read: () => Promise<T>,
  { who = 'anyone', ...options }: SWRConfiguration<T> & { who?: Reader } = {},
) {
  const locale = useLocale();
  const { user } = useAuth();
  const allowed = who === 'anyone' || (user !== null && (who === 'user' || user.role === 'tutor'));
  const key = parts && allowed ? [name, locale, ...(who === 'anyone' ? [] : [user?.id]), ...parts] : null;
  return useSWR(key, read, { ...swrOptions, ...options });
}

/**
 * Reads again, wherever they are shown, the reads named `name` whose parts include `part` (in any
 * language, for the signed-in user): after an action changed what they show. It knows useRead's
 * key, so a page never spells it out.
 */
export function useReadAgain(): (name: string, part: unknown) => void {
  const { mutate } = useSWRConfig();
  return (name, part) => void mutate((key) => Array.isArray(key) && key[0] === name && key.slice(2).includes(part));
}
