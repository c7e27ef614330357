import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, type ReceiptBody } from '../../../contract/receipts.ts';
import { answersDigest, receiptCode, type StoredAnswerRow, signedBy, signReceipt } from './receipt-digest.ts';

const row = (id: string, question_id: string, value: unknown, answered_at: number): StoredAnswerRow => ({
  id,
  question_id,
  value: JSON.stringify(value),
  answered_at,
});

const ROWS = [
  row('a1', 'q1', 'b', 1000),
  row('a2', 'q2', 3.5, 1100),
  row('a3', 'q1', 'c', 1200),
  row('a4', 'q3', { p1: 'x', p2: 'y' }, 1300),
];

describe('the canonical form', () => {
  it('sorts keys, drops white space, writes numbers as ECMAScript does and strings in NFC', () => {
    expect(canonicalJson({ b: 1, a: [true, null, 'x'] })).toBe('{"a":[true,null,"x"],"b":1}');
    expect(canonicalJson(1e21)).toBe('1e+21');
    expect(canonicalJson(0.1 + 0.2)).toBe('0.30000000000000004');
    expect(canonicalJson(-0)).toBe('0');
    expect(canonicalJson(2.5)).toBe(canonicalJson(2.5));
    // "й" typed as one letter, or as "и" with a combining breve: the same text.
    expect(canonicalJson('\u0439')).toBe(canonicalJson('\u0438\u0306'));
    expect(canonicalJson({ 'e\u0301': 1 })).toBe(canonicalJson({ '\u00e9': 1 }));
    expect(() => canonicalJson(Number.NaN)).toThrow();
    expect(() => canonicalJson(Number.POSITIVE_INFINITY)).toThrow();
  });
});

describe('the answers’ digest', () => {
  it('is the same whatever order the answers were stored or read in', () => {
    const once = answersDigest(ROWS);
    expect(answersDigest([...ROWS].reverse())).toEqual(once);
    expect(answersDigest([ROWS[2], ROWS[0], ROWS[3], ROWS[1]] as StoredAnswerRow[])).toEqual(once);
    expect(once.count).toBe(4);
    expect(once.questions.map((q) => q.q)).toEqual(['q1', 'q2', 'q3']);
  });

  it('reads a value as its JSON: the same text composed differently, or a number written differently, is the same answer', () => {
    const composed = answersDigest([row('a1', 'q1', 'Київ', 1000)]);
    // "ї" as one letter, or as "і" and a combining diaeresis.
    const decomposed = answersDigest([row('a1', 'q1', 'Ки\u0456\u0308в', 1000)]);
    expect('Ки\u0456\u0308в').not.toBe('Київ');
    expect(decomposed).toEqual(composed);
    const written = answersDigest([{ id: 'a1', question_id: 'q1', value: '2.50', answered_at: 1000 }]);
    expect(written).toEqual(answersDigest([row('a1', 'q1', 2.5, 1000)]));
    expect(answersDigest([row('a1', 'q1', '2.5', 1000)])).not.toEqual(written);
  });

  it('changes one question’s hash for an answer changed, lost or stored later, and no other', () => {
    const before = answersDigest(ROWS);
    const hashes = (d: typeof before) => new Map(d.questions.map(({ q, h }) => [q, h]));
    const changed = answersDigest(ROWS.map((r) => (r.id === 'a2' ? row('a2', 'q2', 3.6, 1100) : r)));
    expect(changed.digest).not.toBe(before.digest);
    expect(hashes(changed).get('q2')).not.toBe(hashes(before).get('q2'));
    expect(hashes(changed).get('q1')).toBe(hashes(before).get('q1'));
    // An earlier value lost: the question's hash changes though its latest answer is the same.
    const lost = answersDigest(ROWS.filter((r) => r.id !== 'a1'));
    expect(hashes(lost).get('q1')).not.toBe(hashes(before).get('q1'));
    const later = answersDigest([...ROWS, row('a5', 'q3', { p1: 'x', p2: 'y' }, 1400)]);
    expect(hashes(later).get('q3')).not.toBe(hashes(before).get('q3'));
    expect(later.count).toBe(5);
  });
});

describe('signing', () => {
  const body: ReceiptBody = {
    v: 1,
    server: 'https://zalik.example',
    kid: 'r-1',
    attempt: '00000000-0000-4000-8000-000000000001',
    lesson: 'triangles',
    version: 3,
    assignment: null,
    started_at: 1000,
    deadline: 61_000,
    finished_at: 50_000,
    signed_at: 50_001,
    answers: answersDigest(ROWS),
    score: 2.5,
    max_score: 4,
  };

  it('checks with the key that signed, and with no other; any change to what is signed fails', () => {
    const one = generateKeyPairSync('ed25519');
    const two = generateKeyPairSync('ed25519');
    const receipt = signReceipt(body, one.privateKey);
    expect(receipt.sig).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect(signedBy(receipt, one.publicKey)).toBe(true);
    expect(signedBy(receipt, two.publicKey)).toBe(false);
    expect(signedBy({ ...receipt, score: 4 }, one.publicKey)).toBe(false);
    expect(signedBy({ ...receipt, answers: { ...receipt.answers, count: 3 } }, one.publicKey)).toBe(false);
    // Keys in another order are the same receipt: it is the canonical form that is signed.
    const reordered = JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(receipt).reverse())));
    expect(signedBy(reordered, one.publicKey)).toBe(true);
    expect(receiptCode(receipt)).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(receiptCode(receipt)).toBe(receiptCode(reordered));
  });
});
