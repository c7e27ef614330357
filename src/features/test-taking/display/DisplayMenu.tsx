import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { DisplaySettings } from './display-settings.ts';

/**
 * The test's own display choices, behind one button: a high-contrast theme, larger text, and the
 * time's announcements. A disclosure, not a menu: each choice is an ordinary checkbox in tab order.
 */
export function DisplayMenu({
  settings,
  onChange,
}: {
  settings: DisplaySettings;
  onChange: (patch: Partial<DisplaySettings>) => void;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const panel = useId();
  const choice = (key: 'highContrast' | 'largeText' | 'announceTime', label: string) => (
    <label className="choices__choice">
      <input
        type="checkbox"
        checked={settings[key]}
        onChange={(event) => onChange({ [key]: event.currentTarget.checked })}
      />
      {label}
    </label>
  );
  return (
    <div className="display-menu">
      <button
        type="button"
        className="button button--secondary display-menu__button"
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen(!open)}
      >
        {t`Display`}
      </button>
      <fieldset id={panel} className="display-menu__panel choices" hidden={!open}>
        <legend className="visually-hidden">{t`Display`}</legend>
        {choice('highContrast', t`High contrast`)}
        {choice('largeText', t`Larger text`)}
        {choice('announceTime', t`Announce the time left (10, 5 and 1 minute)`)}
      </fieldset>
    </div>
  );
}
