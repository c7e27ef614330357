/**
 * Keys of request limits that come from what a caller typed (an e-mail address): a bounded hash of
 * the normalized value, so that a 256 KB address is a 22-character key like any other, in memory
 * and in Redis, and no address is stored in clear there.
 */
import { createHash } from 'node:crypto';
import { emailKey } from '../accounts/accounts.ts';

function hashedKey(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 22);
}

/** The key of an e-mail address found in a request body, checked or not (it may be anything). */
export function addressKey(body: unknown): string {
  const email = (body as { email?: unknown } | null)?.email;
  return hashedKey(typeof email === 'string' ? emailKey(email) : '');
}
