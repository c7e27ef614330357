import { useMemo } from 'react';
import type { AssignmentRules } from '../../../contract/assignments.ts';
import * as endpoints from '../../../contract/endpoints/assignments.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { api } from '../../shared/api/index.ts';
import { useRead } from '../../shared/api/use-read.ts';
import { useAuth } from '../../shared/auth/auth.ts';
import { saveFile } from '../../shared/files/save-file.ts';
import { monitorReader } from './monitor-reader.ts';

const byId = (id: string) => ({ params: { id } });

/** A read of the signed-in tutor's (use-read.ts); `refreshMs`, read again that often while the page shows. */
function useTutorRead<T>([name, ...parts]: readonly [string, ...unknown[]], read: () => Promise<T>, refreshMs = 0) {
  return useRead(name, parts, read, {
    who: 'tutor',
    // A failed read (the tutor's connection dropped) keeps the last answer on screen; polling goes on.
    ...(refreshMs ? { refreshInterval: refreshMs, refreshWhenHidden: false, refreshWhenOffline: true } : {}),
  });
}

export const useAssignments = () => useTutorRead(['assignments'], () => api(endpoints.assignments));
export const useAssignment = (id: string) =>
  useTutorRead(['assignment', id], () => api(endpoints.assignment, byId(id)));
/**
 * The monitor is read again every `refreshMs`, and at once when the connection comes back; each
 * read after the first brings only the takers changed since (monitor-reader.ts).
 */
export function useMonitor(id: string, refreshMs: number) {
  const locale = useLocale();
  const { user } = useAuth();
  const userId = user?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new sign-in makes a new reader, so what one tutor's reader holds is never shown to another.
  const reader = useMemo(() => {
    const names = new Intl.Collator(locale);
    return monitorReader(
      (since) =>
        api(endpoints.assignmentMonitor, { ...byId(id), query: since === undefined ? {} : { since: String(since) } }),
      names.compare,
    );
  }, [id, locale, userId]);
  return useTutorRead(['monitor', id], reader, refreshMs);
}
export const useResults = (id: string) =>
  useTutorRead(['assignment-results', id], () => api(endpoints.assignmentResults, byId(id)));
export const useAnalysis = (id: string) =>
  useTutorRead(['assignment-analysis', id], () => api(endpoints.assignmentAnalysis, byId(id)));
export const useChanges = (id: string) =>
  useTutorRead(['assignment-changes', id], () => api(endpoints.assignmentChanges, byId(id)));
export const useAttempt = (id: string, session: string) =>
  useTutorRead(['assignment-attempt', id, session], () => api(endpoints.attemptReview, { params: { id, session } }));

export const useMarkingSheet = (id: string, anonymous: boolean) =>
  useTutorRead(['marking', id, anonymous], () =>
    api(endpoints.markingSheet, { ...byId(id), query: anonymous ? { anonymous: '1' } : {} }),
  );
export const giveMark = (id: string, session: string, question: string, points: number, comment: string | null) =>
  api(endpoints.giveMark, { params: { id, session, question }, body: { points, comment } });

export const createAssignment = (what: { test_id: string } | { lesson_slug: string }, rules: AssignmentRules) =>
  api(endpoints.createAssignment, { body: { ...what, rules } });
export const closeAssignment = (id: string) => api(endpoints.closeAssignment, { ...byId(id), body: {} });
export const deleteAssignment = (id: string) => api(endpoints.deleteAssignment, byId(id));
export const giveStartSignal = (id: string) => api(endpoints.startSignal, { ...byId(id), body: {} });
export const removeAttempt = (id: string, session: string) => api(endpoints.removeAttempt, { params: { id, session } });
export const rescoreAssignment = (id: string) => api(endpoints.rescore, { ...byId(id), body: {} });
export const giveExtraTime = (id: string, session: string, minutes: number) =>
  api(endpoints.extraTime, { params: { id, session }, body: { minutes } });

/** The CSV as the server made it, saved through the browser's download with its byte-order mark. */
const CSV_ENDPOINTS = {
  results: endpoints.assignmentResultsCsv,
  answers: endpoints.assignmentAnswersCsv,
  analysis: endpoints.assignmentAnalysisCsv,
} as const;

export async function downloadCsv(id: string, which: keyof typeof CSV_ENDPOINTS, name: string): Promise<void> {
  const text = await api(CSV_ENDPOINTS[which], byId(id));
  // Reading the answer as text drops the BOM; spreadsheets need it to read Cyrillic and Polish.
  saveFile(name, new Blob([`\uFEFF${text.replace(/^\uFEFF/, '')}`], { type: 'text/csv;charset=utf-8' }));
}
