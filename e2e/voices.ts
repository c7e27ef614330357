/** The device's voices in the Chromium journeys: speechSynthesis stubbed, recording what it is asked to say. */
import type { Page } from './fixtures.ts';

export interface Spoken {
  text: string;
  lang: string;
  voice: string | null;
}

/** speechSynthesis with voices of these languages (before any page script), recording each utterance. */
export async function stubVoices(page: Page, langs: string[]) {
  await page.addInitScript((voiceLangs: string[]) => {
    const spoken: { text: string; lang: string; voice: string | null }[] = [];
    (window as unknown as { spoken: typeof spoken }).spoken = spoken;
    const voices = voiceLangs.map((lang) => ({
      name: `Test ${lang}`,
      lang,
      localService: true,
      default: false,
      voiceURI: lang,
    }));
    const synth = Object.assign(new EventTarget(), {
      getVoices: () => voices,
      speak: (utterance: SpeechSynthesisUtterance) => {
        spoken.push({ text: utterance.text, lang: utterance.lang, voice: utterance.voice?.name ?? null });
      },
      cancel: () => undefined,
      pause: () => undefined,
      resume: () => undefined,
    });
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
    // Chromium's own utterance refuses a voice that is not one of its own: a plain one takes the stub's.
    class Utterance extends EventTarget {
      lang = '';
      voice: unknown = null;
      constructor(public text: string) {
        super();
      }
    }
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true });
  }, langs);
}

/** What the page has asked the stubbed voices to say, in order. */
export const spoken = (page: Page) => page.evaluate(() => (window as unknown as { spoken: Spoken[] }).spoken);
