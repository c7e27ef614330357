import type { PayloadKey, TakerBlock } from '../../../contract/index.ts';
import type { Locale } from '../../../contract/locale.ts';
import { inAttemptOrder, openSealedPayload } from '../../../contract/sealed-payload.ts';
import type { AttemptRecord } from '../../../offline-queue/db.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { useRead } from '../../shared/api/use-read.ts';
import { keepImagesOf } from './offline/keep-images.ts';
import { offlineRuntime } from './offline/runtime.ts';
import { fetchBlock, fetchPayload } from './taking-api.ts';

/**
 * Every block's questions, opened from the sealed payload fetched before the start (or fetched
 * block by block) when the test opens, and kept in IndexedDB: a taker
 * whose Wi-Fi drops halfway, or who reloads offline, can still read and answer the whole test.
 * A resumed attempt's record already holds them: the questions are then in the view's first render
 * (one render instead of a spinner and then the questions), and the read below only confirms them.
 */
export function useTestBlocks(record: AttemptRecord) {
  const locale = useLocale();
  const kept = record.blocks && record.blocksLocale === locale ? record.blocks : undefined;
  return useRead(
    'taker-blocks',
    [record.uuid],
    async (): Promise<TakerBlock[]> => {
      const { db } = offlineRuntime();
      const kept = await db.attempts.get(record.uuid);
      if (kept?.blocks && kept.blocksLocale === locale) return kept.blocks;
      try {
        const credentials = { uuid: record.uuid, apiToken: record.api_token };
        const sealed = record.session.sealed;
        // The payload kept before the start; a block at a time when there is none (or it will not open).
        const opened = sealed ? await blocksFromPayload(sealed, locale).catch(() => null) : null;
        const blocks =
          opened ?? (await Promise.all(record.session.blocks.map((block) => fetchBlock(credentials, block.id))));
        await db.attempts.update(record.uuid, { blocks, blocksLocale: locale });
        keepImagesOf(blocks);
        return blocks;
      } catch (error) {
        // Offline in another language than the one kept: the kept questions beat none.
        if (kept?.blocks) return kept.blocks;
        throw error;
      }
    },
    { revalidateOnReconnect: false, fallbackData: kept },
  );
}

/** Every block of the attempt, in its own order, from the payload kept on the test's page (or fetched now). */
async function blocksFromPayload(key: PayloadKey, locale: Locale): Promise<TakerBlock[]> {
  return inAttemptOrder(await openSealedPayload(await fetchPayload(key.version, locale), key), key.order);
}
