import useSWR from 'swr';
import type { BlockSummary } from '../../../contract/index.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { swrOptions } from '../../shared/api/swr-options.ts';
import { type Credentials, fetchBlock } from './taking-api.ts';

/**
 * Every block's questions, fetched together when the test opens: a taker whose Wi-Fi drops
 * halfway can still read and answer the whole test.
 */
export function useTestBlocks(credentials: Credentials, blocks: readonly BlockSummary[]) {
  const locale = useLocale();
  return useSWR(
    ['taker-blocks', locale, credentials.uuid],
    () => Promise.all(blocks.map((block) => fetchBlock(credentials, block.id))),
    swrOptions,
  );
}
