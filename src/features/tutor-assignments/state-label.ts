import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AssignmentState } from '../../../contract/assignments.ts';

const LABELS = {
  scheduled: msg`Not open yet`,
  lobby: msg`Waiting for your signal`,
  open: msg`Open now`,
  closed: msg`Closed`,
} as const;

export const stateLabel = (i18n: I18n, state: AssignmentState) => i18n._(LABELS[state]);
