/** Each question type's part of the test editor, one line per type (the editor lists types in the registry's order). */
import type { QuestionType } from '../../../contract/question-types/registry.ts';
import { essayEditing } from './essay/editing.tsx';
import { gapsEditing } from './gaps/editing.tsx';
import { matchingEditing } from './matching/editing.tsx';
import { multipleEditing } from './multiple/editing.tsx';
import { numberEditing } from './number/editing.tsx';
import { orderingEditing } from './ordering/editing.tsx';
import type { EditingPart } from './parts.ts';
import { singleEditing } from './single/editing.tsx';
import { textEditing } from './text/editing.tsx';

export const EDITING_PARTS: Record<QuestionType, EditingPart> = {
  single: singleEditing,
  multiple: multipleEditing,
  text: textEditing,
  number: numberEditing,
  matching: matchingEditing,
  ordering: orderingEditing,
  gaps: gapsEditing,
  essay: essayEditing,
};
