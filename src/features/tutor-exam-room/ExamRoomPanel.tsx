import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import type { Assignment, MonitorTaker } from '../../../contract/assignments.ts';
import { clipCharacters } from '../../../contract/characters.ts';
import { MAX_MESSAGE_LENGTH } from '../../../contract/exam-room.ts';
import { formatNumber } from '../../i18n/counts.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { useReadAgain } from '../../shared/api/use-read.ts';
import { describedBy, Field } from '../../shared/forms/Field.tsx';
import { NumberInput } from '../../shared/forms/number-field/NumberInput.tsx';
import { useAction } from '../../shared/forms/use-action.ts';
import { useConfirm } from '../../shared/forms/use-confirm.tsx';
import { extraTimeForAll, pauseAssignment, resumeAssignment, sendMessage, useMessages } from './exam-room-api.ts';
import './exam-room.css';

/**
 * The exam room beside the monitor: a message to every taker or to one (with whose device showed
 * it), pausing and resuming everyone, and extra time for everyone with a reason.
 */
export function ExamRoomPanel({
  assignment,
  takers,
  refreshMs,
}: {
  assignment: Assignment;
  takers: readonly MonitorTaker[];
  refreshMs: number;
}) {
  const { t } = useLingui();
  const readAgainOf = useReadAgain();
  const readAgain = (name: string) => readAgainOf(name, assignment.id);
  const locale = useLocale();
  const messages = useMessages(assignment.id, refreshMs);
  const send = useAction();
  const pausing = useAction();
  const extra = useAction();
  const { confirm, dialog } = useConfirm();
  const [text, setText] = useState('');
  const [to, setTo] = useState('');
  const [minutes, setMinutes] = useState<number | null>(10);
  const [reason, setReason] = useState('');
  const running = takers.filter((k) => k.status === 'running');
  const paused = assignment.paused_at !== undefined;
  const closed = assignment.state === 'closed';
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short' });

  const submitMessage = async (event: FormEvent) => {
    event.preventDefault();
    const sent = await send.run(() => sendMessage(assignment.id, text.trim(), to || null), {
      done: t`Message sent.`,
      fields: (field) => field === 'text',
      // Sent, the box is empty and its button disabled: the keyboard waits in the box for the next one.
      focusAfter: () => document.getElementById('room-message'),
    });
    if (sent) {
      setText('');
      void messages.mutate();
    }
  };
  const togglePause = async () => {
    if (!paused) {
      const sure = await confirm({
        title: t`Pause everyone?`,
        text: t`Every taker's questions are hidden and their time stops until you resume. A device that is offline learns it when it is back.`,
        confirmLabel: t`Pause everyone`,
      });
      if (!sure) return;
    }
    const done = await pausing.run(() => (paused ? resumeAssignment(assignment.id) : pauseAssignment(assignment.id)), {
      done: paused ? t`Resumed: every deadline moved by the pause.` : t`Everyone is paused.`,
      // Asked from the dialog (gone now), the keyboard goes back to the button, which now does the opposite.
      focusAfter: () => document.querySelector<HTMLElement>('[data-testid="pause-toggle"]'),
    });
    if (done) readAgain('assignment');
  };
  const submitExtra = async (event: FormEvent) => {
    event.preventDefault();
    if (minutes === null) return;
    const given = await extra.run(() => extraTimeForAll(assignment.id, minutes, reason.trim()), {
      fields: (field) => field === 'minutes' || field === 'reason',
    });
    if (given) {
      setReason('');
      readAgain('assignment-changes');
    }
  };

  const textError = send.fieldMessages.text?.[0];
  const reasonError = extra.fieldMessages.reason?.[0];
  const textHint = t`Up to ${formatNumber(locale, MAX_MESSAGE_LENGTH)} characters. Shown on their screen and read out by screen readers.`;
  return (
    <section className="exam-room" aria-labelledby="exam-room-title">
      <h3 id="exam-room-title">{t`Exam room`}</h3>
      {dialog}
      <p>
        <button
          type="button"
          className="button button--secondary"
          disabled={pausing.busy || (closed && !paused)}
          onClick={togglePause}
          data-testid="pause-toggle"
        >
          {paused ? t`Resume everyone` : t`Pause everyone`}
        </button>{' '}
        {paused && (
          <span role="status">{t`Paused since ${time.format(assignment.paused_at ?? 0)}: every clock stands still.`}</span>
        )}
      </p>
      <form className="exam-room__form" onSubmit={submitMessage} noValidate>
        <Field id="room-message" label={t`Message to the takers`} hint={textHint} error={textError}>
          <textarea
            id="room-message"
            rows={2}
            value={text}
            aria-describedby={describedBy('room-message', { hint: textHint, error: textError })}
            aria-invalid={textError ? true : undefined}
            onChange={(e) => {
              // Cut to the limit as the server counts it (characters, not maxLength's code units).
              setText(clipCharacters(e.target.value, MAX_MESSAGE_LENGTH));
              send.clearField('text');
            }}
          />
        </Field>
        <Field id="room-to" label={t`To`}>
          <select id="room-to" value={to} onChange={(e) => setTo(e.target.value)}>
            <option value="">{t`Everyone`}</option>
            {running.map((k) => (
              <option key={k.session} value={k.session}>
                {k.name || t`Name removed`}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit" className="button button--primary" disabled={send.busy || text.trim() === ''}>
          {t`Send the message`}
        </button>
      </form>
      <form className="exam-room__form" onSubmit={submitExtra} noValidate>
        <Field id="room-minutes" label={t`Extra minutes for everyone`}>
          <NumberInput id="room-minutes" whole value={minutes} onValue={setMinutes} min={1} max={600} />
        </Field>
        <Field id="room-reason" label={t`Why (kept in the change log)`} error={reasonError}>
          <input
            id="room-reason"
            value={reason}
            maxLength={300}
            aria-describedby={describedBy('room-reason', { error: reasonError })}
            aria-invalid={reasonError ? true : undefined}
            onChange={(e) => {
              setReason(e.target.value);
              extra.clearField('reason');
            }}
          />
        </Field>
        <button
          type="submit"
          className="button button--secondary"
          disabled={extra.busy || minutes === null || reason.trim() === '' || running.length === 0}
        >
          {t`Give everyone the extra time`}
        </button>
      </form>
      {(messages.data?.length ?? 0) > 0 && (
        <ul className="exam-room__messages" data-testid="room-sent">
          {messages.data?.map((m) => {
            const waiting = m.recipients.filter((r) => r.delivered_at === null);
            const shown = m.recipients.length - waiting.length;
            return (
              <li key={m.id}>
                <p>
                  <strong>
                    {time.format(m.at)} · {m.to ? t`To ${m.to.name || t`Name removed`}` : t`To everyone`}
                  </strong>{' '}
                  {m.text}
                </p>
                <p className="muted" data-testid="room-delivery">
                  {waiting.length === 0
                    ? t`Shown to all ${formatNumber(locale, m.recipients.length)}`
                    : t`Shown to ${formatNumber(locale, shown)} of ${formatNumber(locale, m.recipients.length)}; not yet: ${waiting.map((r) => r.name || t`Name removed`).join(', ')}`}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
