/**
 * What a question type is in the app: the input its taker answers with, and the part of the editor
 * where a tutor writes its key. Each type keeps its parts in its own folder here, listed once in
 * taking.ts and editing.ts (apart, so that taking a test never loads the editor).
 */
import type { MessageDescriptor } from '@lingui/core';
import type { ComponentType } from 'react';
import type { AnswerValue, QuestionResult, TakerQuestion } from '../../../contract/index.ts';
import type { DraftQuestion } from '../../../contract/tutor-tests.ts';
import type { Locale } from '../../i18n/locales.ts';

/** A taker's answer input: the question as sealed for them, their value, and how to send a new one. */
export interface AnswerInputProps {
  question: TakerQuestion;
  value: AnswerValue | undefined;
  onAnswer: (value: AnswerValue) => void;
}

/** What editing a question's answers needs: the question, where it is, and how to change and announce. */
export interface AnswersProps {
  question: DraftQuestion;
  /** The question's path in the draft: `blocks.0.questions.2`. */
  path: string;
  /** "Question 3", for the labels of its controls. */
  name: string;
  languages: Locale[];
  onChange: (question: DraftQuestion) => void;
  announce: (text: string) => void;
}

/** The fields of a draft question beyond those every type has. */
export type DraftTypeFields = Omit<DraftQuestion, 'id' | 'type' | 'points' | 'text' | 'explanation' | 'image'>;

export interface EditingPart {
  /** The type's name in the editor's list of types. */
  label: MessageDescriptor;
  /** What a new question of this type starts with (a switched one keeps what it had). */
  fresh(): DraftTypeFields;
  /** Where its answers and key are written. */
  Answers: ComponentType<AnswersProps>;
}

/** An answer in a review: the value (the taker's or the right one) and the question's shown parts. */
export interface ReviewProps {
  value: AnswerValue;
  question: Pick<QuestionResult, 'options' | 'prompts' | 'gaps'>;
}
