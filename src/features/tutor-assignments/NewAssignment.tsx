import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { type AssignmentRules, MAX_ATTEMPTS, PLAINEST_RULES } from '../../../contract/assignments.ts';
import { LESSON_LIMITS } from '../../../contract/content.ts';
import { Choices, describedBy, Field } from '../../shared/forms/Field.tsx';
import { NumberInput } from '../../shared/forms/number-field/NumberInput.tsx';
import { serverFieldErrors } from '../../shared/forms/server-errors.ts';
import { assignmentPaths } from '../../shared/routing/assignment-paths.ts';
import { usePageMeta } from '../../shared/seo/use-page-meta.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { SignalsNotice } from '../../shared/ui/SignalsNotice.tsx';
import { useMyTests } from '../tutor-tests/tutor-tests-api.ts';
import { createAssignment } from './tutor-assignments-api.ts';

/** The form as the tutor fills it: the rules, with the times as typed and a number field's null. */
interface FormValues extends Omit<AssignmentRules, 'opens_at' | 'closes_at' | 'duration_seconds' | 'attempts'> {
  testId: string;
  ownTime: boolean;
  minutes: number | null;
  opensAt: string;
  closesAt: string;
  attempts: number | null;
}

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
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  usePageMeta({ title: t`Give a test` });
  const set =
    <K extends keyof FormValues>(key: K) =>
    (value: FormValues[K]) =>
      setValues((now) => ({ ...now, [key]: value }));

  const chosenTest = values.testId || published[0]?.id || '';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    setErrors({});
    try {
      const { testId: _test, ownTime, minutes, opensAt, closesAt, attempts, ...choices } = values;
      const made = await createAssignment(lesson ? { lesson_slug: lesson } : { test_id: chosenTest }, {
        ...choices,
        opens_at: epochOf(opensAt),
        closes_at: epochOf(closesAt),
        duration_seconds: ownTime ? null : Number(minutes) * 60,
        attempts: Number(attempts),
      });
      navigate(assignmentPaths.assignment(made.id));
    } catch (caught) {
      const byField = serverFieldErrors(caught);
      setErrors(byField);
      // What no field of the form shows is said above the button.
      if (Object.keys(byField).every((field) => !SHOWN_AT_FIELDS.has(field))) setError(caught);
      setSaving(false);
    }
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
        {error !== null && <ErrorState error={error} />}
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

type Setter = <K extends keyof FormValues>(key: K) => (value: FormValues[K]) => void;

/** Every rule of the assignment, each with the server's message for it when it refused one. */
function Rules({ values, set, errors }: { values: FormValues; set: Setter; errors: Record<string, string> }) {
  const { t } = useLingui();
  const field = (key: string) => errors[`rules.${key}`];
  const attemptsHint =
    values.access === 'link'
      ? t`Takers who are not signed in are counted per device: one who clears the browser’s data or uses another device can start again. To count attempts per account, choose “Signed-in students only” below.`
      : t`Counted per account.`;
  const dateField = (id: string, key: 'opensAt' | 'closesAt', label: string, hint: string, error?: string) => (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        className="field__input"
        type="datetime-local"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
        value={values[key]}
        onChange={(event) => set(key)(event.currentTarget.value)}
      />
    </Field>
  );
  return (
    <>
      <fieldset className="choices">
        <legend>{t`Time limit`}</legend>
        <label className="choices__choice">
          <input
            type="checkbox"
            checked={values.ownTime}
            onChange={(event) => set('ownTime')(event.currentTarget.checked)}
          />
          {t`The test’s own time`}
        </label>
        {!values.ownTime && (
          <Field id="assignment-minutes" label={t`Minutes`} error={field('duration_seconds')}>
            <NumberInput
              id="assignment-minutes"
              aria-describedby={describedBy('assignment-minutes', { error: field('duration_seconds') })}
              whole
              min={Math.ceil(LESSON_LIMITS.minDuration / 60)}
              max={Math.floor(LESSON_LIMITS.maxDuration / 60)}
              value={values.minutes}
              onValue={set('minutes')}
            />
          </Field>
        )}
      </fieldset>

      <fieldset className="choices">
        <legend>{t`Window (optional, your time)`}</legend>
        {dateField('assignment-opens', 'opensAt', t`Opens`, t`Empty: open at once.`, field('opens_at'))}
        {dateField('assignment-closes', 'closesAt', t`Closes`, t`Empty: open until you close it.`, field('closes_at'))}
      </fieldset>

      <Field id="assignment-attempts" label={t`Attempts allowed`} hint={attemptsHint} error={field('attempts')}>
        <NumberInput
          id="assignment-attempts"
          aria-describedby={describedBy('assignment-attempts', { hint: attemptsHint, error: field('attempts') })}
          whole
          min={1}
          max={MAX_ATTEMPTS}
          value={values.attempts}
          onValue={set('attempts')}
        />
      </Field>

      <fieldset className="choices">
        <legend>{t`Order`}</legend>
        <label className="choices__choice">
          <input
            type="checkbox"
            checked={values.shuffle_questions}
            onChange={(event) => set('shuffle_questions')(event.currentTarget.checked)}
          />
          {t`Shuffle the questions within each block`}
        </label>
        <label className="choices__choice">
          <input
            type="checkbox"
            checked={values.shuffle_options}
            onChange={(event) => set('shuffle_options')(event.currentTarget.checked)}
          />
          {t`Shuffle the options`}
        </label>
      </fieldset>

      <fieldset className="choices">
        <legend>{t`Integrity signals`}</legend>
        <label className="choices__choice">
          <input
            type="checkbox"
            aria-describedby={values.collect_signals ? 'assignment-signals-notice' : undefined}
            checked={values.collect_signals ?? false}
            onChange={(event) => set('collect_signals')(event.currentTarget.checked)}
          />
          {t`Record how the test is taken (takers are told before they start)`}
        </label>
        {values.collect_signals && <SignalsNotice id="assignment-signals-notice" />}
      </fieldset>

      <Choices
        name="access"
        legend={t`Who may take it`}
        value={values.access}
        onChange={set('access')}
        choices={[
          { value: 'link', label: t`Anyone with the link, under a name they type` },
          { value: 'students', label: t`Signed-in students only` },
        ]}
      />
      <Choices
        name="review"
        legend={t`What takers see afterwards`}
        value={values.review}
        onChange={set('review')}
        choices={[
          { value: 'score', label: t`The score only` },
          { value: 'answers', label: t`The score and their own answers` },
          { value: 'full', label: t`Everything, with the correct answers and explanations` },
        ]}
      />
      <Choices
        name="release"
        legend={t`When they see it`}
        value={values.release}
        onChange={set('release')}
        choices={[
          { value: 'immediately', label: t`As soon as they finish` },
          { value: 'after_close', label: t`Once the assignment closes` },
        ]}
      />
      <Choices
        name="start"
        legend={t`How it starts`}
        value={values.start}
        onChange={set('start')}
        choices={[
          { value: 'window', label: t`Each taker starts when they are ready (within the window)` },
          { value: 'signal', label: t`Everyone together, on my signal (takers wait in a lobby)` },
        ]}
      />
      {values.start === 'signal' && (
        <Choices
          name="late_start"
          legend={t`Takers who arrive after the signal get`}
          value={values.late_start}
          onChange={set('late_start')}
          choices={[
            { value: 'time_left', label: t`The time left` },
            { value: 'full_time', label: t`The full time` },
          ]}
        />
      )}
    </>
  );
}
