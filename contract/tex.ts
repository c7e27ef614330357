/**
 * Formulas in tests' texts: TeX between `\( … \)` (in the line) or `\[ … \]` (on a line of its own).
 * The rest of a text is plain text. Shared by the server (a formula that does not parse keeps a
 * test from being published) and the app (which renders each formula as MathML).
 */
export type TextPart = { kind: 'text'; text: string } | { kind: 'tex'; tex: string; display: boolean };

const FORMULA = /\\\(([\s\S]*?)\\\)|\\\[([\s\S]*?)\\\]/g;

/** True when the text holds a formula: the renderer is loaded only for such texts. */
export function hasTex(text: string): boolean {
  return text.includes('\\(') || text.includes('\\[');
}

/** The text cut into plain parts and formulas; an opening with no closing stays plain text. */
export function splitTex(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(FORMULA)) {
    const at = match.index ?? 0;
    if (at > last) parts.push({ kind: 'text', text: text.slice(last, at) });
    const inline = match[1];
    parts.push(
      inline !== undefined
        ? { kind: 'tex', tex: inline, display: false }
        : { kind: 'tex', tex: match[2] ?? '', display: true },
    );
    last = at + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
