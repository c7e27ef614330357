import type { AccommodationTables } from './schema-accommodations.ts';
import type { LtiTables } from './schema-lti.ts';
import type { ReceiptTables } from './schema-receipts.ts';

/**
 * Table types for Kysely. Portable across SQLite and PostgreSQL: text ids for sessions and answers,
 * integer epoch-ms times, JSON kept as text.
 */
export interface SubjectsTable {
  id: number;
  slug: string;
  audience: 'student' | 'tutor';
  position: number;
  /** JSON: { title, description, seo? } each localized. */
  texts: string;
  updated_at: number;
}

export interface SpecializationsTable {
  id: number;
  subject_id: number;
  slug: string;
  position: number;
  texts: string;
  updated_at: number;
}

export interface LessonsTable {
  id: number;
  slug: string;
  /** Null for a tutor's test published without a place in the catalog. */
  specialization_id: number | null;
  audience: 'student' | 'tutor';
  duration_seconds: number;
  published: number;
  position: number;
  current_version_id: number;
  question_count: number;
  max_score: number;
  /** JSON: { title, description } localized. */
  texts: string;
  updated_at: number;
  /** The tutor whose test this is; null for the catalog's lessons, the only ones listed publicly. */
  owner_id: string | null;
}

/** Immutable snapshots of a lesson's blocks and questions; a session keeps the version it started on. */
export interface LessonVersionsTable {
  id: number;
  lesson_id: number;
  /** sha256 of the content, so an unchanged re-import makes no new version. */
  hash: string;
  /** '' once pruned: a version nobody uses gives its storage back (storage-sweep.ts); its id is never reused. */
  content: string;
  /** When written, or last written again or reused by a preview (the sweep leaves it alone a while after). */
  created_at: number;
  /** AES-256-GCM key of the version's sealed payload (base64url); null until first asked for. */
  payload_key: string | null;
}

export interface SiteTable {
  key: string;
  value: string;
}

export interface OnlineSessionsTable {
  uuid: string;
  lesson_id: number;
  lesson_version_id: number;
  token_hash: string;
  role: 'student' | 'tutor';
  locale: string;
  status: 'running' | 'finished';
  started_at: number;
  deadline: number;
  finished_at: number | null;
  finish_reason: 'manual' | 'timeout' | 'expired' | null;
  score: number | null;
  max_score: number;
  /** The account the session belongs to: set at start when signed in, or by linking later. */
  user_id: string | null;
  /** 1 for a tutor's preview of their own test: it counts nowhere. */
  preview: number;
  /** The assignment it was started from; null for the catalog and previews. */
  assignment_id: string | null;
  /** The taker's name as the tutor sees it (typed, or the account's). */
  display_name: string | null;
  /** 1: this attempt's questions within each block, or its options, in an order of its own. */
  shuffle_questions: number;
  shuffle_options: number;
  /** The device's last heartbeat, and how many answers it held unsent then (null before the first). */
  last_contact_at: number | null;
  unsent_answers: number | null;
  /** When anything the tutor's monitor shows of it was last written; null before 0014. */
  changed_at: number | null;
  /** An assigned session's distinct questions answered and its latest answer's arrival; null outside assignments. */
  answered_questions: number | null;
  last_answer_at: number | null;
  /** JSON: the ids of the questions the attempt drew from its lesson's pools; null without pools. */
  drawn: string | null;
  /** 1: the attempt's integrity signals are kept (its assignment asked for them). */
  collect_signals: number;
  /** How many signals it keeps (session_signals). */
  signal_count: number;
  /** A finished attempt's written answers still waiting for the tutor's mark (0: its score is final). */
  awaiting_marks: number;
  /** JSON: the standing accommodation the attempt runs under; null for none. */
  accommodation: string | null;
  /** When its time counts from, and its time limit before any accommodation (ms); null before 0026. */
  counts_from: number | null;
  base_ms: number | null;
  /** 0: read-aloud is not offered to its taker. */
  read_aloud: number;
}

/** A tutor's mark of one hand-marked answer (an essay), changed in place; changes are logged. */
export interface HandMarksTable {
  session_uuid: string;
  question_id: string;
  points: number;
  comment: string | null;
  marked_by: string;
  marked_at: number;
}

/** What the taking view noticed of how a test was taken; never content, only kinds, times and sizes. */
export interface SessionSignalsTable {
  session_uuid: string;
  /** The client-made id: a repeat from the outbox is harmless. */
  id: string;
  kind: 'hidden' | 'blur' | 'paste' | 'offline' | 'clock';
  /** When it began, on the server's clock as the device knows it (as answers' times are). */
  at: number;
  /** hidden, blur, offline: how long; clock: how far the device's clock is from the server's. */
  duration_ms: number | null;
  /** paste: how many characters (never what they were). */
  length: number | null;
  /** paste: into which question's answer. */
  question_id: string | null;
  received_at: number;
}

