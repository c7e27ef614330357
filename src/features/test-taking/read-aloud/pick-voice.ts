/**
 * The device's voice for a language: one of its own (which reads without a network) first, the
 * exact tag (uk-UA) before another country's, a network voice only while online; none rather than
 * one of another language, which would read Ukrainian with English sounds.
 */
export interface VoiceLike {
  lang: string;
  localService: boolean;
}

const languageOf = (tag: string) => tag.replace('_', '-').split('-')[0]?.toLowerCase() ?? '';

export function pickVoice<V extends VoiceLike>(voices: readonly V[], tag: string, online: boolean): V | null {
  const language = languageOf(tag);
  const speaking = voices.filter((voice) => languageOf(voice.lang) === language);
  const best = (list: V[]) =>
    list.find((voice) => voice.lang.replace('_', '-').toLowerCase() === tag.toLowerCase()) ?? list[0];
  return best(speaking.filter((voice) => voice.localService)) ?? (online ? best(speaking) : undefined) ?? null;
}
