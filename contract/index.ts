/**
 * The one contract of Zalik's `/v1` API, imported by the server (to validate requests and shape
 * answers) and by the client (to check every answer before trusting it).
 */
export * from './app-routes.ts';
export * from './auth.ts';
export * from './catalog.ts';
export * from './endpoint.ts';
export * from './envelope.ts';
export * from './locale.ts';
export * from './online.ts';
export * from './payload-keys.ts';
export * from './profile.ts';
export * from './requests.ts';
export * from './text.ts';