export interface UsersTable {
  id: string;
  email: string;
  email_key: string;
  firstname: string;
  lastname: string;
  role: 'student' | 'tutor';
  locale: string;
  timezone: string;
  /** scrypt$N$r$p$salt$hash; null for accounts made through the external provider. */
  password_hash: string | null;
  email_verified_at: number | null;
  google_subject: string | null;
  created_at: number;
}

export interface AuthTokensTable {
  token_hash: string;
  user_id: string;
  kind: 'access' | 'refresh';
  family: string;
  expires_at: number;
  used_at: number | null;
  revoked_at: number | null;
  created_at: number;
}

export interface EmailTokensTable {
  token_hash: string;
  user_id: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface OidcFlowsTable {
  state: string;
  code_verifier: string;
  nonce: string;
  role: 'student' | 'tutor';
  locale: string;
  expires_at: number;
  /** SHA-256 of the secret in the starting browser's cookie; null for flows older than the binding. */
  browser_hash: string | null;
}

export interface AnswersTable {
  session_uuid: string;
  /** The client-made answer_id: a repeat of the same id in the same session is harmless. */
  id: string;
  question_id: string;
  /** JSON of the value as sent. */
  value: string;
  answered_at: number;
  received_at: number;
  /** Answers made before the deadline that arrived after it (an offline device): how late, in ms. */
  late_ms: number | null;
}

/** A tutor's own test: its draft (JSON of contract/tutor-tests.ts TestDraft) and what was published. */
export interface TutorTestsTable {
  id: string;
  owner_id: string;
  status: 'draft' | 'published' | 'archived';
  draft: string;
  revision: number;
  published_versions: number;
  published_hash: string | null;
  lesson_id: number | null;
  created_at: number;
  updated_at: number;
}

export interface ImagesTable {
  /** The SHA-256 of the bytes, lowercase hex. */
  id: string;
  type: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/avif';
  bytes: number;
  uploaded_by: string | null;
  created_at: number;
  /** When the storage sweep first found nothing referring to it; null while something does. */
  unused_since: number | null;
}

/** A piece of an image's bytes, when images are kept in the database (migration 0021). */
export interface ImageChunksTable {
  image_id: string;
  seq: number;
  data: Buffer;
  written_at: number;
}

export interface AssignmentsTable {
  id: string;
  /** Eight board-safe characters (contract/assignments.ts). */
  code: string;
  owner_id: string;
  lesson_id: number;
  test_id: string | null;
  /** JSON: AssignmentRules. */
  rules: string;
  opens_at: number | null;
  closes_at: number | null;
  started_at: number | null;
  closed_at: number | null;
  created_at: number;
  /** When the tutor paused everyone (migration 0028); null while not paused. */
  paused_at: number | null;
}

/** A device waiting in an assignment's lobby for the start signal. */
export interface AssignmentLobbyTable {
  assignment_id: string;
  /** The device's own id for its place in the lobby. */
  waiter: string;
  name: string;
  user_id: string | null;
  arrived_at: number;
  seen_at: number;
}

/** What a tutor changed after takers started: extra time, a re-scoring, a hand mark. */
export interface AssignmentChangesTable {
  id: string;
  assignment_id: string;
  kind: 'extra_time' | 'rescore' | 'mark' | 'accommodation' | 'removal' | 'pause';
  session_uuid: string | null;
  /** JSON: the values before and after. */
  detail: string;
  by_user: string;
  at: number;
}

/** Every table; the LTI ones are in schema-lti.ts, the accommodations' and receipts' in their own files. */
export interface Database extends LtiTables, AccommodationTables, ReceiptTables {
  subjects: SubjectsTable;
  specializations: SpecializationsTable;
  lessons: LessonsTable;
  lesson_versions: LessonVersionsTable;
  site: SiteTable;
  online_sessions: OnlineSessionsTable;
  assignment_lobby: AssignmentLobbyTable;
  assignment_changes: AssignmentChangesTable;
  hand_marks: HandMarksTable;
  answers: AnswersTable;
  session_signals: SessionSignalsTable;
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  email_tokens: EmailTokensTable;
  oidc_flows: OidcFlowsTable;
  tutor_tests: TutorTestsTable;
  images: ImagesTable;
  image_chunks: ImageChunksTable;
  assignments: AssignmentsTable;
}
