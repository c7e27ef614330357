import { Suspense } from 'react';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import type { TakingViewProps } from './TakingView.tsx';
import { TakingViewSlot } from './TakingViewSlot.tsx';

/**
 * A running attempt on whichever page holds it (a lesson, a tutor's preview, an assignment): its
 * view, a new one for each attempt, with a loading state while its code arrives.
 */
export function RunningTest({ running, preview = false }: { running: TakingViewProps; preview?: boolean }) {
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
