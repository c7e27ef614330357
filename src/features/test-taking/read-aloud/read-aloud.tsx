import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { pickVoice } from './pick-voice.ts';

/** Read-aloud where it is offered: the test's language, the device's voice for it (none: said so), what is read now. */
export interface ReadAloud {
  /** The test's language tag (uk-UA), given to each utterance. */
  tag: string;
  voice: SpeechSynthesisVoice | null;
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

export function ReadAloudProvider({ offered, tag, children }: { offered: boolean; tag: string; children: ReactNode }) {
  const voice = useVoice(tag);
  const [speaking, setSpeaking] = useState<string | null>(null);
  // Nothing goes on reading after the test leaves the screen.
  useEffect(() => () => synthesis()?.cancel(), []);
  const value = useMemo<ReadAloud>(
    () => ({
      tag,
      voice,
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
    [tag, voice, speaking],
  );
  return <ReadAloudContext.Provider value={offered ? value : null}>{children}</ReadAloudContext.Provider>;
}
