type TakingViewModule = typeof import('../TakingView.tsx');
export type TakingViewComponent = TakingViewModule['TakingView'];

let loading: Promise<TakingViewModule> | null = null;
let loaded: TakingViewComponent | null = null;

/** The running test's view, imported once: by a resume that starts early, or by the lesson page. */
export function loadTakingView(): Promise<TakingViewModule> {
  loading ??= import('../TakingView.tsx').then((module) => {
    loaded = module.TakingView;
    return module;
  });
  // A failed chunk may be fetched again by the next call.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** The view, when its chunk is already here: rendering it then does not suspend. */
export function loadedTakingView(): TakingViewComponent | null {
  return loaded;
}
