import { image } from '../../../../contract/endpoints/images.ts';
import type { TakerBlock } from '../../../../contract/online.ts';
import { api } from '../../../shared/api/api.ts';

/** Every picture the blocks show, each once. */
export function imagesOf(blocks: readonly TakerBlock[]): string[] {
  const urls = new Set<string>();
  for (const block of blocks) {
    for (const question of block.questions) {
      if (question.image) urls.add(question.image.url);
      for (const option of question.options ?? []) if (option.image) urls.add(option.image.url);
    }
  }
  return [...urls];
}

/**
 * Asks for every picture of the test as soon as its blocks are stored, so the service worker (or the
 * browser's cache: the answers are immutable) keeps them: a taker who loses the connection later,
 * or reloads offline, still sees them. Pictures of a block not opened yet are fetched too. Through
 * the app's one client, like every other `/v1` call; the picture's address ends in its id.
 */
export function keepImagesOf(blocks: readonly TakerBlock[]): void {
  for (const url of imagesOf(blocks)) {
    const id = url.split('/').at(-1) ?? '';
    void api(image, { params: { id } }).catch(() => {
      // Offline now: the picture is fetched when shown, or at the next start of the test.
    });
  }
}
