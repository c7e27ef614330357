import { useLingui } from '@lingui/react/macro';
import type { TakerQuestion } from '../../../../contract/index.ts';
import { useReadAloud } from './read-aloud.tsx';
import { spokenText } from './spoken-text.ts';

/**
 * A question's read-aloud button, for a pointer and a screen reader's browse mode. The keyboard
 * reaches it by Alt+Shift+R, which presses the button of the question the focus is in: out of the
 * Tab order, so that Tab still goes from answer to answer with no stop between questions. Where the
 * device has no voice for the test's language it says so rather than read in another. Its own label
 * is in the interface's language; what it says is all in the test's.
 */
export function ReadAloudButton({ question, number }: { question: TakerQuestion; number: number }) {
  const { t } = useLingui();
  const reading = useReadAloud();
  if (!reading) return null;
  if (!reading.voice) {
    return (
      <button type="button" className="link-button read-aloud" aria-disabled="true" tabIndex={-1} data-read-aloud>
        {t`This device has no voice for the test’s language`}
      </button>
    );
  }
  const speaking = reading.speaking === question.id;
  const read = () => {
    if (speaking) return reading.stop();
    // The words around the question in the test's language (its catalog loads in a moment).
    if (reading.words) reading.speak(question.id, spokenText(question, number, reading.words));
  };
  return (
    <>
      <button
        type="button"
        className="link-button read-aloud"
        aria-keyshortcuts="Alt+Shift+R"
        tabIndex={-1}
        data-read-aloud
        onClick={read}
      >
        {speaking ? t`Stop reading` : t`Read aloud`}
      </button>
      {/* The keys on screen for sighted keyboard users; a screen reader hears them from aria-keyshortcuts. */}
      <span className="read-aloud__keys" aria-hidden="true">
        Alt+Shift+R
      </span>
    </>
  );
}
