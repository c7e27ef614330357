import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { LOCALE_TAGS, type Locale } from '../../../i18n/locales.ts';
import { pickVoice } from './pick-voice.ts';
import type { SpokenWords } from './spoken-text.ts';
import { useSpokenWords } from './spoken-words.ts';

/**
 * Read-aloud where it is offered: the language the test is shown in, the device's voice for it
 * (none: said so), the words said around each question in that language, what is read now.
 */
export interface ReadAloud {
  /** The test's language tag (pl-PL), given to each utterance. */
  tag: string;
  voice: SpeechSynthesisVoice | null;
  /** In the test's language, whatever the interface's; null while its catalog loads. */
  words: SpokenWords | null;
  /** The question being read now, if any. */
  speaking: string | null;
  speak: (questionId: string, text: string) => void;
  stop: () => void;
}

const ReadAloudContext = createContext<ReadAloud | null>(null);

/** Read-aloud for the questions below, or null where it is not offered (the assignment turned it off). */
export const useReadAloud = () => useContext(ReadAloudContext);

const synthesis = () => (typeof speechSynthesis === 'undefined' ? null : speechSynthesis);

/** The device's voice for `tag`, again whenever its voices load or the connection changes. */
function useVoice(tag: string): SpeechSynthesisVoice | null {
  const [voice, setVoice] = useState<SpeechSynthesisVoice | null>(null);
  useEffect(() => {
    const speech = synthesis();
    if (!speech) return;
    const choose = () => setVoice(pickVoice(speech.getVoices(), tag, navigator.onLine));
    choose();
    speech.addEventListener('voiceschanged', choose);
    window.addEventListener('online', choose);
    window.addEventListener('offline', choose);
    return () => {
      speech.removeEventListener('voiceschanged', choose);
      window.removeEventListener('online', choose);
      window.removeEventListener('offline', choose);
    };
  }, [tag]);
  return voice;
}

export function ReadAloudProvider({
  offered,
  language,
  children,
}: {
  offered: boolean;
  /** The language the questions are shown in (the test's, not necessarily the interface's). */
  language: Locale;
  children: ReactNode;
}) {
  const tag = LOCALE_TAGS[language];
  const voice = useVoice(tag);
  const words = useSpokenWords(language);
  const [speaking, setSpeaking] = useState<string | null>(null);
  // Nothing goes on reading after the test leaves the screen.
  useEffect(() => () => synthesis()?.cancel(), []);
  const value = useMemo<ReadAloud>(
    () => ({
      tag,
      voice,
      words,
      speaking,
      speak(questionId, text) {
        const speech = synthesis();
        if (!speech || !voice) return;
        speech.cancel();
        const utterance = new SpeechSynthesisUtterance(text);
        utterance.lang = tag;
        utterance.voice = voice;
        const done = () => setSpeaking((now) => (now === questionId ? null : now));
        utterance.addEventListener('end', done);
        utterance.addEventListener('error', done);
        setSpeaking(questionId);
        speech.speak(utterance);
      },
      stop() {
        synthesis()?.cancel();
        setSpeaking(null);
      },
    }),
    [tag, voice, words, speaking],
  );
  return <ReadAloudContext.Provider value={offered ? value : null}>{children}</ReadAloudContext.Provider>;
}
