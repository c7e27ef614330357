/**
 * Structured logs that never hold a secret. A query parameter is masked by its decoded name, since
 * the server decodes names too (`?api%5Ftoken=` is an `api_token`), and any name that can carry a
 * secret is masked (tokens, codes, states, keys, passwords, signatures); a name that does not decode
 * is masked whatever it says. Authorization and cookie headers, passwords and tokens in logged
 * objects are redacted wherever they appear.
 */
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

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

// Fields that carry secrets, in a logged object itself or in an object it holds directly.
const SECRET_FIELDS = [
  'password',
  'password_confirmation',
  'token',
  'refresh_token',
  'api_token',
  'access_token',
  'id_token',
  'client_secret',
];

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [...SECRET_HEADER_PATHS, ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`])],
      censor: REDACTED,
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        return { method: request.method, url: maskUrl(String(request.url ?? '')), remoteAddress: request.ip };
      },
    },
  };
}

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = Parameters<FastifyBaseLogger['child']>[1];
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Log = (...args: unknown[]) => void;

/**
 * A request's logger that becomes pino's child only when the request first writes at a level the
 * server logs: making the child runs its bindings through the redaction above, which cost the
 * answer path a twentieth of its CPU for a request id that nothing at `warn` ever wrote.
 */
class RequestLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly own: Bindings,
  ) {}

  private get real(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.own);
    return this.made;
  }

  private write(level: Level, args: unknown[]): void {
    if (this.made || (this.parent as unknown as { isLevelEnabled(level: string): boolean }).isLevelEnabled(level)) {
      (this.real[level] as Log)(...args);
    }
  }

  get level(): string {
    return (this.made ?? this.parent).level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  trace(...args: unknown[]) {
    this.write('trace', args);
  }
  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }

  bindings(): Bindings {
    return this.made ? (this.made as unknown as { bindings(): Bindings }).bindings() : { ...this.own };
  }
}

/** Fastify's request loggers as RequestLogger; a route's own level or serializers get pino's child at once. */
export const requestLoggers: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  options.level || options.serializers
    ? logger.child(bindings, options)
    : (new RequestLogger(logger, bindings) as unknown as FastifyBaseLogger);

/**
 * A line shaped as the logger's (pino's JSON: level 30 info, 50 error), for a process that has no
 * app logger: a cluster's primary, or a server not yet built when a stop comes.
 */
export function logLine(level: 30 | 50, msg: string, extra: Record<string, unknown> = {}): void {
  console.log(JSON.stringify({ level, time: Date.now(), pid: process.pid, msg, ...extra }));
}
