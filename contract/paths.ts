/** The `/v1` paths of the spec, written once for both sides. */
export const API = {
  subjects: '/v1/public/subjects/list',
  specializations: '/v1/public/specializations/list',
  lessons: '/v1/public/lessons/list',
  lesson: (id: string | number) => `/v1/public/lessons/${encodeURIComponent(String(id))}`,
  start: (id: string | number) => `/v1/public/lessons/${encodeURIComponent(String(id))}/start`,
  online: (uuid: string) => `/v1/public/lessons/online/${encodeURIComponent(uuid)}`,
  block: (uuid: string, blockId: string) =>
    `/v1/public/lessons/online/${encodeURIComponent(uuid)}/blocks/${encodeURIComponent(blockId)}`,
  answer: (uuid: string) => `/v1/public/lessons/online/${encodeURIComponent(uuid)}/answer`,
  finish: (uuid: string) => `/v1/public/lessons/online/${encodeURIComponent(uuid)}/finish`,
  results: (uuid: string) => `/v1/public/lessons/online/${encodeURIComponent(uuid)}/results`,
  mainPage: '/v1/public/main-page',
  subjectPageInfo: '/v1/public/subjects/page-info',
  specializationPageInfo: '/v1/public/specializations/page-info',
} as const;

/** Header carrying the interface language on every call. */
export const LANGUAGE_HEADER = 'application-language';
