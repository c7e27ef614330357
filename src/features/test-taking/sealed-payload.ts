/**
 * A test's questions before its start: the preview fetches the version's sealed payload, which the
 * service worker keeps (it never changes at its address); the start's answer brings the key. The
 * test then needs nothing more from the network to show every question, however many takers start
 * in the same second, and nobody could read the questions before starting.
 */
import * as sessions from '../../../contract/endpoints/sessions.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { PayloadKey, TakerBlock } from '../../../contract/online.ts';
import { inAttemptOrder, openSealedPayload } from '../../../contract/sealed-payload.ts';
import { api } from '../../shared/api/index.ts';

function fetchPayload(version: number, locale: Locale) {
  return api(sessions.payload, { params: { version: String(version), locale } });
}

/** Fetched while the taker reads the rules: a failure here only means the blocks are fetched after the start. */
export function prefetchPayload(version: number, locale: Locale): void {
  fetchPayload(version, locale).catch(() => undefined);
}

/** Every block of the attempt, in its own order, from the kept payload (or fetched now). */
export async function blocksFromPayload(key: PayloadKey, locale: Locale): Promise<TakerBlock[]> {
  return inAttemptOrder(await openSealedPayload(await fetchPayload(key.version, locale), key), key.order);
}
