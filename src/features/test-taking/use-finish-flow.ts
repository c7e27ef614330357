import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AttemptRecord } from '../../../offline-queue/db.ts';
import { queueFinish } from '../../../offline-queue/outbox.ts';
import { apiLanguage } from '../../shared/api/language.ts';
import { notify } from '../../shared/notifications/notify.ts';
import { registerUpdateGuard } from '../../shared/pwa/update-guard.ts';
import { errorText } from '../../shared/ui/error-text.ts';
import type { OfflineRuntime } from './offline/runtime.ts';
import { remainingMs, type ServerClock } from './server-clock.ts';
import { useCountdown } from './use-countdown.ts';

/**
 * - running: answers are taken;
 * - confirming: the finish dialog is open;
 * - queueing: the finish is being stored in the outbox;
 * - finished / timedout: the finish is queued (sent or about to be): the matching notice is open;
 * - stuck: the time is out but the finish could not even be stored; the taker can try again.
 */
export type Phase = 'running' | 'confirming' | 'queueing' | 'finished' | 'timedout' | 'stuck';

export interface FinishFlow {
  phase: Phase;
  /** The phase of now, for callbacks from timers and requests (not the phase of their render). */
  phaseRef: { readonly current: Phase };
  setPhase(next: Phase): void;
  /** Queues the finish after every answer already stored; a manual finish or the timeout. */
  finish(reason: 'manual' | 'timeout'): Promise<void>;
  msLeft: number;
}

/**
 * How a running test ends: by the taker, or by the countdown at the deadline, online or not. The
 * finish goes into the outbox after the answers (which send it in order), and no app update
 * reloads the page until it is queued.
 */
export function useFinishFlow(runtime: OfflineRuntime, record: AttemptRecord, clock: ServerClock): FinishFlow {
  const { t, i18n } = useLingui();
  const { uuid, session } = record;
  const initialPhase: Phase =
    record.phase === 'running' ? 'running' : record.finishReason === 'timeout' ? 'timedout' : 'finished';
  const [phase, setPhaseState] = useState<Phase>(initialPhase);
  const phaseRef = useRef<Phase>(initialPhase);
  const setPhase = useCallback((next: Phase) => {
    phaseRef.current = next;
    setPhaseState(next);
  }, []);

  useEffect(() => registerUpdateGuard(() => phaseRef.current !== 'finished' && phaseRef.current !== 'timedout'), []);

  const finish = useCallback(
    async (reason: 'manual' | 'timeout') => {
      const now = phaseRef.current;
      if (now !== 'running' && now !== 'confirming' && now !== 'stuck') return;
      setPhase('queueing');
      try {
        await runtime.answers.settled();
        await queueFinish(runtime.db, uuid, reason, clock.now(), apiLanguage());
      } catch (error) {
        // The error is logged and, on a manual finish, no notice opens.
        console.error('The finish could not be queued', error);
        const why = errorText(i18n, error);
        notify(t`The test could not be finished. ${why}`, { kind: 'error', id: 'finish-failed' });
        setPhase(reason === 'manual' && remainingMs(clock, session.deadline) > 0 ? 'running' : 'stuck');
        return;
      }
      runtime.queued(uuid);
      setPhase(reason === 'manual' ? 'finished' : 'timedout');
    },
    [clock, i18n, runtime, session.deadline, setPhase, t, uuid],
  );

  const msLeft = useCountdown(clock, session.deadline, () => {
    if (phaseRef.current === 'finished' || phaseRef.current === 'timedout') return;
    void finish('timeout');
  });

  return { phase, phaseRef, setPhase, finish, msLeft };
}
