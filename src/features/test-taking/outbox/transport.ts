/**
 * The two writes of the outbox over plain fetch, so the service worker can make them too (it has
 * no ky, no React). The token goes in the query, like every call of a test session.
 */
import { create } from 'superstruct';
import type { Locale } from '../../../../contract/locale.ts';
import {
  type AnswerBatchReceipt,
  AnswerBatchReceipt as AnswerBatchReceiptStruct,
  type AnswerItem,
  type FinishReceipt,
  FinishReceipt as FinishReceiptStruct,
} from '../../../../contract/online.ts';
import { API, LANGUAGE_HEADER } from '../../../../contract/paths.ts';

/** `status` null: the request never got an answer (offline, DNS, a dropped connection). */
export class TransportError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

export interface OutboxTransport {
  /** `locale`: the language the taker made them in, for the server's refusals. */
  postAnswers(uuid: string, apiToken: string, items: AnswerItem[], locale?: Locale): Promise<AnswerBatchReceipt>;
  postFinish(uuid: string, apiToken: string, reason: 'manual' | 'timeout', locale?: Locale): Promise<FinishReceipt>;
}

async function post(
  fetchImpl: typeof fetch,
  base: string,
  path: string,
  apiToken: string,
  body: unknown,
  locale: Locale | undefined,
) {
  const url = new URL(path, base);
  url.searchParams.set('api_token', apiToken);
  let response: Response;
  try {
    response = await fetchImpl(
      new Request(url.href, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(locale ? { [LANGUAGE_HEADER]: locale } : {}),
        },
        body: JSON.stringify(body),
      }),
    );
  } catch (cause) {
    throw new TransportError(null, cause instanceof Error ? cause.message : 'network error');
  }
  let json: unknown = null;
  try {
    json = await response.json();
  } catch {
    // A proxy's HTML error page: the status says enough.
  }
  if (!response.ok) {
    const message = (json as { message?: unknown } | null)?.message;
    throw new TransportError(response.status, typeof message === 'string' ? message : `HTTP ${response.status}`);
  }
  return (json as { data?: unknown } | null)?.data;
}

export function fetchTransport(base: string, fetchImpl: typeof fetch = (...args) => fetch(...args)): OutboxTransport {
  return {
    async postAnswers(uuid, apiToken, items, locale) {
      const data = await post(fetchImpl, base, API.answer(uuid), apiToken, items, locale);
      return create(data, AnswerBatchReceiptStruct);
    },
    async postFinish(uuid, apiToken, reason, locale) {
      const data = await post(fetchImpl, base, API.finish(uuid), apiToken, { reason }, locale);
      return create(data, FinishReceiptStruct);
    },
  };
}
