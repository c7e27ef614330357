import useSWR from 'swr';
import { results } from '../../../contract/endpoints/sessions.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { api } from '../../shared/api/index.ts';
import { swrOptions } from '../../shared/api/swr-options.ts';

export function useResults(uuid: string, apiToken: string | null) {
  const locale = useLocale();
  return useSWR(
    apiToken ? ['results', locale, uuid, apiToken] : null,
    () => api(results, { params: { uuid }, query: { api_token: apiToken ?? '' } }),
    swrOptions,
  );
}
