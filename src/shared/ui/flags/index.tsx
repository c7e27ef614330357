import type { ComponentType } from 'react';
import type { Locale } from '../../../i18n/locales.ts';
import { EnFlag } from './EnFlag.tsx';
import type { FlagProps } from './FlagFrame.tsx';
import { PlFlag } from './PlFlag.tsx';
import { RuFlag } from './RuFlag.tsx';
import { UkFlag } from './UkFlag.tsx';

export type { FlagProps };

const FLAGS: Record<Locale, ComponentType<FlagProps>> = { uk: UkFlag, en: EnFlag, ru: RuFlag, pl: PlFlag };

/** The flag the language switcher shows for an interface language. */
export function LanguageFlag({ locale, ...props }: FlagProps & { locale: Locale }) {
  const Flag = FLAGS[locale];
  return <Flag {...props} />;
}
