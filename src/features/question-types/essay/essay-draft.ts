/**
 * An essay's text as typed, kept in the page's own storage at each keystroke: written at once, it
 * survives a reload or a closed tab that comes before the answer reaches the device's answer store
 * (typing is sent there once it pauses). Removed once the store holds the same text.
 */
const keyOf = (attempt: string, question: string) => `zalik:essay:${attempt}:${question}`;

export function readEssayDraft(attempt: string | null, question: string): string | null {
  if (attempt === null) return null;
  try {
    return localStorage.getItem(keyOf(attempt, question));
  } catch {
    return null;
  }
}

export function writeEssayDraft(attempt: string | null, question: string, text: string): void {
  if (attempt === null) return;
  try {
    localStorage.setItem(keyOf(attempt, question), text);
  } catch {
    // Storage full or refused: the answer store still gets the text once typing pauses.
  }
}

export function dropEssayDraft(attempt: string | null, question: string): void {
  if (attempt === null) return;
  try {
    localStorage.removeItem(keyOf(attempt, question));
  } catch {
    // Nothing kept, nothing to remove.
  }
}
