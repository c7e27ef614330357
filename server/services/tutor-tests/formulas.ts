import temml from 'temml';
import { hasTex, splitTex } from '../../../contract/tex.ts';

/** True when every formula of the text parses (the same renderer the app shows them with). */
export function formulasParse(text: string): boolean {
  if (!hasTex(text)) return true;
  return splitTex(text).every((part) => {
    if (part.kind === 'text') return true;
    try {
      temml.renderToString(part.tex, { displayMode: part.display, throwOnError: true });
      return true;
    } catch {
      return false;
    }
  });
}
