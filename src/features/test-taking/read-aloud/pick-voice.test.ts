import { describe, expect, it } from 'vitest';
import { pickVoice } from './pick-voice.ts';

const voice = (lang: string, localService: boolean) => ({
  lang,
  localService,
  name: `${lang}${localService ? '' : ' (network)'}`,
});

describe('the voice read-aloud uses', () => {
  it('is the device’s own for the language, the exact tag first; a network one only while online', () => {
    const voices = [voice('en-US', true), voice('uk-UA', false), voice('pl-PL', true), voice('pl_PL', true)];
    expect(pickVoice(voices, 'pl-PL', false)?.name).toBe('pl-PL');
    expect(pickVoice(voices, 'uk-UA', true)?.name).toBe('uk-UA (network)');
    expect(pickVoice(voices, 'uk-UA', false)).toBeNull();
    expect(pickVoice([voice('ru', true), voice('ru-RU', true)], 'ru-RU', true)?.name).toBe('ru-RU');
  });

  it('is none rather than another language’s', () => {
    expect(pickVoice([voice('en-US', true), voice('en-GB', false)], 'uk-UA', true)).toBeNull();
    expect(pickVoice([], 'en-US', true)).toBeNull();
  });
});
