import { describe, expect, it } from 'vitest';
import { isShellSource, partOfMessage } from './catalog-parts.ts';

describe('catalog parts', () => {
  it('puts the messages of the layout, landing and shared code in the shell part', () => {
    expect(isShellSource('src/app/Header.tsx')).toBe(true);
    expect(isShellSource('src/features/landing/AudiencePage.tsx')).toBe(true);
    expect(isShellSource('./src/shared/ui/Modal.tsx')).toBe(true);
    expect(isShellSource('src/features/catalog/SubjectCards.tsx')).toBe(true);
  });

  it('puts other pages in the pages part, and does not match a file by its prefix alone', () => {
    expect(isShellSource('src/features/test-taking/TakingView.tsx')).toBe(false);
    expect(isShellSource('src/features/catalog/LessonsPage.tsx')).toBe(false);
    expect(isShellSource('src/features/catalog/SubjectCards.tsx.bak')).toBe(false);
  });

  it('keeps the form kit, shared by pages past the first, out of the shell', () => {
    expect(isShellSource('src/shared/forms/number-field/number-problem-text.ts')).toBe(false);
    expect(isShellSource('src/shared/ui/Modal.tsx')).toBe(true);
  });

  it('gives a message used both in the shell and on a page to the shell', () => {
    expect(partOfMessage([['src/features/results/ResultsView.tsx', 3]])).toBe('pages');
    expect(
      partOfMessage([
        ['src/features/results/ResultsView.tsx', 3],
        ['src/app/Footer.tsx', 9],
      ]),
    ).toBe('shell');
    expect(partOfMessage([])).toBe('pages');
  });
});
