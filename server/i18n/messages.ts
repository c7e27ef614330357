/**
 * Messages the API writes for people, in the language of the request: validation errors and the
 * answers to sign-in problems. English is the fallback.
 */
import type { Locale } from '../../contract/index.ts';
import type { TextProblem } from '../../contract/text.ts';
import { accommodationsMessages } from './messages/accommodations.ts';
import { accountsMessages } from './messages/accounts.ts';
import { assignmentsMessages } from './messages/assignments.ts';
import { examRoomMessages } from './messages/exam-room.ts';
import { externalSignInMessages } from './messages/external-sign-in.ts';
import { imagesMessages } from './messages/images.ts';
import { lessonFilesMessages } from './messages/lesson-files.ts';
import { ltiMessages } from './messages/lti.ts';
import { operationsMessages } from './messages/operations.ts';
import { privacyMessages } from './messages/privacy.ts';
import { questionBankNotesMessages } from './messages/question-bank-notes.ts';
import { questionBanksMessages } from './messages/question-banks.ts';
import { requestsMessages } from './messages/requests.ts';
import { sessionsMessages } from './messages/sessions.ts';
import { signalsMessages } from './messages/signals.ts';
import { statisticsMessages } from './messages/statistics.ts';
import { tutorTestsMessages } from './messages/tutor-tests.ts';

const MESSAGES = {
  ...accountsMessages,
  ...assignmentsMessages,
  ...examRoomMessages,
  ...externalSignInMessages,
  ...imagesMessages,
  ...lessonFilesMessages,
  ...ltiMessages,
  ...operationsMessages,
  ...privacyMessages,
  ...questionBanksMessages,
  ...questionBankNotesMessages,
  ...requestsMessages,
  ...sessionsMessages,
  ...signalsMessages,
  ...statisticsMessages,
  ...accommodationsMessages,
  ...tutorTestsMessages,
};

export type MessageKey = keyof typeof MESSAGES;

/** Every message, for the test that holds each to all four languages. */
export const ALL_MESSAGES: Readonly<Record<string, Partial<Record<Locale, string>>>> = MESSAGES;

/** A message to be said later, in the language of whoever receives it. */
export interface Phrase {
  key: MessageKey;
  values?: Record<string, string | number>;
}

export function phrase(key: MessageKey, values?: Record<string, string | number>): Phrase {
  return values ? { key, values } : { key };
}

/** Fixed text as it is, a phrase in `locale`. */
export function say(said: string | Phrase, locale: Locale): string {
  return typeof said === 'string' ? said : message(said.key, locale, said.values);
}

export function message(key: MessageKey, locale: Locale, values: Record<string, string | number> = {}): string {
  const template: string = MESSAGES[key][locale] ?? MESSAGES[key].en;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}

const TEXT_PROBLEM_KEYS: Record<TextProblem, MessageKey> = {
  broken: 'textBroken',
  control: 'textControl',
  'line-break': 'textLineBreak',
};

/** What the text rule (contract/text.ts) found, for people, in their language. */
export function textProblemMessage(problem: TextProblem, locale: Locale): string {
  return message(TEXT_PROBLEM_KEYS[problem], locale);
}
