export {
  ApiError,
  type ApiErrorKind,
  errorFromResponse,
  hasStatus,
  isApiError,
} from '../../../api-client/api-error.ts';
export { api, apiHeaders } from './api.ts';
export { apiLanguage, setApiLanguage } from './language.ts';
