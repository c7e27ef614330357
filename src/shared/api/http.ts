import ky from 'ky';
import { apiHeaders } from './request.ts';

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
        for (const [name, value] of Object.entries(apiHeaders())) {
          if (!request.headers.has(name)) request.headers.set(name, value);
        }
      },
    ],
  },
});
