import { lazy, useState } from 'react';
import { loadedTakingView, loadTakingView } from './resume/taking-view-loader.ts';
import type { TakingViewProps } from './TakingView.tsx';

// The running test and its offline store load on their own: the preview does not wait for them.
const LazyTakingView = lazy(() => loadTakingView().then(({ TakingView }) => ({ default: TakingView })));

/**
 * The running test's view, whichever way its code came: already here (no suspending) or lazily.
 * Chosen once per attempt: switching from the lazy to the loaded component on a later render would
 * be a new type to React, which would mount the test again and lose what is on screen.
 */
export function TakingViewSlot(props: TakingViewProps) {
  const [View] = useState(() => loadedTakingView() ?? LazyTakingView);
  return <View {...props} />;
}
