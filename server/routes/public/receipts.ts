import type { FastifyInstance } from 'fastify';
import { isTokenQuery, isUuidParams } from '../../../contract/answer-guards.ts';
import * as receipts from '../../../contract/endpoints/receipts.ts';
import { HttpError } from '../../http-error.ts';
import { phrase } from '../../i18n/messages.ts';
import { serve } from '../serve.ts';

/** Signed receipts: an attempt's own, the keys that check them, a check, a claim into an account. */
export default async function receiptRoutes(app: FastifyInstance) {
  serve(app, receipts.receipt, {
    fast: { params: isUuidParams, query: isTokenQuery },
    handle: async ({ session }) => {
      const signed = await app.receipts.of(session);
      if (!signed) throw new HttpError(409, phrase('resultsNotReady'));
      return signed;
    },
  });

  serve(app, receipts.receiptKeys, {
    handle: async () => app.receipts.keySet(),
  });

  serve(app, receipts.checkReceipt, {
    handle: async ({ body }) => app.receipts.check(body.receipt),
  });

  serve(app, receipts.checkReceiptCode, {
    handle: async ({ params, query }) => app.receipts.checkByCode(params.attempt, query.code),
  });

  serve(app, receipts.claimAttempt, {
    handle: async ({ caller, body }) => {
      const session = await app.receipts.claim(body.receipt, caller.user.id);
      return { uuid: session.uuid, status: session.status };
    },
  });
}
