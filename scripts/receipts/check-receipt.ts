/**
 * `npm run receipt:check -- <receipt.json> [--keys <file or URL>] [--offline]`: checks a Zalik
 * receipt without the app (docs/receipts.md). The signature is checked here, with the server's
 * published keys (its `/v1/public/receipt-keys`, or a key set saved earlier with --keys); then,
 * unless --offline, the server is asked whether what it stores still matches. Exit status 0 when
 * the signature holds and (online) the answers match; 1 otherwise; 2 for a file that is no receipt.
 */
import { createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { is } from 'superstruct';
import { Receipt, type ReceiptCheck, ReceiptKeySet } from '../../contract/receipts.ts';
import { signedBy } from '../../server/services/receipts/receipt-digest.ts';

export interface CheckOptions {
  keys?: string;
  offline?: boolean;
}

async function readKeys(source: string): Promise<unknown> {
  if (/^https?:\/\//.test(source)) {
    const res = await fetch(source);
    if (!res.ok) throw new Error(`${source} answered ${res.status}`);
    return ((await res.json()) as { data?: unknown }).data;
  }
  const parsed = JSON.parse(readFileSync(source, 'utf8')) as { data?: unknown };
  return parsed.data ?? parsed;
}

/** The lines the command prints, and its exit status. */
export async function checkReceiptFile(
  path: string,
  options: CheckOptions = {},
): Promise<{ lines: string[]; status: number }> {
  let receipt: unknown;
  try {
    receipt = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    return { lines: [`${path}: not JSON (${(error as Error).message})`], status: 2 };
  }
  if (!is(receipt, Receipt)) return { lines: [`${path}: not a Zalik receipt`], status: 2 };
  const lines = [
    `Attempt ${receipt.attempt} of ${receipt.lesson}${receipt.assignment ? ` (${receipt.assignment})` : ''}`,
    `Finished ${new Date(receipt.finished_at).toISOString()}, signed ${new Date(receipt.signed_at).toISOString()} by ${receipt.server}`,
    `${receipt.answers.count} answers stored, digest ${receipt.answers.digest}`,
  ];
  if (receipt.score !== null) lines.push(`Score ${receipt.score} of ${receipt.max_score}`);
  const keySet = await readKeys(options.keys ?? `${receipt.server}/v1/public/receipt-keys`);
  if (!is(keySet, ReceiptKeySet)) return { lines: [...lines, 'The key set read is not a receipt key set'], status: 1 };
  const jwk = keySet.keys.find((key) => key.kid === receipt.kid);
  if (!jwk) return { lines: [...lines, `NOT SIGNED BY THIS SERVER: no key ${receipt.kid} in its key set`], status: 1 };
  if (!signedBy(receipt, createPublicKey({ key: jwk, format: 'jwk' })))
    return {
      lines: [...lines, 'NOT SIGNED BY THIS SERVER: the signature does not hold (the receipt was changed)'],
      status: 1,
    };
  lines.push(`Signature: valid (key ${receipt.kid})`);
  if (options.offline) return { lines, status: 0 };
  const res = await fetch(`${receipt.server}/v1/public/receipts/check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ receipt }),
  });
  if (!res.ok) return { lines: [...lines, `The server answered ${res.status}`], status: 1 };
  const check = ((await res.json()) as { data: ReceiptCheck }).data;
  if (check.stored === 'matches') lines.push('Stored answers: MATCH the receipt');
  else if (check.stored === 'gone') lines.push('Stored answers: the attempt is no longer stored');
  else {
    lines.push('Stored answers: DIFFER from the receipt');
    for (const d of check.differences) lines.push(`  question ${d.number ?? d.question}: ${d.change}`);
  }
  if (check.score_changed) lines.push(`Score changed since (hand marks or a re-score): now ${check.score_now}`);
  return { lines, status: check.stored === 'matches' ? 0 : 1 };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const file = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--keys');
  if (!file) {
    console.error('usage: npm run receipt:check -- <receipt.json> [--keys <file or URL>] [--offline]');
    process.exit(2);
  }
  const keysAt = args.indexOf('--keys');
  const { lines, status } = await checkReceiptFile(file, {
    ...(keysAt >= 0 && args[keysAt + 1] ? { keys: args[keysAt + 1] as string } : {}),
    offline: args.includes('--offline'),
  });
  for (const line of lines) console.log(line);
  process.exit(status);
}
