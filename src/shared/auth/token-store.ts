/**
 * The signed-in user's tokens, kept in localStorage so a reload (or another tab) stays signed in.
 * Tiny on purpose: every API call reads it, so it is part of the first page.
 */
export interface StoredTokens {
  token: string;
  refresh_token: string;
  /** Epoch ms. */
  expires_at: number;
  refresh_expires_at: number;
}

const KEY = 'zalik:auth';
const listeners = new Set<(fromOtherTab: boolean) => void>();

// Storage can be missing or throw (private modes): then the sign-in lasts as long as the page.
let memory: StoredTokens | null = null;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function isTokens(value: unknown): value is StoredTokens {
  const v = value as Partial<StoredTokens> | null;
  return (
    typeof v?.token === 'string' &&
    typeof v.refresh_token === 'string' &&
    typeof v.expires_at === 'number' &&
    typeof v.refresh_expires_at === 'number'
  );
}

export function getTokens(): StoredTokens | null {
  const store = storage();
  if (!store) return memory;
  try {
    const value: unknown = JSON.parse(store.getItem(KEY) ?? 'null');
    return isTokens(value) ? value : null;
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return getTokens()?.token ?? null;
}

export function setTokens({ token, refresh_token, expires_at, refresh_expires_at }: StoredTokens): void {
  memory = { token, refresh_token, expires_at, refresh_expires_at };
  try {
    storage()?.setItem(KEY, JSON.stringify(memory));
  } catch {
    // Full storage: the memory copy keeps this page signed in.
  }
  emit(false);
}

export function clearTokens(): void {
  memory = null;
  try {
    storage()?.removeItem(KEY);
  } catch {
    // Nothing stored then.
  }
  emit(false);
}

/** Called on every change, this tab's or another's; returns the unsubscribe. */
export function subscribeTokens(listener: (fromOtherTab: boolean) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(fromOtherTab: boolean): void {
  for (const listener of listeners) listener(fromOtherTab);
}

// Another tab signed in or out: this one follows.
globalThis.addEventListener?.('storage', (event: StorageEvent) => {
  if (event.key === KEY || event.key === null) emit(true);
});
