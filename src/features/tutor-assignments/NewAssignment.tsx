import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { PLAINEST_RULES } from '../../../contract/assignments.ts';
import { describedBy, Field } from '../../shared/forms/Field.tsx';
import { useAction } from '../../shared/forms/use-action.ts';
import { assignmentPaths } from '../../shared/routing/assignment-paths.ts';
import { usePageMeta } from '../../shared/seo/use-page-meta.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { useMyTests } from '../tutor-tests/tutor-tests-api.ts';
import { type FormValues, Rules } from './AssignmentRulesFields.tsx';
import { createAssignment } from './tutor-assignments-api.ts';

const { opens_at: _opens, closes_at: _closes, duration_seconds: _own, ...PLAIN_CHOICES } = PLAINEST_RULES;
const INITIAL: Omit<FormValues, 'testId'> = { ...PLAIN_CHOICES, ownTime: true, minutes: 30, opensAt: '', closesAt: '' };

/** A `datetime-local` value (the tutor's own time zone) as epoch ms; null when empty. */
const epochOf = (value: string) => (value ? new Date(value).getTime() : null);

/**
 * `/{lang}/tutor/assignments/new`: giving a test to takers: which test (`?test=` one of the tutor's,
 * `?lesson=` a catalog lesson, or chosen here), and every rule of the assignment. A refusal's
 * messages are said at their fields (`test_id`, `rules.attempts`, …), the rest above the button.
 */
export default function NewAssignment() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const lesson = search.get('lesson');
  const tests = useMyTests();
  const published = tests.data?.filter((test) => test.status === 'published') ?? [];
  const [values, setValues] = useState<FormValues>({ ...INITIAL, testId: search.get('test') ?? '' });
  const { busy: saving, run, failure, fieldErrors: errors } = useAction();
  usePageMeta({ title: t`Give a test` });
  const set =
    <K extends keyof FormValues>(key: K) =>
    (value: FormValues[K]) =>
      setValues((now) => ({ ...now, [key]: value }));

  const chosenTest = values.testId || published[0]?.id || '';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { testId: _test, ownTime, minutes, opensAt, closesAt, attempts, ...choices } = values;
    const made = await run(
      () =>
        createAssignment(lesson ? { lesson_slug: lesson } : { test_id: chosenTest }, {
          ...choices,
          opens_at: epochOf(opensAt),
          closes_at: epochOf(closesAt),
          duration_seconds: ownTime ? null : Number(minutes) * 60,
          attempts: Number(attempts),
        }),
      // What no field of the form shows is said above the button.
      { fields: (field) => SHOWN_AT_FIELDS.has(field), saidInForm: true },
    );
    if (made) navigate(assignmentPaths.assignment(made.id));
  };

  if (!lesson && tests.error) return <ErrorState error={tests.error} onRetry={() => tests.mutate()} />;
  if (!lesson && !tests.data) return <LoadingState />;
  const testError = errors.test_id ?? errors.lesson_slug;
  return (
    <section className="page page--narrow new-assignment" aria-labelledby="page-title">
      <h1 id="page-title">{t`Give a test`}</h1>
      <form className="new-assignment__form" onSubmit={submit}>
        {lesson ? (
          <div className="field">
            <p>{t`A lesson of the catalog: ${lesson}`}</p>
            {testError && <p className="field__error">{testError}</p>}
          </div>
        ) : published.length === 0 ? (
          <p className="notice notice--info">{t`Only a published test can be given. Publish one of your tests first.`}</p>
        ) : (
          <Field id="assignment-test" label={t`Test`} error={testError}>
            <select
              id="assignment-test"
              className="field__input"
              value={chosenTest}
              aria-invalid={testError ? true : undefined}
              aria-describedby={describedBy('assignment-test', { error: testError })}
              onChange={(event) => set('testId')(event.currentTarget.value)}
            >
              {published.map((test) => (
                <option key={test.id} value={test.id}>
                  {test.title || t`Untitled test`}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Rules values={values} set={set} errors={errors} />
        {failure !== null && <ErrorState error={failure} />}
        <button
          type="submit"
          className="button button--primary button--large"
          disabled={saving || (!lesson && !chosenTest)}
          aria-busy={saving || undefined}
        >
          {t`Give the test`}
        </button>
      </form>
    </section>
  );
}

/** The request's fields the form shows a message at. */
const SHOWN_AT_FIELDS = new Set([
  'test_id',
  'lesson_slug',
  'rules.duration_seconds',
  'rules.opens_at',
  'rules.closes_at',
  'rules.attempts',
]);
