export { ApiError, type ApiErrorKind, errorFromResponse, hasStatus, isApiError } from './api-error.ts';
export { apiLanguage, setApiLanguage } from './language.ts';
export { getJson, postJson, type SearchParams } from './request.ts';
