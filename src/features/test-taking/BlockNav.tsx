import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../i18n/counts.ts';
import { useLocale } from '../../i18n/locale-context.tsx';

export interface BlockTab {
  id: string;
  title: string;
  answered: number;
  total: number;
}

/** The blocks of the test, each with how many of its questions are answered. */
export function BlockNav({
  blocks,
  currentId,
  onSelect,
}: {
  blocks: readonly BlockTab[];
  currentId: string;
  onSelect: (id: string) => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  if (blocks.length < 2) return null;
  return (
    <nav className="block-nav" aria-label={t`Blocks`}>
      <ol>
        {blocks.map((block, index) => {
          const position = index + 1;
          const answeredText = formatNumber(locale, block.answered);
          const totalText = formatNumber(locale, block.total);
          const complete = block.total > 0 && block.answered >= block.total;
          return (
            <li key={block.id}>
              <button
                type="button"
                className={`block-nav__item${complete ? ' block-nav__item--complete' : ''}`}
                aria-current={block.id === currentId ? 'step' : undefined}
                onClick={() => onSelect(block.id)}
              >
                <span className="block-nav__index" aria-hidden="true">
                  {position}
                </span>
                <span className="block-nav__title">{block.title}</span>
                <span className="block-nav__count">{t`${answeredText} of ${totalText} answered`}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
