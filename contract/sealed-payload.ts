/**
 * Opening a sealed payload (`SealedPayload`, contract/online.ts) with the keys a start hands out:
 * AES-256-GCM through WebCrypto, which browsers, their workers and Node all have. The tag makes a
 * wrong key or a changed byte fail loudly rather than show wrong questions. The frame opens with the
 * frame key; each question only with its own key, so an attempt reads the questions it was handed
 * keys for (a pool's drawn ones) and nothing else of the payload.
 */
import type { TakerBlock, TakerQuestion } from './online.ts';
import { TakerQuestion as TakerQuestionStruct } from './online.ts';
import type { BlockOrder, PayloadKey, SealedPart, SealedPayload } from './payload-keys.ts';
import { PayloadFrame } from './payload-keys.ts';
import { is } from './structs.ts';

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function openPart(part: SealedPart, key: string): Promise<unknown> {
  const cryptoKey = await crypto.subtle.importKey('raw', fromBase64Url(key), 'AES-GCM', false, ['decrypt']);
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64Url(part.iv) },
    cryptoKey,
    fromBase64Url(part.sealed),
  );
  return JSON.parse(new TextDecoder().decode(plain));
}

/**
 * The blocks as written, in the payload's language, holding the questions the key opens (those it
 * has no key for are left out); throws when a key does not open its part.
 */
export async function openSealedPayload(payload: SealedPayload, key: PayloadKey): Promise<TakerBlock[]> {
  if (payload.version !== key.version) throw new Error('the payload is of another version than the key');
  if (!key.questions) throw new Error('the key names no question (a key of an older server)');
  const frame = await openPart(payload.frame, key.key);
  if (!is(frame, PayloadFrame)) throw new Error('the payload holds no blocks');
  const opened = new Map<string, TakerQuestion>();
  await Promise.all(
    Object.entries(key.questions).map(async ([id, questionKey]) => {
      const part = payload.questions[id];
      if (!part) throw new Error(`the payload holds no question ${id}`);
      const question = await openPart(part, questionKey);
      if (!is(question, TakerQuestionStruct) || question.id !== id) throw new Error(`question ${id} is not one`);
      opened.set(id, question);
    }),
  );
  return frame.map((block) => ({
    id: block.id,
    title: block.title,
    questions: block.questions.flatMap((id) => opened.get(id) ?? []),
  }));
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
