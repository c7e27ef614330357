/** A passage as text and gaps in its order: `[[id]]` markers (contract/question-types/gaps.ts) split out. */
export type PassagePart = { key: string } & ({ text: string } | { gap: string; number: number });

/** Each part keyed by where it stands: a gap by its id, a text by the gap it follows. */
export function passageParts(passage: string): PassagePart[] {
  const parts: PassagePart[] = [];
  let number = 0;
  let after = 'start';
  passage.split(/\[\[([a-z0-9][a-z0-9_-]*)\]\]/).forEach((piece, at) => {
    if (at % 2 === 1) {
      parts.push({ key: `gap-${piece}-${number}`, gap: piece, number: ++number });
      after = piece;
    } else if (piece) parts.push({ key: `text-after-${after}-${number}`, text: piece });
  });
  return parts;
}
