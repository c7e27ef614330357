import { results } from '../../../contract/endpoints/sessions.ts';
import { api } from '../../shared/api/index.ts';
import { useRead } from '../../shared/api/use-read.ts';

/** A finished test's results, by its session and the token that proves the taker holds it. */
export const useResults = (uuid: string, apiToken: string | null) =>
  useRead('results', apiToken ? [uuid, apiToken] : null, () =>
    api(results, { params: { uuid }, query: { api_token: apiToken ?? '' } }),
  );
