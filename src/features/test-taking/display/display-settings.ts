/**
 * How a taker wants the test shown, kept on the device (not the account: a shared school computer
 * and a student's own phone may need different ones): a high-contrast theme, larger text, the
 * countdown hidden, and whether the time's warnings are announced.
 */
import { useEffect, useState } from 'react';

export interface DisplaySettings {
  highContrast: boolean;
  largeText: boolean;
  hideTimer: boolean;
  announceTime: boolean;
}

export const DEFAULT_DISPLAY: DisplaySettings = {
  highContrast: false,
  largeText: false,
  hideTimer: false,
  announceTime: true,
};

const KEY = 'zalik:taking-display';

export function readDisplay(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): DisplaySettings {
  try {
    const kept = JSON.parse(storage?.getItem(KEY) ?? '{}') as Partial<Record<keyof DisplaySettings, unknown>>;
    const flag = (key: keyof DisplaySettings) =>
      typeof kept[key] === 'boolean' ? (kept[key] as boolean) : DEFAULT_DISPLAY[key];
    return {
      highContrast: flag('highContrast'),
      largeText: flag('largeText'),
      hideTimer: flag('hideTimer'),
      announceTime: flag('announceTime'),
    };
  } catch {
    // Storage refused (a private window's quota) or kept something else: the defaults.
    return { ...DEFAULT_DISPLAY };
  }
}

function keep(settings: DisplaySettings) {
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // Not kept across visits; this visit still has them.
  }
}

/**
 * The settings and a setter; the theme and the text size go on the document's root while the
 * test is on screen (every rem of the page grows with the text), and come off when it leaves.
 */
export function useDisplaySettings() {
  const [settings, setSettings] = useState(readDisplay);
  useEffect(() => {
    const root = document.documentElement;
    root.toggleAttribute('data-high-contrast', settings.highContrast);
    root.toggleAttribute('data-large-text', settings.largeText);
    return () => {
      root.removeAttribute('data-high-contrast');
      root.removeAttribute('data-large-text');
    };
  }, [settings.highContrast, settings.largeText]);
  const change = (patch: Partial<DisplaySettings>) =>
    setSettings((now) => {
      const next = { ...now, ...patch };
      keep(next);
      return next;
    });
  return { settings, change };
}
