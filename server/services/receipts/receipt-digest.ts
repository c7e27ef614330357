/**
 * The digest a receipt signs and a check recomputes (contract/receipts.ts for the canonical form).
 * Every stored answer of the attempt counts, a changed answer's earlier values too: an answer
 * stored after the receipt, one lost, or one changed changes its question's hash. A question's
 * answers are taken in the order they were made (then by their id), so the order they were stored
 * or read in changes nothing.
 */
import { createHash, type KeyObject, sign, verify } from 'node:crypto';
import { canonicalJson, type Receipt, type ReceiptBody } from '../../../contract/receipts.ts';

export interface StoredAnswerRow {
  id: string;
  question_id: string;
  /** JSON of the value as sent. */
  value: string;
  answered_at: number;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Each answered question's hash (by question id, sorted), the list's digest and the count. */
export function answersDigest(rows: readonly StoredAnswerRow[]): ReceiptBody['answers'] {
  const byQuestion = new Map<string, StoredAnswerRow[]>();
  for (const row of rows) {
    const list = byQuestion.get(row.question_id);
    if (list) list.push(row);
    else byQuestion.set(row.question_id, [row]);
  }
  const questions = [...byQuestion.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([q, list]) => {
      const made = [...list]
        .sort((a, b) => Number(a.answered_at) - Number(b.answered_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map((row) => [row.id, Number(row.answered_at), JSON.parse(row.value) as unknown]);
      return { q, h: sha256(canonicalJson(made)) };
    });
  return { count: rows.length, digest: sha256(canonicalJson(questions)), questions };
}

export function signReceipt(body: ReceiptBody, key: KeyObject): Receipt {
  const sig = sign(null, Buffer.from(canonicalJson(body), 'utf8'), key).toString('base64url');
  return { ...body, sig };
}

/** Whether `receipt` was signed by `key` as it stands. */
export function signedBy(receipt: Receipt, key: KeyObject): boolean {
  const { sig, ...body } = receipt;
  return verify(null, Buffer.from(canonicalJson(body), 'utf8'), key, Buffer.from(sig, 'base64url'));
}

/** The receipt's short code: ten characters of its signature's hash, in Crockford's base 32, 5-5. */
export function receiptCode(receipt: Receipt): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const bytes = createHash('sha256').update(receipt.sig, 'utf8').digest();
  let bits = 0;
  let value = 0;
  let code = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && code.length < 10) {
      code += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    if (code.length >= 10) break;
  }
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}
