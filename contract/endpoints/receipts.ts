/** Signed receipts (contract/receipts.ts): an attempt's receipt, the server's keys, a check, a claim. */
import { endpoint } from '../endpoint.ts';
import { LinkedTest } from '../profile.ts';
import {
  ClaimRequest,
  CodeCheck,
  ReceiptCheck,
  ReceiptCheckRequest,
  ReceiptCodeParams,
  ReceiptCodeQuery,
  ReceiptKeySet,
  SignedReceipt,
} from '../receipts.ts';
import { NoQuery, TokenQuery } from '../requests.ts';
import { UuidParams } from '../session-requests.ts';

export const receipt = endpoint({
  method: 'GET',
  path: '/v1/public/lessons/online/:uuid/receipt',
  params: UuidParams,
  query: TokenQuery,
  answer: SignedReceipt,
  status: 200,
  access: 'session',
  summary:
    'A finished attempt’s signed receipt: the digest of every answer stored, its times and (where shown) its score; the same one each time',
});

export const receiptKeys = endpoint({
  method: 'GET',
  path: '/v1/public/receipt-keys',
  query: NoQuery,
  answer: ReceiptKeySet,
  status: 200,
  access: 'public',
  cache: 'public',
  summary: 'Every key this server signs receipts with, retired ones too, as a JSON Web Key Set (Ed25519)',
});

export const checkReceipt = endpoint({
  method: 'POST',
  path: '/v1/public/receipts/check',
  query: NoQuery,
  body: ReceiptCheckRequest,
  answer: ReceiptCheck,
  status: 200,
  access: 'public',
  summary:
    'Whether a receipt was signed by this server, and whether the answers it stores for the attempt still match it (which questions differ)',
  note: 'anyone holding a receipt may check it',
});

export const checkReceiptCode = endpoint({
  method: 'GET',
  path: '/v1/public/receipts/:attempt',
  params: ReceiptCodeParams,
  query: ReceiptCodeQuery,
  answer: CodeCheck,
  status: 200,
  access: 'public',
  summary:
    'The receipt signed for an attempt, named by its short code (the results’ QR code), and the same check of it against what is stored',
  note: 'the code is the key: a wrong one reads as not found',
});

export const claimAttempt = endpoint({
  method: 'POST',
  path: '/v1/profile/claim-attempt',
  query: NoQuery,
  body: ClaimRequest,
  answer: LinkedTest,
  status: 200,
  access: 'user',
  summary: 'Puts an attempt taken without an account into this one, from any device, with its receipt as the proof',
  note: 'a receipt of an attempt already in another account reads as not found',
});
