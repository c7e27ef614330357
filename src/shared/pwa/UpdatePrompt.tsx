import { Suspense, useSyncExternalStore } from 'react';
import { lazyPage } from './lazy-page.ts';
import { type UpdateStore, updateStore } from './update-store.ts';

// Most visits never see an update: the card's code and messages stay off the first load.
const UpdatePromptCard = lazyPage(() => import('./UpdatePromptCard.tsx'));

/**
 * A polite, non-blocking card (bottom corner, no focus taken) when a new build of Zalik is ready.
 * "Update now" applies it (or, while a test runs, says it will come after the test); "Later" hides it.
 * The live region is always there, so screen readers announce the card when it appears.
 */
export function UpdatePrompt({ store = updateStore }: { store?: UpdateStore }) {
  const { phase, dismissed } = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return (
    <div className="update-prompt-region" aria-live="polite">
      {phase !== 'none' && !dismissed && (
        <Suspense fallback={null}>
          <UpdatePromptCard store={store} phase={phase} />
        </Suspense>
      )}
    </div>
  );
}
