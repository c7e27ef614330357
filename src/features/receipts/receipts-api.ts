import * as endpoints from '../../../contract/endpoints/receipts.ts';
import type { Receipt } from '../../../contract/receipts.ts';
import { api } from '../../shared/api/index.ts';

export const fetchReceipt = (uuid: string, apiToken: string) =>
  api(endpoints.receipt, { params: { uuid }, query: { api_token: apiToken } });

export const checkReceipt = (receipt: Receipt) => api(endpoints.checkReceipt, { body: { receipt } });

export const checkReceiptCode = (attempt: string, code: string) =>
  api(endpoints.checkReceiptCode, { params: { attempt }, query: { code } });

export const claimAttempt = (receipt: Receipt) => api(endpoints.claimAttempt, { body: { receipt } });
