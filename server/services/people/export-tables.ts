/**
 * Every table that holds a person's or an attempt's data, and where the data export puts it; the
 * few kept out of it, each with why. docs/privacy.md names them all; personal-data.test.ts lists
 * the database's own tables and fails on one with a person's or an attempt's column in neither
 * list, so a table added later is either exported or said here why not.
 */
import type { Database } from '../../db/schema.ts';

/** Each table, and the part of the export (contract/personal-data.ts) that holds its rows. */
export const EXPORTED_TABLES = {
  users: 'account',
  auth_tokens: 'sign_ins',
  lti_identities: 'learning_platforms',
  online_sessions: 'attempts',
  answers: 'attempts[].answers',
  hand_marks: 'attempts[].marks',
  session_signals: 'attempts[].signals',
  assignment_messages: 'attempts[].messages',
  message_reads: 'attempts[].messages[].shown_at',
  assignment_changes: 'attempts[].changes',
  receipts: 'attempts[].receipt',
  assignment_lobby: 'lobby_places',
  accommodations: 'accommodations',
  tutor_tests: 'tests',
  assignments: 'assignments',
  images: 'images',
} as const satisfies Partial<Record<keyof Database, string>>;

/** The tables with a person's or an attempt's column that the export leaves out, and why. */
export const NOT_EXPORTED = {
  email_tokens: 'hashes of e-mail confirmation links: secrets, kept only until used or expired',
  lti_handoffs: 'hashes of one-time codes that finish a learning platform’s launch: secrets, kept minutes',
  lti_registration_links: 'hashes of the links an administrator makes to register a platform: secrets',
  lti_deep_links: 'a tutor’s choice of a test for a platform’s course, kept until chosen or expired',
  lti_platforms: 'the platforms an administrator registered: the server’s settings, naming who added one',
  lti_scores:
    'an attempt’s score on its way to a platform’s gradebook: the score is in `attempts`, the platform’s user in `learning_platforms`',
  lessons: 'a tutor’s tests as published: in `tests`, from which they are made',
} as const satisfies Partial<Record<keyof Database, string>>;
