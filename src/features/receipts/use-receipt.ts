import { useEffect, useState } from 'react';
import { hasStatus } from '../../shared/api/index.ts';
import { type KeptReceipt, keepReceipt, keptReceipt } from './receipt-store.ts';
import { fetchReceipt } from './receipts-api.ts';

/** How often a receipt not yet to be had (the finish still on its way, or no connection) is asked for again. */
const RETRY_MS = 4000;

/**
 * This attempt's receipt: the one kept on this device at once, else asked of the server and kept.
 * Asked again while the server has no finish yet (409: the outbox still sends it) or cannot be
 * reached, and at once when the connection comes back; refused for good (401, 404) it stops.
 */
export function useReceipt(uuid: string, apiToken: string | null): { kept: KeptReceipt | null; waiting: boolean } {
  const [kept, setKept] = useState<KeptReceipt | null>(null);
  const [waiting, setWaiting] = useState(true);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      clearTimeout(timer);
      const stored = await keptReceipt(uuid).catch(() => undefined);
      if (stopped) return;
      if (stored) {
        setKept(stored);
        setWaiting(false);
        return;
      }
      if (!apiToken) return setWaiting(false);
      try {
        const signed = await fetchReceipt(uuid, apiToken);
        const saved = await keepReceipt(signed).catch(() => ({ ...signed, attempt: uuid, kept_at: Date.now() }));
        if (!stopped) {
          setKept(saved);
          setWaiting(false);
        }
      } catch (error) {
        if (stopped) return;
        if (hasStatus(error, 401, 403, 404)) return setWaiting(false);
        timer = setTimeout(ask, RETRY_MS);
      }
    };
    void ask();
    const online = () => void ask();
    window.addEventListener('online', online);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', online);
    };
  }, [uuid, apiToken]);
  return { kept, waiting };
}
