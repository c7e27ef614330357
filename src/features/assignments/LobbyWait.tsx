import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { rescueFocus } from '../../shared/ui/focus-rescue.ts';

/**
 * The lobby, where a taker who pressed Join waits for the tutor's signal. It takes the place of the
 * form and its Join button, which drops the keyboard's focus to <body>: the focus comes here, so the
 * next Tab goes on from the lobby and a screen reader says it (WCAG 2.4.3). At the signal the running
 * test takes this place and the focus moves on to the test's heading (RunningTest).
 */
export function LobbyWait() {
  const { t } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => rescueFocus(null, () => box.current), []);
  return (
    <div className="assignment__lobby" role="status" ref={box}>
      <p className="assignment__waiting">{t`You are in. The test starts when your tutor gives the signal.`}</p>
      <p>{t`Keep this page open. Your time starts at the same moment as everyone else’s.`}</p>
    </div>
  );
}
