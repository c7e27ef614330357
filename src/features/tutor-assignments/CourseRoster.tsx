import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ltiRoster } from '../../../contract/endpoints/lti.ts';
import { formatNumber } from '../../i18n/counts.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { api } from '../../shared/api/index.ts';
import { useRead } from '../../shared/api/use-read.ts';

/** Why the platform's roster could not be read now, from the server's code (contract: Roster). */
function problemText(i18n: I18n, problem: string): string {
  const [code = '', status = ''] = problem.split(':');
  if (code === 'noService') return i18n._(msg`the platform offers no roster for this course`);
  if (code === 'answered' || code === 'token') return i18n._(msg`the platform answered ${status}`);
  return i18n._(msg`the platform could not be reached`);
}

/**
 * Beside an assignment made from a learning platform: the course's learners as the platform lists
 * them, and who of them has not started yet. Read when the page opens and on asking (the server
 * keeps a read a minute); nothing at all for an assignment given in Zalik itself.
 */
export function CourseRoster({ assignmentId }: { assignmentId: string }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const roster = useRead('lti-roster', [assignmentId], () => api(ltiRoster, { params: { id: assignmentId } }), {
    who: 'tutor',
    revalidateOnFocus: false,
  });
  const data = roster.data;
  if (!data?.linked) return null;
  const learners = data.members.filter((m) => m.role === 'learner');
  const waiting = learners.filter((m) => !m.started);
  const notStarted = formatNumber(locale, waiting.length);
  const inCourse = formatNumber(locale, learners.length);
  const why = data.problem ? problemText(i18n, data.problem) : '';
  const asOf = data.read_at === null ? '' : formatDateTime(locale, data.read_at);
  const seen = new Map<string, number>();
  return (
    <section className="course-roster" aria-labelledby="roster-title" data-testid="course-roster">
      <h3 id="roster-title">{t`Not started yet: ${notStarted} of ${inCourse} in the course`}</h3>
      {data.problem && (
        <p className="notice notice--warning" role="status">
          {data.read_at === null
            ? t`The course’s roster could not be read: ${why}.`
            : t`The roster could not be read again (${why}); shown as of ${asOf}.`}
        </p>
      )}
      {waiting.length > 0 && (
        <ul className="course-roster__names">
          {waiting.map((m) => {
            // Two learners of one name are two people: each its own item.
            const n = (seen.get(m.name) ?? 0) + 1;
            seen.set(m.name, n);
            return <li key={`${m.name}-${n}`}>{m.name}</li>;
          })}
        </ul>
      )}
      <button type="button" className="button button--secondary" onClick={() => roster.mutate()}>
        {t`Read the roster again`}
      </button>
    </section>
  );
}
