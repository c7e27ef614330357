import * as images from '../../../contract/endpoints/images.ts';
import * as endpoints from '../../../contract/endpoints/tutor-tests.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { ExportFormat, ImportEntry } from '../../../contract/question-banks.ts';
import type { TestDraft } from '../../../contract/tutor-tests.ts';
import { api } from '../../shared/api/index.ts';
import { useRead } from '../../shared/api/use-read.ts';

/** The signed-in tutor's tests. */
export const useMyTests = () => useRead('tutor-tests', [], () => api(endpoints.tutorTests), { who: 'tutor' });

const byId = (id: string) => ({ params: { id } });

export const getTest = (id: string) => api(endpoints.tutorTest, byId(id));
export const createTest = (draft?: TestDraft) => api(endpoints.createTest, { body: draft ? { draft } : {} });
export const saveDraft = (id: string, revision: number, draft: TestDraft) =>
  api(endpoints.saveDraft, { ...byId(id), body: { revision, draft } });
export const duplicateTest = (id: string) => api(endpoints.duplicateTest, { ...byId(id), body: {} });
export const archiveTest = (id: string) => api(endpoints.archiveTest, { ...byId(id), body: {} });
export const restoreTest = (id: string) => api(endpoints.restoreTest, { ...byId(id), body: {} });
export const deleteTest = (id: string) => api(endpoints.deleteTest, byId(id));
export const publishChecklist = (id: string) => api(endpoints.publishChecklist, byId(id));
export const publishTest = (id: string) => api(endpoints.publishTest, { ...byId(id), body: {} });
export const previewTest = (id: string, options: { timeoutMs?: number } = {}) =>
  api(endpoints.previewTest, { ...byId(id), body: {}, ...options });
export const exportTest = (id: string) => api(endpoints.exportTest, byId(id));
export const exportBank = (id: string, format: ExportFormat, language: Locale) =>
  api(endpoints.exportBank, { ...byId(id), query: { format, language } });
export const importTemplate = (format: 'csv' | 'xlsx') => api(endpoints.importTemplate, { query: { format } });
export const importTests = (files: ImportEntry[], language: Locale) =>
  api(endpoints.importTests, { body: { files, language } });
export const uploadImage = (name: string, data: string) => api(images.uploadImage, { body: { name, data } });
