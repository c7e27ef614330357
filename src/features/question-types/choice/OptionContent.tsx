import type { TakerQuestion } from '../../../../contract/index.ts';
import { RichText } from '../../../shared/ui/rich-text/RichText.tsx';
import { TestImage } from '../../../shared/ui/TestImage.tsx';

type Shown = NonNullable<TakerQuestion['options']>[number];

/** An option, a prompt or an item as its taker reads it: its text (formulas drawn) and its picture. */
export function OptionContent({ option, className }: { option: Shown; className: string }) {
  return (
    <span className={className}>
      <RichText text={option.text} />
      {option.image && <TestImage image={option.image} className="choice__image" />}
    </span>
  );
}
