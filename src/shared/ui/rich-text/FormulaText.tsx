import { useLingui } from '@lingui/react/macro';
import { Fragment } from 'react';
import temml from 'temml';
import { splitTex } from '../../../../contract/tex.ts';
import './rich-text.css';

type Rendered = { ok: true; mathml: string } | { ok: false; error: string };

function render(tex: string, display: boolean): Rendered {
  try {
    return { ok: true, mathml: temml.renderToString(tex, { displayMode: display, throwOnError: true }) };
  } catch (error) {
    return {
      ok: false,
      error: error instanceof Error ? error.message.replace(/^\s*ParseError:\s*/, '') : String(error),
    };
  }
}

/** The text with each formula as MathML; one that does not parse stays its source, marked. */
export default function FormulaText({ text, explainErrors = false }: { text: string; explainErrors?: boolean }) {
  const { t } = useLingui();
  return splitTex(text).map((part, index) => {
    const key = `${index}`;
    if (part.kind === 'text') return <Fragment key={key}>{part.text}</Fragment>;
    const source = part.display ? `\\[${part.tex}\\]` : `\\(${part.tex}\\)`;
    const rendered = render(part.tex, part.display);
    if (!rendered.ok) {
      return (
        <span key={key} className="tex-error">
          <code>{source}</code>
          {explainErrors && <span className="tex-error__why">{t`This formula cannot be read: ${rendered.error}`}</span>}
        </span>
      );
    }
    return (
      <span
        key={key}
        className={part.display ? 'tex tex--display' : 'tex'}
        // MathML made by temml from the formula, every character of the tutor's escaped by it: no
        // markup of the tutor's own ever reaches the page (temml's `trust` is off, so no links or HTML).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the renderer's MathML, see above
        dangerouslySetInnerHTML={{ __html: rendered.mathml }}
      />
    );
  });
}
