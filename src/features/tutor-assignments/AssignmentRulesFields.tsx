import { useLingui } from '@lingui/react/macro';
import { type AssignmentRules, MAX_ATTEMPTS } from '../../../contract/assignments.ts';
import { LESSON_LIMITS } from '../../../contract/content.ts';
import { Choices, describedBy, Field } from '../../shared/forms/Field.tsx';
import { NumberInput } from '../../shared/forms/number-field/NumberInput.tsx';
import { SignalsNotice } from '../../shared/ui/SignalsNotice.tsx';

/** The form as the tutor fills it: the rules, with the times as typed and a number field's null. */
export interface FormValues extends Omit<AssignmentRules, 'opens_at' | 'closes_at' | 'duration_seconds' | 'attempts'> {
  testId: string;
  ownTime: boolean;
  minutes: number | null;
  opensAt: string;
  closesAt: string;
  attempts: number | null;
}

export type Setter = <K extends keyof FormValues>(key: K) => (value: FormValues[K]) => void;

/** Every rule of the assignment, each with the server's message for it when it refused one. */
export function Rules({ values, set, errors }: { values: FormValues; set: Setter; errors: Record<string, string> }) {
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

      <fieldset className="choices">
        <legend>{t`Accommodations and read-aloud`}</legend>
        <label className="choices__choice">
          <input
            type="checkbox"
            aria-describedby="assignment-accommodations-hint"
            checked={values.accommodations !== false}
            onChange={(event) => set('accommodations')(event.currentTarget.checked)}
          />
          {t`Apply my students’ standing accommodations (more time, no time limit)`}
        </label>
        <p id="assignment-accommodations-hint" className="field__hint">
          {t`Turn this off only where the time itself is what is tested (a timed drill): students with an accommodation then get the standard time. Accommodated time still ends when the window closes.`}
        </p>
        <label className="choices__choice">
          <input
            type="checkbox"
            aria-describedby="assignment-read-aloud-hint"
            checked={values.read_aloud !== false}
            onChange={(event) => set('read_aloud')(event.currentTarget.checked)}
          />
          {t`Offer read-aloud of the questions`}
        </label>
        <p id="assignment-read-aloud-hint" className="field__hint">
          {t`Turn it off for a test of reading itself. Students whose accommodation allows read-aloud keep it.`}
        </p>
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
