import { useLingui } from '@lingui/react/macro';
import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { isPageLoading, startProgress, subscribeProgress } from './progress-store.ts';

/** Long enough to be seen on a fast route change, short enough not to feel like waiting. */
const MIN_VISIBLE_MS = 250;
/** The fill to 100 % and the fade, as `.page-progress--done` animates them. */
const FINISH_MS = 300;

type Phase = 'idle' | 'loading' | 'done';

/**
 * The pink page-load bar at the top of the page, shown whenever a page or its data loads. It has no real percentage to report, so
 * it is an indeterminate progressbar, in the accessibility tree only while something loads (below).
 */
export function PageProgress() {
  const { t } = useLingui();
  const loading = useSyncExternalStore(subscribeProgress, isPageLoading, () => false);
  const [phase, setPhase] = useState<Phase>('idle');
  const [shownAt, setShownAt] = useState(0);

  useEffect(() => {
    if (loading) {
      setPhase('loading');
      setShownAt((at) => (phase === 'loading' ? at : performance.now()));
      return;
    }
    if (phase === 'done') {
      const toIdle = setTimeout(() => setPhase('idle'), FINISH_MS);
      return () => clearTimeout(toIdle);
    }
    if (phase !== 'loading') return;
    const toDone = setTimeout(() => setPhase('done'), Math.max(0, MIN_VISIBLE_MS - (performance.now() - shownAt)));
    return () => clearTimeout(toDone);
  }, [loading, phase, shownAt]);

  if (phase === 'idle') return null;
  // The bar stays on screen a moment after the load (MIN_VISIBLE_MS, then the fill and fade), but
  // is a progressbar to assistive technology, and to a test waiting for the page, only while
  // something truly loads: announced as loading after the load had ended, it held every browser
  // test's "page loaded" check for up to 0.8 s a page.
  const announced = loading
    ? { role: 'progressbar', 'aria-label': t`Loading page`, 'aria-busy': true }
    : { 'aria-hidden': true };
  return (
    <div className={`page-progress page-progress--${phase}`} {...announced}>
      <span className="page-progress__bar" />
    </div>
  );
}

/** A Suspense fallback: the bar runs for as long as the fallback is on screen. */
export function ProgressWhileMounted() {
  useLayoutEffect(() => startProgress(), []);
  return null;
}

/** Runs the bar for a moment on every change of `key` (a route change), even when nothing suspends. */
export function useProgressOnChange(key: string): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the trigger, not an input.
  useLayoutEffect(() => {
    const done = startProgress();
    const frame = requestAnimationFrame(() => done());
    return () => {
      cancelAnimationFrame(frame);
      done();
    };
  }, [key]);
}
