import { useLingui } from '@lingui/react/macro';
import type { FormEvent, Ref } from 'react';
import {
  type AccommodationCandidate,
  type AccommodationReceipt,
  MAX_ACCOMMODATION_MINUTES,
} from '../../../contract/accommodations.ts';
import { formatNumber } from '../../i18n/counts.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { Choices, describedBy, Field } from '../../shared/forms/Field.tsx';
import { NumberInput } from '../../shared/forms/number-field/NumberInput.tsx';
import { useAction } from '../../shared/forms/use-action.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { type Draft, requestOf, type TimeChoice } from './accommodation-draft.ts';
import { saveAccommodation } from './accommodations-api.ts';

interface Props {
  draft: Draft;
  onDraft: (draft: Draft) => void;
  /** The tutor's signed-in takers to choose from. */
  students: readonly AccommodationCandidate[];
  /** Changing a kept one: its student stays. */
  changing: boolean;
  onSaved: (receipt: AccommodationReceipt) => void;
  onCancel: () => void;
  ref?: Ref<HTMLFormElement>;
}

/** Which student, how much time, read-aloud: one student's standing accommodation, kept or changed. */
export function AccommodationForm({ draft, onDraft, students, changing, onSaved, onCancel, ref }: Props) {
  const { t } = useLingui();
  const locale = useLocale();
  const { busy, run, failure, fieldErrors } = useAction();
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      onDraft({ ...draft, [key]: value });
  const [quarter, half, double] = [1.25, 1.5, 2].map((factor) => formatNumber(locale, factor));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const receipt = await run(() => saveAccommodation(requestOf(draft)), {
      fields: (field) => field === 'email' || field === 'user_id',
      saidInForm: true,
    });
    if (receipt) onSaved(receipt);
  };
  const emailHint = t`It applies once they sign in with this address, confirmed.`;
  const emailError = fieldErrors.email;
  return (
    <form ref={ref} className="accommodation-form" onSubmit={submit} aria-labelledby="accommodation-form-title">
      <h2 id="accommodation-form-title">{changing ? t`Change the accommodation` : t`Keep an accommodation`}</h2>
      <Field id="accommodation-student" label={t`Student`} error={fieldErrors.user_id}>
        <select
          id="accommodation-student"
          className="field__input"
          disabled={changing}
          value={draft.userId}
          aria-describedby={describedBy('accommodation-student', { error: fieldErrors.user_id })}
          onChange={(event) => set('userId')(event.currentTarget.value)}
        >
          {students.map((s) => (
            <option key={s.user_id} value={s.user_id}>
              {s.name}
            </option>
          ))}
          <option value="">{t`Someone else, by e-mail`}</option>
        </select>
      </Field>
      {draft.userId === '' && (
        <Field id="accommodation-email" label={t`E-mail`} hint={emailHint} error={emailError}>
          <input
            id="accommodation-email"
            className="field__input"
            type="email"
            required
            readOnly={changing}
            autoComplete="off"
            aria-invalid={emailError ? true : undefined}
            aria-describedby={describedBy('accommodation-email', { hint: emailHint, error: emailError })}
            value={draft.email}
            onChange={(event) => set('email')(event.currentTarget.value)}
          />
        </Field>
      )}
      <Choices<TimeChoice>
        name="accommodation-time"
        legend={t`Time`}
        value={draft.time}
        onChange={set('time')}
        choices={[
          { value: 'x1.25', label: t`The test’s time ×${quarter}` },
          { value: 'x1.5', label: t`The test’s time ×${half}` },
          { value: 'x2', label: t`The test’s time ×${double}` },
          { value: 'extra_minutes', label: t`Extra minutes` },
          { value: 'unlimited', label: t`No time limit (until the assignment closes)` },
          { value: 'standard', label: t`The standard time` },
        ]}
      />
      {draft.time === 'extra_minutes' && (
        <Field id="accommodation-minutes" label={t`Extra minutes`}>
          <NumberInput
            id="accommodation-minutes"
            whole
            min={1}
            max={MAX_ACCOMMODATION_MINUTES}
            value={draft.minutes}
            onValue={set('minutes')}
          />
        </Field>
      )}
      <label className="choices__choice">
        <input
          type="checkbox"
          checked={draft.readAloud}
          onChange={(event) => set('readAloud')(event.currentTarget.checked)}
        />
        {t`Read-aloud, even where the assignment turned it off`}
      </label>
      {failure !== null && <ErrorState error={failure} />}
      <div className="accommodation-form__actions">
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
          {changing ? t`Save the change` : t`Keep it`}
        </button>
        {changing && (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t`Cancel`}
          </button>
        )}
      </div>
    </form>
  );
}
