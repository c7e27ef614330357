import { useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import type { MarkingSheet } from '../../../contract/hand-marking.ts';
import { formatNumber } from '../../i18n/counts.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { useMarkingSheet } from '../tutor-assignments/tutor-assignments-api.ts';
import { MarkForm } from './MarkForm.tsx';
import { answerKey, firstToMark, type MarkingMode, markingOrder } from './marking-order.ts';
import './marking.css';

/**
 * Marking by hand: each written answer in turn, by question or by taker, with names hidden until
 * marked when the tutor asks (the server then leaves them out). Points and a comment per answer;
 * by keyboard: Enter in the points (or Ctrl+Enter anywhere in the form) saves and goes on.
 */
export default function MarkingPanel({ id }: { id: string }) {
  const { t } = useLingui();
  const [mode, setMode] = useState<MarkingMode>('question');
  const [anonymous, setAnonymous] = useState(true);
  const sheet = useMarkingSheet(id, anonymous);
  return (
    <section className="marking" aria-labelledby="marking-title">
      <h2 id="marking-title">{t`Marking by hand`}</h2>
      <fieldset className="marking__options">
        <legend>{t`How to mark`}</legend>
        <label>
          <input type="radio" name="marking-mode" checked={mode === 'question'} onChange={() => setMode('question')} />{' '}
          {t`By question`}
        </label>
        <label>
          <input type="radio" name="marking-mode" checked={mode === 'taker'} onChange={() => setMode('taker')} />{' '}
          {t`By taker`}
        </label>
        <label>
          <input type="checkbox" checked={anonymous} onChange={(event) => setAnonymous(event.currentTarget.checked)} />{' '}
          {t`Hide names until marked`}
        </label>
      </fieldset>
      {sheet.error && <ErrorState error={sheet.error} onRetry={() => sheet.mutate()} />}
      {!sheet.data && !sheet.error && <LoadingState />}
      {sheet.data && <MarkingWalk id={id} sheet={sheet.data} mode={mode} onSaved={() => sheet.mutate()} />}
    </section>
  );
}

function MarkingWalk({
  id,
  sheet,
  mode,
  onSaved,
}: {
  id: string;
  sheet: MarkingSheet;
  mode: MarkingMode;
  onSaved: () => unknown;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const order = useMemo(() => markingOrder(sheet, mode), [sheet, mode]);
  const [current, setCurrent] = useState<string | null>(null);
  // A new mode opens at its first answer still to mark; a new read of the sheet keeps the place.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of mode moves the place.
  useEffect(() => setCurrent(null), [mode]);
  const found = current === null ? -1 : order.findIndex((a) => answerKey(a) === current);
  const at = found < 0 ? firstToMark(order) : found;
  const answer = order[at];
  const awaiting = sheet.answers.filter((a) => a.mark === null).length;

  if (sheet.questions.length === 0) return <p className="empty">{t`This test has no questions marked by hand.`}</p>;
  if (!answer)
    return <p className="empty">{t`No written answers to mark yet: they appear here once attempts finish.`}</p>;
  const question = sheet.questions.find((q) => q.id === answer.question) ?? sheet.questions[0];
  if (!question) return null;
  const position = formatNumber(locale, at + 1);
  const total = formatNumber(locale, order.length);
  const left = formatNumber(locale, awaiting);
  const go = (to: number) => {
    const next = order[Math.min(Math.max(to, 0), order.length - 1)];
    if (next) setCurrent(answerKey(next));
  };
  return (
    <>
      <p className="marking__progress" data-testid="marking-progress" role="status">
        {awaiting === 0 ? t`Every written answer is marked.` : t`${left} still to mark`} ·{' '}
        {t`Answer ${position} of ${total}`}
      </p>
      <MarkForm
        key={answerKey(answer)}
        id={id}
        answer={answer}
        question={question}
        hasPrevious={at > 0}
        hasNext={at < order.length - 1}
        onPrevious={() => go(at - 1)}
        onNext={() => go(at + 1)}
        onSaved={async () => {
          await onSaved();
          go(at + 1);
        }}
      />
    </>
  );
}
