/**
 * Where the `/v1` API is. A build made with `ZALIK_API_BASE=https://api.school.example` (the app
 * served from a site of its own, the API from another) calls that origin, whose server must list the
 * app's origin in CORS_ORIGINS; a build without it calls the page's own origin, where `npm start`
 * serves both. The app, its outbox and the service worker all ask here, so none of them differs.
 */
declare const __ZALIK_API_BASE__: string | undefined;

/** The build's ZALIK_API_BASE; empty when the API is the page's own origin. */
export const BUILT_API_BASE: string = typeof __ZALIK_API_BASE__ === 'string' ? __ZALIK_API_BASE__ : '';

export function apiOrigin(pageOrigin: string): string {
  return BUILT_API_BASE || pageOrigin;
}

/**
 * An address the API gave as a path (a test image's `/v1/images/…`), on the API's origin. Callers
 * write `BUILT_API_BASE ? apiAddress(path) : path`: a build for its own origin then keeps the path
 * as it is, and carries no code for this on the first page.
 */
export function apiAddress(path: string): string {
  return new URL(path, BUILT_API_BASE).href;
}

/** What a build's ZALIK_API_BASE may be: an origin, nothing after it. */
export const API_BASE_PATTERN = /^https?:\/\/[^/?#]+$/;
