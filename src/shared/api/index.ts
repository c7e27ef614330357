export { ApiError, type ApiErrorKind, errorFromResponse, hasStatus, isApiError } from './api-error.ts';
export { apiLanguage, setApiLanguage } from './language.ts';
// `postJson` is not here on purpose: it brings ky, which the first page does not need (import post-json.ts).
export { getJson, type SearchParams } from './request.ts';
