import { Suspense } from 'react';
import { hasTex } from '../../../../contract/tex.ts';
import { lazyPage } from '../../pwa/lazy-page.ts';

// The formula renderer (temml) is a chunk of its own, loaded only where a text has a formula; the
// service worker keeps every chunk, so an offline taker has it too.
const FormulaText = lazyPage(() => import('./FormulaText.tsx'));

export interface RichTextProps {
  text: string;
  /** The editor's preview: a formula that does not parse says why, beside its source. */
  explainErrors?: boolean;
}

/**
 * A test's text: plain text (tutors write no HTML, none is rendered from them) and TeX formulas
 * between `\( … \)` or `\[ … \]`, shown as MathML that screen readers read. Until the renderer is
 * here, the text shows as written.
 */
export function RichText({ text, explainErrors = false }: RichTextProps) {
  if (!hasTex(text)) return text;
  return (
    <Suspense fallback={text}>
      <FormulaText text={text} explainErrors={explainErrors} />
    </Suspense>
  );
}
