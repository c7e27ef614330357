import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale, TakerQuestion } from '../../../../contract/index.ts';
import { renderWithI18n } from '../../../test/render.tsx';
import { ReadAloudButton } from './ReadAloudButton.tsx';
import { ReadAloudProvider } from './read-aloud.tsx';

const question: TakerQuestion = {
  id: 'q1',
  type: 'single',
  text: 'Which river flows through Kyiv?',
  points: 1,
  options: [{ id: 'a', text: 'Dnipro' }],
};

/** The device's voices, and what it was asked to say. */
function stubSpeech(langs: string[]) {
  const speak = vi.fn<(utterance: { text: string; lang: string }) => void>();
  const synth = Object.assign(new EventTarget(), {
    getVoices: () => langs.map((lang) => ({ lang, localService: true, name: lang })),
    speak,
    cancel: vi.fn(),
  });
  vi.stubGlobal('speechSynthesis', synth);
  vi.stubGlobal(
    'SpeechSynthesisUtterance',
    class extends EventTarget {
      lang = '';
      voice = null;
      constructor(public text: string) {
        super();
      }
    },
  );
  return speak;
}

const render = (offered: boolean, language: Locale = 'en') =>
  renderWithI18n(
    <ReadAloudProvider offered={offered} language={language}>
      <ReadAloudButton question={question} number={2} />
    </ReadAloudProvider>,
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('read-aloud', () => {
  it('reads the question with the test’s language tag, and stops when pressed again', () => {
    const speak = stubSpeech(['uk-UA', 'en-US']);
    render(true);
    fireEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
    expect(speak).toHaveBeenCalledTimes(1);
    const [utterance] = speak.mock.calls[0] ?? [];
    expect(utterance?.lang).toBe('en-US');
    expect(utterance?.text).toBe('Question 2. Which river flows through Kyiv? Options: 1. Dnipro.');
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Stop reading' })));
    expect(screen.getByRole('button', { name: 'Read aloud' })).toBeTruthy();
  });

  it('speaks a test written in Polish in Polish in an English interface: its voice and the words around it', async () => {
    const speak = stubSpeech(['en-US', 'pl-PL']);
    render(true, 'pl');
    // The button is the interface's; what it says is the test's.
    const button = screen.getByRole('button', { name: 'Read aloud' });
    // Pressed until the Polish catalog is there (a chunk of its own, compiled on first use here).
    await waitFor(
      () => {
        fireEvent.click(button);
        expect(speak).toHaveBeenCalledTimes(1);
      },
      { timeout: 15_000 },
    );
    const [utterance] = speak.mock.calls[0] ?? [];
    expect(utterance?.lang).toBe('pl-PL');
    expect(utterance?.text).toBe('Pytanie 2. Which river flows through Kyiv? Opcje: 1. Dnipro.');
  });

  it('says so where the device has no voice for the language, and reads nothing', () => {
    const speak = stubSpeech(['uk-UA']);
    render(true);
    const button = screen.getByRole('button', { name: 'This device has no voice for the test’s language' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(speak).not.toHaveBeenCalled();
  });

  it('is not offered where the assignment turned it off', () => {
    stubSpeech(['en-US']);
    render(false);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
