import { auth } from './auth.ts';

/**
 * Which auth modal is open. Kept outside React so the header, the results page and the account
 * guard can open one without loading the modals' code, which comes with the first opening.
 */
export type AuthModal = 'login' | 'register' | 'confirm-email';

/** The pause between closing one auth modal and opening the other, so the two never overlap. */
export const MODAL_SWITCH_MS = 125;

export interface AuthModalState {
  open: AuthModal | null;
  /** True once any modal was asked for: from then on its code is loaded. */
  wanted: boolean;
}

let state: AuthModalState = { open: null, wanted: false };
let switching: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function set(next: AuthModalState): void {
  state = next;
  for (const listener of listeners) listener();
}

export const authModals = {
  getState: () => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Sign-in and registration are ignored while the auth state is loading or signed in: nobody signs in twice. */
  open(modal: 'login' | 'register'): boolean {
    if (auth.getState().status !== 'unauthenticated') return false;
    clearTimeout(switching);
    set({ open: modal, wanted: true });
    return true;
  },
  /** Closes the one open and opens the other after MODAL_SWITCH_MS. */
  switchTo(modal: 'login' | 'register'): void {
    clearTimeout(switching);
    set({ ...state, open: null });
    switching = setTimeout(() => authModals.open(modal), MODAL_SWITCH_MS);
  },
  showConfirmEmail(): void {
    clearTimeout(switching);
    set({ open: 'confirm-email', wanted: true });
  },
  close(): void {
    clearTimeout(switching);
    if (state.open) set({ ...state, open: null });
  },
  /** For tests. */
  reset(): void {
    clearTimeout(switching);
    set({ open: null, wanted: false });
  },
};
