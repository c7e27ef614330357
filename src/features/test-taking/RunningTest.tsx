import { Suspense } from 'react';
import { useFocusHeadingOnShow } from '../../shared/routing/focus-on-navigation.ts';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import type { TakingViewProps } from './TakingView.tsx';
import { TakingViewSlot } from './TakingViewSlot.tsx';

/**
 * A running attempt on whichever page holds it (a lesson, a tutor's preview, an assignment): its
 * view, a new one for each attempt, with a loading state while its code arrives. It takes the
 * place of what was pressed to show it (Start test, Join's lobby, Try again), which drops the
 * keyboard's focus to <body>: the focus goes to the test's heading once it is drawn, as after a move.
 */
export function RunningTest({ running, preview = false }: { running: TakingViewProps; preview?: boolean }) {
  useFocusHeadingOnShow(running.record.uuid);
  return (
    <Suspense
      fallback={
        <section className="page page--narrow">
          <LoadingState />
        </section>
      }
    >
      <TakingViewSlot key={running.record.uuid} {...running} preview={preview} />
    </Suspense>
  );
}
