/**
 * What read-aloud says of a question, built from the question as its taker has it (never from the
 * page, which holds inputs and marks): its number and text, a picture's description, a passage
 * with each gap said as a gap (and a choice gap's options), a matching's prompts, and the options.
 * Formulas are said as their TeX without the delimiters: voices have no reading of MathML.
 */
import type { TakerQuestion } from '../../../../contract/index.ts';

/** The words around the question's own text, in the interface's language. */
export interface SpokenWords {
  question: (number: number) => string;
  picture: (alt: string) => string;
  gap: (number: number) => string;
  prompts: string;
  options: string;
}

const TEX = /\\\(([\s\S]*?)\\\)|\\\[([\s\S]*?)\\\]/g;
const GAP = /\[\[([a-z0-9][a-z0-9_-]*)\]\]/g;

/** A text as a voice reads it: formulas without their delimiters, whitespace as single spaces. */
export function speakable(text: string): string {
  return text
    .replace(TEX, (_whole, inline: string | undefined, display: string | undefined) => ` ${inline ?? display ?? ''} `)
    .replace(/\s+/g, ' ')
    .replace(/ ([.,!?;:])/g, '$1')
    .trim();
}

const sentence = (text: string) => (/[.!?…:;]$/.test(text) ? text : `${text}.`);

export function spokenText(question: TakerQuestion, number: number, words: SpokenWords): string {
  const parts = [words.question(number), sentence(speakable(question.text))];
  if (question.image?.alt) parts.push(sentence(words.picture(question.image.alt)));
  if (question.passage) {
    const gaps = new Map((question.gaps ?? []).map((gap) => [gap.id, gap]));
    let count = 0;
    const passage = question.passage.replace(GAP, (_whole, id: string) => {
      count += 1;
      const options = gaps.get(id)?.options?.map((o) => speakable(o.text));
      return ` ${words.gap(count)}${options?.length ? ` (${options.join('; ')})` : ''} `;
    });
    parts.push(sentence(speakable(passage)));
  }
  if (question.prompts?.length) {
    parts.push(words.prompts, ...question.prompts.map((p, i) => sentence(`${i + 1}. ${speakable(p.text)}`)));
  }
  if (question.options?.length) {
    parts.push(words.options, ...question.options.map((o, i) => sentence(`${i + 1}. ${speakable(o.text)}`)));
  }
  return parts.join(' ');
}
