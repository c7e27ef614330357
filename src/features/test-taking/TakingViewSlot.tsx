import { lazyPage } from '../../shared/pwa/lazy-page.ts';
import { loadedTakingView, loadTakingView } from './resume/taking-view-loader.ts';
import type { TakingViewProps } from './TakingView.tsx';

/**
 * The running test's view, whichever way its code came: already here (a resume loaded it early: no
 * suspending) or lazily. The running test and its offline store load on their own: the preview does
 * not wait for them.
 */
const TakingViewPage = lazyPage(
  () => loadTakingView().then(({ TakingView }) => ({ default: TakingView })),
  loadedTakingView,
);

export function TakingViewSlot(props: TakingViewProps) {
  return <TakingViewPage {...props} />;
}
