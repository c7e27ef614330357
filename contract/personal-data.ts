/**
 * People's data (docs/privacy.md): everything Zalik holds about an account, as its owner downloads
 * it, and the account's deletion. Secrets are never part of it: no password hash, no token, only
 * that they exist and when they were used.
 */
import { Uuid } from './online.ts';
import { SignedReceipt } from './receipts.ts';
import {
  array,
  boolean,
  enums,
  type Infer,
  integer,
  literal,
  nullable,
  number,
  object,
  size,
  string,
  type,
  unknown,
} from './structs.ts';

export const ExportedAnswer = type({
  question_id: string(),
  /** The value as sent by the device (contract/answer-value.ts). */
  value: unknown(),
  answered_at: number(),
  received_at: number(),
  late_ms: nullable(number()),
});

export const ExportedAttempt = type({
  uuid: Uuid,
  lesson: string(),
  assignment_code: nullable(string()),
  name: nullable(string()),
  status: enums(['running', 'finished']),
  started_at: number(),
  deadline: number(),
  finished_at: nullable(number()),
  finish_reason: nullable(string()),
  score: nullable(number()),
  max_score: number(),
  accommodation: nullable(unknown()),
  answers: array(ExportedAnswer),
  marks: array(type({ question_id: string(), points: number(), comment: nullable(string()), marked_at: number() })),
  signals: array(
    type({
      kind: string(),
      at: number(),
      duration_ms: nullable(number()),
      length: nullable(number()),
      question_id: nullable(string()),
    }),
  ),
  /** The exam room's messages written to this attempt (alone or to everyone), and when its device showed each. */
  messages: array(type({ text: string(), at: number(), to_all: boolean(), shown_at: nullable(number()) })),
  /** What its tutor changed of it after the start (extra time, an accommodation, a mark), as logged. */
  changes: array(type({ kind: string(), at: number(), detail: unknown() })),
  /** Its signed receipt (docs/receipts.md); null while it runs. */
  receipt: nullable(SignedReceipt),
});

export const PersonalDataExport = type({
  exported_at: number(),
  account: type({
    id: string(),
    email: string(),
    firstname: string(),
    lastname: string(),
    role: enums(['student', 'tutor']),
    locale: string(),
    timezone: string(),
    created_at: number(),
    email_verified_at: nullable(number()),
    has_password: boolean(),
    google_linked: boolean(),
  }),
  /** Sign-ins: each device's token family, when it began and was last used (never the tokens). */
  sign_ins: array(type({ started_at: number(), last_used_at: number(), active: boolean() })),
  learning_platforms: array(type({ issuer: string(), subject: string(), linked_at: number() })),
  attempts: array(ExportedAttempt),
  /** Places in assignments' lobbies, signed in: the name shown to the tutor there and when. */
  lobby_places: array(type({ assignment_code: string(), name: string(), arrived_at: number() })),
  /** Standing accommodations tutors keep for this account or its address. */
  accommodations: array(type({ tutor: string(), detail: unknown(), updated_at: number() })),
  /** A tutor's own: their tests and assignments (the attempts in them are their takers' data). */
  tests: array(type({ id: string(), title: unknown(), status: string(), created_at: number(), updated_at: number() })),
  assignments: array(type({ id: string(), code: string(), created_at: number(), closed_at: nullable(number()) })),
  images: array(type({ id: string(), type: string(), bytes: integer(), created_at: number() })),
});
export type PersonalDataExport = Infer<typeof PersonalDataExport>;

/** The account's address typed again: a deletion cannot be undone. */
export const DeleteAccountRequest = object({ email: size(string(), 1, 320) });
export type DeleteAccountRequest = Infer<typeof DeleteAccountRequest>;

export const DeletedAccount = type({
  ok: literal(true),
  /** What happened to its attempts, as the operator set (DELETED_ACCOUNT_ATTEMPTS). */
  attempts: enums(['anonymised', 'removed']),
  count: integer(),
});
export type DeletedAccount = Infer<typeof DeletedAccount>;
