import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { type AssignmentRules, PLAINEST_RULES } from '../../../contract/assignments.ts';
import { describedBy, Field } from '../../shared/forms/Field.tsx';
import { useAction } from '../../shared/forms/use-action.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { useMyTests } from '../tutor-tests/tutor-tests-api.ts';
import { type FormValues, Rules } from './AssignmentRulesFields.tsx';

const { opens_at: _opens, closes_at: _closes, duration_seconds: _own, ...PLAIN_CHOICES } = PLAINEST_RULES;
const INITIAL: Omit<FormValues, 'testId'> = { ...PLAIN_CHOICES, ownTime: true, minutes: 30, opensAt: '', closesAt: '' };

/** A `datetime-local` value (the tutor's own time zone) as epoch ms; null when empty. */
const epochOf = (value: string) => (value ? new Date(value).getTime() : null);

/** What is given: one of the tutor's published tests, or a lesson of the catalog. */
export type GivenTest = { test_id: string } | { lesson_slug: string };

export interface GiveTestFormProps {
  /** A lesson of the catalog to give, or null to choose one of the tutor's published tests. */
  lesson: string | null;
  /** The test chosen at first (`?test=`), or ''. */
  initialTest: string;
  submitLabel: string;
  /** Gives it; a refusal it throws is said at its fields, the rest above the button. */
  give: (test: GivenTest, rules: AssignmentRules) => Promise<unknown>;
}

/**
 * Giving a test to takers: which test, and every rule of the assignment. One form for each way a
 * test is given: an assignment of Zalik's own, or an activity a learning platform adds (deep linking).
 */
export function GiveTestForm({ lesson, initialTest, submitLabel, give }: GiveTestFormProps) {
  const { t } = useLingui();
  const tests = useMyTests();
  const published = tests.data?.filter((test) => test.status === 'published') ?? [];
  const [values, setValues] = useState<FormValues>({ ...INITIAL, testId: initialTest });
  const { busy: saving, run, failure, fieldErrors: errors } = useAction();
  const set =
    <K extends keyof FormValues>(key: K) =>
    (value: FormValues[K]) =>
      setValues((now) => ({ ...now, [key]: value }));

  const chosenTest = values.testId || published[0]?.id || '';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { testId: _test, ownTime, minutes, opensAt, closesAt, attempts, ...choices } = values;
    await run(
      () =>
        give(lesson ? { lesson_slug: lesson } : { test_id: chosenTest }, {
          ...choices,
          opens_at: epochOf(opensAt),
          closes_at: epochOf(closesAt),
          duration_seconds: ownTime ? null : Number(minutes) * 60,
          attempts: Number(attempts),
        }),
      // What no field of the form shows is said above the button.
      { fields: (field) => SHOWN_AT_FIELDS.has(field), saidInForm: true },
    );
  };

  if (!lesson && tests.error) return <ErrorState error={tests.error} onRetry={() => tests.mutate()} />;
  if (!lesson && !tests.data) return <LoadingState />;
  const testError = errors.test_id ?? errors.lesson_slug;
  return (
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
        {submitLabel}
      </button>
    </form>
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
