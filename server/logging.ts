/**
 * Structured logs that never hold a secret. A query parameter is masked by its decoded name, since
 * the server decodes names too (`?api%5Ftoken=` is an `api_token`), and any name that can carry a
 * secret is masked (tokens, codes, states, keys, passwords, signatures); a name that does not decode
 * is masked whatever it says. Authorization and cookie headers, passwords and tokens in logged
 * objects are redacted wherever they appear.
 */
import type { FastifyServerOptions } from 'fastify';

// Names of parameters that carry secrets: OAuth's and OpenID's (code, state, nonce, tokens,
// assertions), Zalik's own (api_token, token, refresh_token) and the usual spellings of keys and
// passwords. Matched against the decoded, lowercased name with its separators removed.
const SECRET_NAME =
  /token|secret|passw|passwd|pwd|apikey|accesskey|signature|^sig$|^code$|^state$|^nonce$|assertion|codeverifier|^auth|^key$|session|credential|jwt/;

const REDACTED = '[redacted]';

function decodedName(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name.toLowerCase().replace(/[\s_.\-[\]]/g, ''));
}

/** The URL with the value of every parameter that may carry a secret replaced by `[redacted]`. */
export function maskUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const hashAt = url.indexOf('#', queryAt);
  const query = url.slice(queryAt + 1, hashAt < 0 ? undefined : hashAt);
  const masked = query
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const rawName = eq < 0 ? part : part.slice(0, eq);
      const name = decodedName(rawName);
      if (name !== null && !isSecretName(name)) return part;
      return `${rawName}=${REDACTED}`;
    })
    .join('&');
  return `${url.slice(0, queryAt + 1)}${masked}${hashAt < 0 ? '' : url.slice(hashAt)}`;
}

// Headers that carry credentials, as pino paths below a `headers` object at any of the depths a
// request, a response or an error's cause puts them.
const SECRET_HEADERS = ['.authorization', '.cookie', '["set-cookie"]', '["proxy-authorization"]'];
const SECRET_HEADER_PATHS = SECRET_HEADERS.flatMap((h) => [`headers${h}`, `*.headers${h}`, `*.*.headers${h}`]);

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        ...SECRET_HEADER_PATHS,
        '*.password',
        '*.password_confirmation',
        '*.token',
        '*.refresh_token',
        '*.api_token',
        '*.access_token',
        '*.id_token',
        '*.client_secret',
      ],
      censor: REDACTED,
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        return { method: request.method, url: maskUrl(String(request.url ?? '')), remoteAddress: request.ip };
      },
    },
  };
}
