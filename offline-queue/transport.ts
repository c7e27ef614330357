/**
 * The writes of the offline queue, through the same client as every other call (api-client),
 * so the service worker makes them exactly as the page does. The token goes in the query, like
 * every call of a test session; the language is the one the queued entries were made in.
 */
import { type ApiCall, createApiClient } from '../api-client/call.ts';
import { LANGUAGE_HEADER } from '../contract/endpoint.ts';
import { answer, finish, signals } from '../contract/endpoints/sessions.ts';
import type { Locale } from '../contract/locale.ts';
import type { AnswerBatchReceipt, AnswerItem, FinishReceipt } from '../contract/online.ts';
import type { SignalItem, SignalReceipt } from '../contract/signals.ts';

export interface OutboxTransport {
  /**
   * `locale`: the language the taker made them in, for the server's refusals; `unsent`: how many
   * answers the device still holds for the session beyond these.
   */
  postAnswers(
    uuid: string,
    apiToken: string,
    items: AnswerItem[],
    locale?: Locale,
    unsent?: number,
  ): Promise<AnswerBatchReceipt>;
  postFinish(uuid: string, apiToken: string, reason: 'manual' | 'timeout', locale?: Locale): Promise<FinishReceipt>;
  postSignals(uuid: string, apiToken: string, signals: SignalItem[]): Promise<SignalReceipt>;
}

const languageOf = (locale: Locale | undefined) => (locale ? { [LANGUAGE_HEADER]: locale } : undefined);

function outboxTransport(call: ApiCall): OutboxTransport {
  return {
    async postAnswers(uuid, apiToken, items, locale, unsent) {
      const receipt = await call(answer, {
        params: { uuid },
        query: { api_token: apiToken, ...(unsent === undefined ? {} : { unsent: String(unsent) }) },
        body: items,
        headers: languageOf(locale),
      });
      // An array of answers is always answered item by item.
      return receipt as AnswerBatchReceipt;
    },
    postSignals(uuid, apiToken, items) {
      return call(signals, { params: { uuid }, query: { api_token: apiToken }, body: { signals: items } });
    },
    postFinish(uuid, apiToken, reason, locale) {
      return call(finish, {
        params: { uuid },
        query: { api_token: apiToken },
        body: { reason },
        headers: languageOf(locale),
      });
    },
  };
}

/** The transport to the API at `base` (the app's origin, in the page and the service worker alike). */
export function fetchTransport(base: string, fetchImpl?: typeof fetch): OutboxTransport {
  return outboxTransport(createApiClient({ base: () => base, ...(fetchImpl ? { fetch: fetchImpl } : {}) }));
}
