import { useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { AssignmentRules } from '../../../contract/assignments.ts';
import { MAX_ATTEMPTS } from '../../../contract/assignments.ts';
import { LESSON_LIMITS } from '../../../contract/content.ts';
import { NumberInput } from '../../shared/forms/number-field/NumberInput.tsx';
import { assignmentPaths } from '../../shared/routing/assignment-paths.ts';
import { usePageMeta } from '../../shared/seo/use-page-meta.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { useMyTests } from '../tutor-tests/tutor-tests-api.ts';
import { createAssignment } from './tutor-assignments-api.ts';

type Choice<T extends string> = { value: T; label: string };

/** A group of radio buttons with a legend: every rule with a few answers is one. */
function Radios<T extends string>({
  name,
  legend,
  choices,
  value,
  onChange,
}: {
  name: string;
  legend: string;
  choices: Choice<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="new-assignment__group">
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="new-assignment__choice">
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />
          {choice.label}
        </label>
      ))}
    </fieldset>
  );
}

function Field({ id, label, hint, children }: { id: string; label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="muted">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A `datetime-local` value (the tutor's own time zone) as epoch ms; null when empty. */
const epochOf = (value: string) => (value ? new Date(value).getTime() : null);

/**
 * `/{lang}/tutor/assignments/new`: giving a test to takers: which test (`?test=` one of the tutor's,
 * `?lesson=` a catalog lesson, or chosen here), and every rule of the assignment.
 */
export default function NewAssignment() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const lesson = search.get('lesson');
  const tests = useMyTests();
  const published = tests.data?.filter((test) => test.status === 'published') ?? [];
  const [testId, setTestId] = useState(search.get('test') ?? '');
  const [ownTime, setOwnTime] = useState(true);
  const [minutes, setMinutes] = useState<number | null>(30);
  const [opensAt, setOpensAt] = useState('');
  const [closesAt, setClosesAt] = useState('');
  const [attempts, setAttempts] = useState<number | null>(1);
  const [shuffleQuestions, setShuffleQuestions] = useState(false);
  const [shuffleOptions, setShuffleOptions] = useState(false);
  const [access, setAccess] = useState<AssignmentRules['access']>('link');
  const [review, setReview] = useState<AssignmentRules['review']>('full');
  const [release, setRelease] = useState<AssignmentRules['release']>('immediately');
  const [start, setStart] = useState<AssignmentRules['start']>('window');
  const [lateStart, setLateStart] = useState<AssignmentRules['late_start']>('time_left');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  usePageMeta({ title: t`Give a test` });

  const chosenTest = testId || published[0]?.id || '';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const made = await createAssignment(lesson ? { lesson_slug: lesson } : { test_id: chosenTest }, {
        opens_at: epochOf(opensAt),
        closes_at: epochOf(closesAt),
        duration_seconds: ownTime ? null : Number(minutes) * 60,
        attempts: Number(attempts),
        shuffle_questions: shuffleQuestions,
        shuffle_options: shuffleOptions,
        access,
        review,
        release,
        start,
        late_start: lateStart,
      });
      navigate(assignmentPaths.assignment(made.id));
    } catch (caught) {
      setError(caught);
      setSaving(false);
    }
  };

  if (!lesson && tests.error) return <ErrorState error={tests.error} onRetry={() => tests.mutate()} />;
  if (!lesson && !tests.data) return <LoadingState />;
  return (
    <section className="page page--narrow new-assignment" aria-labelledby="page-title">
      <h1 id="page-title">{t`Give a test`}</h1>
      <form className="new-assignment__form" onSubmit={submit}>
        {lesson ? (
          <p>{t`A lesson of the catalog: ${lesson}`}</p>
        ) : published.length === 0 ? (
          <p className="notice notice--info">{t`Only a published test can be given. Publish one of your tests first.`}</p>
        ) : (
          <Field id="assignment-test" label={t`Test`}>
            <select
              id="assignment-test"
              className="field__input"
              value={chosenTest}
              onChange={(event) => setTestId(event.currentTarget.value)}
            >
              {published.map((test) => (
                <option key={test.id} value={test.id}>
                  {test.title || t`Untitled test`}
                </option>
              ))}
            </select>
          </Field>
        )}

        <fieldset className="new-assignment__group">
          <legend>{t`Time limit`}</legend>
          <label className="new-assignment__choice">
            <input type="checkbox" checked={ownTime} onChange={(event) => setOwnTime(event.currentTarget.checked)} />
            {t`The test’s own time`}
          </label>
          {!ownTime && (
            <Field id="assignment-minutes" label={t`Minutes`}>
              <NumberInput
                id="assignment-minutes"
                whole
                min={Math.ceil(LESSON_LIMITS.minDuration / 60)}
                max={Math.floor(LESSON_LIMITS.maxDuration / 60)}
                value={minutes}
                onValue={setMinutes}
              />
            </Field>
          )}
        </fieldset>

        <fieldset className="new-assignment__group">
          <legend>{t`Window (optional, your time)`}</legend>
          <Field id="assignment-opens" label={t`Opens`} hint={t`Empty: open at once.`}>
            <input
              id="assignment-opens"
              className="field__input"
              type="datetime-local"
              aria-describedby="assignment-opens-hint"
              value={opensAt}
              onChange={(event) => setOpensAt(event.currentTarget.value)}
            />
          </Field>
          <Field id="assignment-closes" label={t`Closes`} hint={t`Empty: open until you close it.`}>
            <input
              id="assignment-closes"
              className="field__input"
              type="datetime-local"
              aria-describedby="assignment-closes-hint"
              value={closesAt}
              onChange={(event) => setClosesAt(event.currentTarget.value)}
            />
          </Field>
        </fieldset>

        <Field
          id="assignment-attempts"
          label={t`Attempts allowed`}
          hint={
            access === 'link'
              ? t`Takers who are not signed in are counted per device: one who clears the browser’s data or uses another device can start again. To count attempts per account, choose “Signed-in students only” below.`
              : t`Counted per account.`
          }
        >
          <NumberInput
            id="assignment-attempts"
            aria-describedby="assignment-attempts-hint"
            whole
            min={1}
            max={MAX_ATTEMPTS}
            value={attempts}
            onValue={setAttempts}
          />
        </Field>

        <fieldset className="new-assignment__group">
          <legend>{t`Order`}</legend>
          <label className="new-assignment__choice">
            <input
              type="checkbox"
              checked={shuffleQuestions}
              onChange={(event) => setShuffleQuestions(event.currentTarget.checked)}
            />
            {t`Shuffle the questions within each block`}
          </label>
          <label className="new-assignment__choice">
            <input
              type="checkbox"
              checked={shuffleOptions}
              onChange={(event) => setShuffleOptions(event.currentTarget.checked)}
            />
            {t`Shuffle the options`}
          </label>
        </fieldset>

        <Radios
          name="access"
          legend={t`Who may take it`}
          value={access}
          onChange={setAccess}
          choices={[
            { value: 'link', label: t`Anyone with the link, under a name they type` },
            { value: 'students', label: t`Signed-in students only` },
          ]}
        />
        <Radios
          name="review"
          legend={t`What takers see afterwards`}
          value={review}
          onChange={setReview}
          choices={[
            { value: 'score', label: t`The score only` },
            { value: 'answers', label: t`The score and their own answers` },
            { value: 'full', label: t`Everything, with the correct answers and explanations` },
          ]}
        />
        <Radios
          name="release"
          legend={t`When they see it`}
          value={release}
          onChange={setRelease}
          choices={[
            { value: 'immediately', label: t`As soon as they finish` },
            { value: 'after_close', label: t`Once the assignment closes` },
          ]}
        />
        <Radios
          name="start"
          legend={t`How it starts`}
          value={start}
          onChange={setStart}
          choices={[
            { value: 'window', label: t`Each taker starts when they are ready (within the window)` },
            { value: 'signal', label: t`Everyone together, on my signal (takers wait in a lobby)` },
          ]}
        />
        {start === 'signal' && (
          <Radios
            name="late_start"
            legend={t`Takers who arrive after the signal get`}
            value={lateStart}
            onChange={setLateStart}
            choices={[
              { value: 'time_left', label: t`The time left` },
              { value: 'full_time', label: t`The full time` },
            ]}
          />
        )}

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
