import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { TakerMessage } from '../../../../contract/online.ts';
import { useLocale } from '../../../i18n/locale-context.tsx';

/**
 * The exam room on the taker's screen: the pause (the questions are hidden meanwhile, the clock
 * stands still), and the tutor's messages, newest first. A message that arrives is also said in an
 * assertive live region, there from the start so screen readers announce what comes into it.
 */
export function ExamRoomNotices({ messages, paused }: { messages: readonly TakerMessage[]; paused: boolean }) {
  const { t } = useLingui();
  const locale = useLocale();
  const [announced, setAnnounced] = useState('');
  const known = useRef(messages.length);
  useEffect(() => {
    if (messages.length > known.current) {
      const latest = messages[messages.length - 1];
      if (latest) setAnnounced(t`Message from your tutor: ${latest.text}`);
    }
    known.current = messages.length;
  }, [messages, t]);
  // Built only once there is a message: a running test's screen builds no Intl formatter (its first costs 40–130 ms).
  const time = messages.length > 0 ? new Intl.DateTimeFormat(locale, { timeStyle: 'short' }) : null;
  return (
    <>
      <p className="visually-hidden" aria-live="assertive" data-testid="room-announcement">
        {announced}
      </p>
      {paused && (
        <div className="notice notice--info room-paused" data-testid="room-paused">
          <p>
            <strong>{t`Your tutor has paused the test.`}</strong>{' '}
            {t`Your time has stopped: it goes on when they resume the test. Your answers are kept.`}
          </p>
        </div>
      )}
      {messages.length > 0 && (
        <section className="room-messages" aria-labelledby="room-messages-title" data-testid="room-messages">
          <h2 id="room-messages-title" className="room-messages__title">
            {t`Messages from your tutor`}
          </h2>
          <ul>
            {[...messages].reverse().map((m) => (
              <li key={m.id}>
                <time dateTime={new Date(m.at).toISOString()}>{time?.format(m.at)}</time> {m.text}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
