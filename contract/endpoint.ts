/**
 * How a `/v1` endpoint is written down, once, for both sides: its method and path, the structs of
 * its path parameters, query, body and answer, the status of a success and who may call it. The
 * server registers its routes from these (validation included), the client's calls are typed and
 * checked by them, and the permission table, the README's API section and `/v1/openapi.json` are
 * made from them.
 */
import { define, type Struct } from 'superstruct';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint.
 * - `public`: anyone; no credential is read.
 * - `optional-user`: anyone; a token, when one is sent, must be valid, and makes the call the
 *   signed-in user's (a test started signed in belongs to the account).
 * - `user`: a signed-in user.
 * - `tutor`: a signed-in tutor; a signed-in student is refused (403), and what belongs to another
 *   tutor reads as not found.
 * - `session`: whoever holds the test session's `api_token` (in the query, or in a write's body).
 * - `secret`: whoever holds the secret the request itself carries (a refresh token, a mailed
 *   link's token, an external sign-in's state with its browser's cookie).
 */
export type Access = 'public' | 'optional-user' | 'user' | 'tutor' | 'session' | 'secret';

// biome-ignore lint/suspicious/noExplicitAny: a struct of any schema
type AnyStruct<T> = Struct<T, any>;

export interface Endpoint<
  Params = unknown,
  Query = unknown,
  Body = unknown,
  Answer = unknown,
  Who extends Access = Access,
> {
  method: Method;
  /** With `:name` for each path parameter. */
  path: string;
  params?: AnyStruct<Params>;
  query?: AnyStruct<Query>;
  /** Absent: the call takes no body (GET). */
  body?: AnyStruct<Body>;
  answer: AnyStruct<Answer>;
  /** The status of a success; 302 and 303 send the browser on (`Location`), with no body. */
  status: 200 | 201 | 302 | 303;
  access: Who;
  /** One line for people: what the call does. */
  summary: string;
  /**
   * `public`: catalog data, the same for everyone: caches may keep it (and ask again).
   * `immutable`: the same for everyone and never changing at its address: caches keep it for good.
   */
  cache?: 'public' | 'immutable';
  /** The answer is the document itself, not `{ data }` (the OpenAPI document). */
  bare?: true;
  /** The answer is a file to save, not JSON: its bytes, named by `Content-Disposition` (a client gives a SavedFile). */
  file?: true;
  /** The body is an HTML form (`application/x-www-form-urlencoded`), as a browser posts it from another site. */
  form?: true;
  /** What the permission table adds about who may call it. */
  note?: string;
}

/** A file an endpoint answers with (`file: true`), as a client receives it: its name and its bytes. */
export interface SavedFile {
  name: string;
  blob: Blob;
}
export const SavedFile = define<SavedFile>(
  'file',
  (value) => typeof value === 'object' && value !== null && (value as SavedFile).blob instanceof Blob,
);

// biome-ignore lint/suspicious/noExplicitAny: any endpoint of the table
export type AnyEndpoint = Endpoint<any, any, any, any, Access>;

export function endpoint<
  Params = unknown,
  Query = unknown,
  Body = unknown,
  Answer = unknown,
  Who extends Access = Access,
>(definition: Endpoint<Params, Query, Body, Answer, Who>): Endpoint<Params, Query, Body, Answer, Who> {
  return definition;
}

// biome-ignore-start lint/suspicious/noExplicitAny: matching any endpoint to read one of its types
export type ParamsOf<E> = E extends Endpoint<infer P, any, any, any> ? P : never;
export type QueryOf<E> = E extends Endpoint<any, infer Q, any, any> ? Q : never;
export type BodyOf<E> = E extends Endpoint<any, any, infer B, any> ? B : never;
export type AnswerOf<E> = E extends Endpoint<any, any, any, infer A> ? A : never;
export type AccessOf<E> = E extends Endpoint<any, any, any, any, infer W> ? W : never;
// biome-ignore-end lint/suspicious/noExplicitAny: matching any endpoint to read one of its types

/** The path with its parameters put in, each percent-encoded. */
export function pathOf(e: AnyEndpoint, params: Record<string, string | number> = {}): string {
  return e.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${e.method} ${e.path} needs the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The path parameters of `pathname` under the endpoint's path, or null when it is another path. */
export function matchPath(e: AnyEndpoint, pathname: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = e.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`^${pattern}$`).exec(pathname);
  if (!match) return null;
  try {
    return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1] as string)]));
  } catch {
    return null;
  }
}

/** The path as OpenAPI and the README write it: `{name}` for each parameter. */
export function documentedPath(e: AnyEndpoint): string {
  return e.path.replace(/:(\w+)/g, '{$1}');
}

/** Header carrying the interface language on every call. */
export const LANGUAGE_HEADER = 'application-language';
