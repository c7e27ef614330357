import useSWR from 'swr';
import { Results } from '../../../contract/online.ts';
import { API } from '../../../contract/paths.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { getJson } from '../../shared/api/index.ts';
import { swrOptions } from '../../shared/api/swr-options.ts';

export function useResults(uuid: string, apiToken: string | null) {
  const locale = useLocale();
  return useSWR(
    apiToken ? ['results', locale, uuid, apiToken] : null,
    () => getJson(API.results(uuid), Results, { api_token: apiToken ?? '' }),
    swrOptions,
  );
}
