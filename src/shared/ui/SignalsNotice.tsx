import { useLingui } from '@lingui/react/macro';

/**
 * Exactly what an assignment that collects integrity signals records (contract/signals.ts), in the
 * same words for the tutor choosing it and for the taker before they start.
 */
export function SignalsNotice({ id }: { id?: string }) {
  const { t } = useLingui();
  return (
    <div className="signals-notice" id={id}>
      <p>{t`This test records how it is taken:`}</p>
      <ul>
        <li>{t`when the page is hidden (another tab or app) and for how long;`}</li>
        <li>{t`when the window loses focus and for how long;`}</li>
        <li>{t`when text is pasted into an answer: how many characters, never what they were;`}</li>
        <li>{t`when the device is offline and for how long;`}</li>
        <li>{t`whether the device’s clock is more than a minute off.`}</li>
      </ul>
      <p>{t`Nothing else: no keystrokes, no screen, no camera. The tutor sees these; so do you, with your results. They say what happened, not why.`}</p>
    </div>
  );
}
