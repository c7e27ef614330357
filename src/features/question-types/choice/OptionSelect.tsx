import { useLingui } from '@lingui/react/macro';
import type { SelectHTMLAttributes } from 'react';

type Passed = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'children'>;

/**
 * A native drop-down of options, "Choose…" first (choosing it again clears the choice): a keyboard,
 * a screen reader and a phone each work with it as they always do. For a matching's prompt, a gap.
 */
export function OptionSelect({
  options,
  value,
  onChoose,
  ...passed
}: Passed & { options: readonly { id: string; text: string }[]; value: string; onChoose: (id: string) => void }) {
  const { t } = useLingui();
  return (
    <select {...passed} value={value} onChange={(event) => onChoose(event.currentTarget.value)}>
      <option value="">{t`Choose…`}</option>
      {options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.text}
        </option>
      ))}
    </select>
  );
}
