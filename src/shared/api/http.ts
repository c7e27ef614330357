import ky from 'ky';
import { LANGUAGE_HEADER } from '../../../contract/paths.ts';
import { apiLanguage } from './language.ts';

/**
 * The client for writes (reads use fetch directly, see request.ts). Same origin, no timeout (the
 * spec: a slow school network must not fail a test) and no retries: replaying a POST is the
 * callers' decision, not the transport's.
 */
export const http = ky.create({
  timeout: false,
  retry: 0,
  throwHttpErrors: false,
  hooks: {
    beforeRequest: [
      (request) => {
        if (!request.headers.has(LANGUAGE_HEADER)) request.headers.set(LANGUAGE_HEADER, apiLanguage());
      },
    ],
  },
});
