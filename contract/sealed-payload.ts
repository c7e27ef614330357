/**
 * Opening a sealed payload (`SealedPayload`, contract/online.ts) with the key a start hands out:
 * AES-256-GCM through WebCrypto, which browsers, their workers and Node all have. The tag makes a
 * wrong key or a changed byte fail loudly rather than show wrong questions.
 */
import type { BlockOrder, PayloadKey, SealedPayload, TakerBlock } from './online.ts';
import { TakerBlock as TakerBlockStruct } from './online.ts';
import { array, is } from './structs.ts';

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The blocks as written, in the payload's language; throws when the key does not open it. */
export async function openSealedPayload(payload: SealedPayload, key: PayloadKey): Promise<TakerBlock[]> {
  if (payload.version !== key.version) throw new Error('the payload is of another version than the key');
  const cryptoKey = await crypto.subtle.importKey('raw', fromBase64Url(key.key), 'AES-GCM', false, ['decrypt']);
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64Url(payload.iv) },
    cryptoKey,
    fromBase64Url(payload.sealed),
  );
  const blocks: unknown = JSON.parse(new TextDecoder().decode(plain));
  if (!is(blocks, array(TakerBlockStruct))) throw new Error('the payload holds no blocks');
  return blocks;
}

/** The blocks in the attempt's own order (a shuffled assignment's); as they are without one. */
export function inAttemptOrder(blocks: TakerBlock[], order: BlockOrder[] | undefined): TakerBlock[] {
  if (!order) return blocks;
  const orders = new Map(order.map((o) => [o.block, o]));
  return blocks.map((block) => {
    const own = orders.get(block.id);
    if (!own) return block;
    const byId = new Map(block.questions.map((q) => [q.id, q]));
    const questions = own.questions.flatMap((id) => {
      const q = byId.get(id);
      return q ? [q] : [];
    });
    return {
      ...block,
      questions: questions.map((q) => {
        const options = own.options[q.id];
        if (!options || !q.options) return q;
        const optionById = new Map(q.options.map((o) => [o.id, o]));
        return { ...q, options: options.flatMap((id) => optionById.get(id) ?? []) };
      }),
    };
  });
}
